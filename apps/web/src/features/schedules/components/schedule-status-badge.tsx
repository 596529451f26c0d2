import { useTranslation } from 'react-i18next';

/** Active or inactive in words, the colour only repeats it. */
export function ScheduleStatusBadge({ isActive }: { isActive: boolean }) {
  const { t } = useTranslation();
  return (
    <span className={`badge badge-sm whitespace-nowrap ${isActive ? 'badge-success' : 'badge-ghost'}`}>
      {isActive ? t('schedules.statuses.active') : t('schedules.statuses.inactive')}
    </span>
  );
}
