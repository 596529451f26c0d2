import type { Schedule } from '@reformer/domain/schedules';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';

type ScheduleActionsProps = {
  organizationId: string;
  schedule: Schedule;
  isBusy: boolean;
  onActivate: () => void;
  onOpen: (kind: 'deactivate' | 'delete') => void;
};

/** Edit, activate or deactivate, delete: for members with MANAGE_SCHEDULES at the schedule's establishment. */
export function ScheduleActions({
  organizationId,
  schedule,
  isBusy,
  onActivate,
  onOpen,
}: ScheduleActionsProps) {
  const { t } = useTranslation();
  const name = schedule.name;
  return (
    <div className="flex flex-wrap gap-1">
      <Link
        to="/app/org/$orgId/schedules/$scheduleId/edit"
        params={{ orgId: organizationId, scheduleId: schedule.id }}
        className="btn btn-xs"
        aria-label={t('schedules.actions.editLabel', { name })}
      >
        {t('schedules.actions.edit')}
      </Link>
      {schedule.isActive ? (
        <button type="button" className="btn btn-xs" onClick={() => onOpen('deactivate')}>
          {t('schedules.actions.deactivate')}
        </button>
      ) : (
        <button type="button" className="btn btn-xs" disabled={isBusy} onClick={onActivate}>
          {t('schedules.actions.activate')}
        </button>
      )}
      <button
        type="button"
        className="btn btn-xs"
        aria-label={t('schedules.actions.deleteLabel', { name })}
        onClick={() => onOpen('delete')}
      >
        {t('schedules.actions.delete')}
      </button>
    </div>
  );
}
