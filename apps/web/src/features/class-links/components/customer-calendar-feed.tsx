import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { QueryError } from '@/components/ui/query-error.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { useFormatDate } from '@/lib/format.ts';
import { calendarFeedQueryOptions, useRevokeCalendarFeed } from '../api/calendar-feed.ts';

type Props = { organizationId: string; customerId: string; canManage: boolean };

/** The customer's calendar feed on their portal card (decision 046): whether it is live, and "Revoke". */
export function CustomerCalendarFeed({ organizationId, customerId, canManage }: Props) {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  const status = useQuery(calendarFeedQueryOptions(organizationId, customerId));
  const revoke = useRevokeCalendarFeed(organizationId, customerId);
  return (
    <section className="flex flex-col gap-2" aria-labelledby="customer-calendar-feed">
      <h3 id="customer-calendar-feed" className="font-semibold">
        {t('classLink.calendarFeed.title')}
      </h3>
      {status.isPending && <Spinner />}
      {status.isError && <QueryError error={status.error} onRetry={status.refetch} />}
      {status.data && (
        <p className="text-sm" data-testid="customer-calendar-feed-status">
          {status.data.isActive && status.data.createdAt
            ? t('classLink.calendarFeed.active', { date: formatDate(status.data.createdAt) })
            : t('classLink.calendarFeed.none')}
        </p>
      )}
      {canManage && status.data?.isActive && (
        <button
          type="button"
          className="btn btn-ghost btn-sm self-start"
          disabled={revoke.isPending}
          onClick={() => revoke.mutate()}
        >
          {t('classLink.calendarFeed.revoke')}
        </button>
      )}
    </section>
  );
}
