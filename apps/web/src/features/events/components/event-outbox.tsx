import type { EventMessage } from '@reformer/domain/events';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryError } from '@/components/ui/query-error.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { eventOutboxQueryOptions, type OutboxArea } from '../api/get-event-outbox.ts';
import { useMarkEventMessageSent } from '../api/mark-event-message-sent.ts';
import { openWhatsAppAfter } from '../whats-app-window.ts';
import { EventMessagesList } from './event-messages-list.tsx';

type EventOutboxProps = { organizationId: string; kind: OutboxArea; canManage: boolean };

/**
 * The area's outbox: e-mails kept while no SMTP server is configured, automatic WhatsApp messages to open.
 * A member who may send the kind opens a WhatsApp message from here, which records it as sent.
 */
export function EventOutbox({ organizationId, kind, canManage }: EventOutboxProps) {
  const { t } = useTranslation();
  const outbox = useQuery(eventOutboxQueryOptions(organizationId, kind));
  const markSent = useMarkEventMessageSent(organizationId);
  const whatsApp = {
    open: (message: EventMessage) => openWhatsAppAfter(() => markSent.mutateAsync(message.id)),
    isPending: markSent.isPending,
  };
  const headingId = useId();
  const count = outbox.data?.items.length ?? 0;
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-2">
      <h3 id={headingId} className="text-lg font-semibold">
        {t('events.outbox.title')}{' '}
        {count > 0 && <span className="badge badge-neutral badge-sm">{count}</span>}
      </h3>
      <p className="text-sm text-base-content/70">
        {kind === 'CLASS_NOTICES' ? t('events.classNotices.outboxHint') : t('events.outbox.hint')}
      </p>
      {outbox.isPending && <Spinner />}
      {outbox.isError && <QueryError error={outbox.error} onRetry={outbox.refetch} />}
      {outbox.isSuccess && count === 0 && <p className="text-sm">{t('events.outbox.empty')}</p>}
      {count > 0 && (
        <EventMessagesList
          messages={outbox.data?.items ?? []}
          show="customer"
          whatsApp={canManage ? whatsApp : undefined}
        />
      )}
    </section>
  );
}
