import type { Schedule } from '@reformer/domain/schedules';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { usePermissions } from '@/lib/access-profile.ts';
import { useFormatLocalDate } from '@/lib/format.ts';
import { endingSchedulesQueryOptions } from '../api/get-ending-schedules.ts';
import { ScheduleEnrollmentsLink } from './schedule-enrollments-link.tsx';

/**
 * On a schedule's own page, from 30 days before it ends (issue #26 §1): the enrollments that renew by
 * themselves end with it. Asked only by members who see enrollments at its establishment.
 */
export function ScheduleEndingBanner({
  organizationId,
  schedule,
}: {
  organizationId: string;
  schedule: Pick<Schedule, 'id' | 'establishmentId'>;
}) {
  const { t } = useTranslation();
  const formatDate = useFormatLocalDate();
  const { establishmentId } = schedule;
  const seesEnrollments = usePermissions(organizationId).can('VIEW_ENROLLMENTS', {
    scope: 'ESTABLISHMENT',
    establishmentId,
  });
  const ending = useQuery({
    ...endingSchedulesQueryOptions(organizationId, schedule.id),
    enabled: seesEnrollments,
  });
  const item = ending.data?.items[0];
  if (!item) return null;
  return (
    <div role="note" className="alert alert-warning flex flex-wrap justify-between">
      <span>
        {t('schedules.ending.banner', { date: formatDate(item.endDate), count: item.renewingEnrollments })}
      </span>
      <ScheduleEnrollmentsLink organizationId={organizationId} scheduleId={item.scheduleId} />
    </div>
  );
}
