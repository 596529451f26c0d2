import type { ClassLinkCreated } from '@reformer/domain/class-links';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryError } from '@/components/ui/query-error.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { useFormatDate } from '@/lib/format.ts';
import { useCreateClassLink } from '../api/create-class-link.ts';
import { classLinkQueryOptions } from '../api/get-class-link.ts';
import { useRevokeClassLink } from '../api/revoke-class-link.ts';
import { CustomerCalendarFeed } from './customer-calendar-feed.tsx';
import { CustomerPortalSessions } from './customer-portal-sessions.tsx';

type Props = {
  organizationId: string;
  customerId: string;
  customerFirstName: string;
  timeZone: string;
  canManage: boolean;
};

/**
 * The customer's portal link (decisions 025, 039) on their details page: whether one is live, "Send portal
 * link" (a new link, e-mailed through the outbox, with its WhatsApp message to open), "Revoke link", and the
 * portal sessions the link opened.
 */
export function CustomerClassLinkCard({
  organizationId,
  customerId,
  customerFirstName,
  timeZone,
  canManage,
}: Props) {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  const status = useQuery(classLinkQueryOptions(organizationId, customerId));
  const create = useCreateClassLink(organizationId, customerId);
  const revoke = useRevokeClassLink(organizationId, customerId);
  const [made, setMade] = useState<ClassLinkCreated | null>(null);
  const isBusy = create.isPending || revoke.isPending;
  const send = () => create.mutate(undefined, { onSuccess: (created) => setMade(created) });
  const stop = () => revoke.mutate(undefined, { onSuccess: () => setMade(null) });
  return (
    <section className="card border border-base-300 bg-base-100" aria-labelledby="customer-class-link">
      <div className="card-body gap-3">
        <h2 id="customer-class-link" className="card-title text-lg">
          {t('classLink.title')}
        </h2>
        <p className="text-sm text-base-content/70">
          {t('classLink.description', { name: customerFirstName })}
        </p>
        {status.isPending && <Spinner />}
        {status.isError && <QueryError error={status.error} onRetry={status.refetch} />}
        {status.isSuccess && (
          <p data-testid="class-link-status">
            {status.data.isActive && status.data.createdAt
              ? t('classLink.active', { date: formatDate(status.data.createdAt) })
              : t('classLink.none')}
          </p>
        )}
        {made && <MadeLink made={made} />}
        {canManage && status.isSuccess && (
          <div className="flex flex-wrap gap-2">
            <button type="button" className="btn btn-primary btn-sm" disabled={isBusy} onClick={send}>
              {status.data.isActive ? t('classLink.sendNew') : t('classLink.send')}
            </button>
            {status.data.isActive && (
              <button type="button" className="btn btn-ghost btn-sm" disabled={isBusy} onClick={stop}>
                {t('classLink.revoke')}
              </button>
            )}
          </div>
        )}
        {canManage && status.data?.isActive && <p className="text-xs">{t('classLink.newLinkNote')}</p>}
        <CustomerCalendarFeed organizationId={organizationId} customerId={customerId} canManage={canManage} />
        <CustomerPortalSessions
          organizationId={organizationId}
          customerId={customerId}
          timeZone={timeZone}
          canManage={canManage}
        />
      </div>
    </section>
  );
}

/** The link just made: its address, and its WhatsApp message to open when the customer has a phone. */
export function MadeLink({ made }: { made: ClassLinkCreated }) {
  const { t } = useTranslation();
  const whatsApp = made.messages.find((message) => message.channel === 'WHATSAPP' && message.link);
  return (
    <div className="flex flex-col gap-2 rounded-box border border-base-300 p-3">
      <label className="text-sm text-base-content/70" htmlFor="class-link-url">
        {t('classLink.link')}
      </label>
      <input id="class-link-url" className="input input-sm w-full" readOnly value={made.url} />
      {whatsApp?.link && (
        <a
          className="btn btn-success btn-sm self-start"
          href={whatsApp.link}
          target="_blank"
          rel="noopener noreferrer"
        >
          {t('classLink.whatsApp')}
        </a>
      )}
    </div>
  );
}
