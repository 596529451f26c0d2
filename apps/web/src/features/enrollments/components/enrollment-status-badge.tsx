import type { EnrollmentStatus } from '@reformer/domain/enrollments';
import { useTranslation } from 'react-i18next';

const BADGE_CLASSES: Record<EnrollmentStatus, string> = {
  ACTIVE: 'badge-success',
  PAUSED: 'badge-warning',
  CANCELED: 'badge-ghost',
  COMPLETED: 'badge-info',
};

/** The status in words; the colour only repeats it. */
export function EnrollmentStatusBadge({ status }: { status: EnrollmentStatus }) {
  const { t } = useTranslation();
  return (
    <span className={`badge badge-sm whitespace-nowrap ${BADGE_CLASSES[status]}`}>
      {t(`enrollments.statuses.${status}`)}
    </span>
  );
}
