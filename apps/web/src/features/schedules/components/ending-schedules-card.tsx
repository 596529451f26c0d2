import { SCHEDULE_ENDING_NOTICE_DAYS } from '@reformer/domain/schedules';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { QueryError } from '@/components/ui/query-error.tsx';
import { usePermissions } from '@/lib/access-profile.ts';
import { useFormatLocalDate } from '@/lib/format.ts';
import { endingSchedulesQueryOptions } from '../api/get-ending-schedules.ts';
import { ScheduleEnrollmentsLink } from './schedule-enrollments-link.tsx';

/**
 * The dashboard's "Classes ending soon" (issue #26 §1): schedules ending within 30 days whose enrollments that
 * renew by themselves end with them, soonest first — time to offer those customers another class. Each links
 * to the schedule (for whoever manages it there) and to its enrollments.
 */
export function EndingSchedulesCard({ organizationId }: { organizationId: string }) {
  const { t } = useTranslation();
  const formatDate = useFormatLocalDate();
  const permissions = usePermissions(organizationId);
  const ending = useQuery(endingSchedulesQueryOptions(organizationId));
  const items = ending.data?.items ?? [];
  const days = SCHEDULE_ENDING_NOTICE_DAYS;
  return (
    <section
      aria-labelledby="ending-schedules"
      className={`card border bg-base-100 ${items.length > 0 ? 'border-warning' : 'border-base-300'}`}
    >
      <div className="card-body gap-2 p-4">
        <h2 id="ending-schedules" className="card-title text-base">
          {t('schedules.ending.title')}
        </h2>
        <p className="text-sm text-base-content/70">{t('schedules.ending.description', { days })}</p>
        {ending.isError && <QueryError error={ending.error} onRetry={ending.refetch} />}
        {ending.isSuccess && items.length === 0 && (
          <p className="text-sm text-base-content/70">{t('schedules.ending.none', { days })}</p>
        )}
        {items.length > 0 && (
          <ul className="flex flex-col divide-y divide-base-300 text-sm">
            {items.map((item) => (
              <li key={item.scheduleId} className="flex flex-col gap-0.5 py-2">
                {permissions.can('MANAGE_SCHEDULES', {
                  scope: 'ESTABLISHMENT',
                  establishmentId: item.establishmentId,
                }) ? (
                  <Link
                    to="/app/org/$orgId/schedules/$scheduleId/edit"
                    params={{ orgId: organizationId, scheduleId: item.scheduleId }}
                    className="link font-medium break-words"
                  >
                    {item.name}
                  </Link>
                ) : (
                  <span className="font-medium break-words">{item.name}</span>
                )}
                <span className="text-base-content/70">
                  {item.establishmentName} ·{' '}
                  {t('schedules.ending.item', {
                    date: formatDate(item.endDate),
                    count: item.renewingEnrollments,
                  })}
                </span>
                <ScheduleEnrollmentsLink organizationId={organizationId} scheduleId={item.scheduleId} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
