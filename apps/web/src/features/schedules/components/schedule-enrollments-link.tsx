import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';

/** "See its enrollments": the enrollments list filtered to one schedule, where staff reach its customers. */
export function ScheduleEnrollmentsLink({
  organizationId,
  scheduleId,
}: {
  organizationId: string;
  scheduleId: string;
}) {
  const { t } = useTranslation();
  return (
    <Link
      to="/app/org/$orgId/enrollments"
      params={{ orgId: organizationId }}
      search={{ scheduleId }}
      className="link w-fit"
    >
      {t('schedules.ending.enrollments')}
    </Link>
  );
}
