import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryError } from '@/components/ui/query-error.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { whatsAppSentQueryOptions } from '../api/get-whatsapp-sent.ts';
import { EventMessagesList } from './event-messages-list.tsx';

/**
 * What the events sent by themselves through the studio's WhatsApp number (decision 052), each with Meta's
 * status; the list asks again while a message may still change.
 */
export function WhatsAppSentList({ organizationId }: { organizationId: string }) {
  const { t } = useTranslation();
  const headingId = useId();
  const sent = useQuery(whatsAppSentQueryOptions(organizationId));
  const count = sent.data?.items.length ?? 0;
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-2">
      <h2 id={headingId} className="text-2xl font-bold">
        {t('events.whatsApp.sentTitle')}
      </h2>
      <p className="text-sm text-base-content/70">{t('events.whatsApp.sentHint')}</p>
      {sent.isPending && <Spinner />}
      {sent.isError && <QueryError error={sent.error} onRetry={sent.refetch} />}
      {sent.isSuccess && count === 0 && <p className="text-sm">{t('events.whatsApp.sentEmpty')}</p>}
      {count > 0 && <EventMessagesList messages={sent.data?.items ?? []} show="customer" />}
    </section>
  );
}
