import { ATTENDANCE_STATUSES, type RosterEntry } from '@reformer/domain/sessions';
import { useTranslation } from 'react-i18next';
import { useFormatInstantTime } from '@/lib/format.ts';
import { useCheckInCustomer } from '../api/check-in-customer.ts';
import { useUndoCheckIn } from '../api/undo-check-in.ts';
import { useUpdateAttendance } from '../api/update-attendance.ts';

type EntryProps = { entry: RosterEntry; name: string };

type RosterActions = {
  updateStatus: ReturnType<typeof useUpdateAttendance>;
  checkIn: ReturnType<typeof useCheckInCustomer>;
  undoCheckIn: ReturnType<typeof useUndoCheckIn>;
};

/** The roster's three calls, shared by every row so one pending call disables the others' buttons. */
export function useRosterActions(organizationId: string, sessionId: string): RosterActions {
  return {
    updateStatus: useUpdateAttendance(organizationId, sessionId),
    checkIn: useCheckInCustomer(organizationId, sessionId),
    undoCheckIn: useUndoCheckIn(organizationId, sessionId),
  };
}

/** The customer's status: a select for MANAGE_ATTENDANCE, the word otherwise. */
export function RosterStatus({
  entry,
  name,
  actions,
  canManage,
}: EntryProps & { actions: RosterActions; canManage: boolean }) {
  const { t } = useTranslation();
  if (!canManage) return <span>{t(`attendance.statuses.${entry.status}`)}</span>;
  return (
    <select
      className="select select-sm w-40"
      aria-label={t('attendance.status.label', { name })}
      value={entry.status}
      disabled={actions.updateStatus.isPending}
      onChange={(event) => {
        const status = ATTENDANCE_STATUSES.find((known) => known === event.target.value);
        if (status) actions.updateStatus.mutate({ customerId: entry.customerId, name, status });
      }}
    >
      {ATTENDANCE_STATUSES.map((status) => (
        <option key={status} value={status}>
          {t(`attendance.statuses.${status}`)}
        </option>
      ))}
    </select>
  );
}

type CheckInProps = EntryProps & { actions: RosterActions; canCheckIn: boolean; timeZone: string };

/** Checked in at what time (in the organization's zone), with check-in and undo for who may. */
export function RosterCheckIn({ entry, name, actions, canCheckIn, timeZone }: CheckInProps) {
  const { t } = useTranslation();
  const formatTime = useFormatInstantTime(timeZone);
  const isBusy = actions.checkIn.isPending || actions.undoCheckIn.isPending;
  const variables = { customerId: entry.customerId, name };
  return (
    <div className="flex flex-wrap items-center gap-2">
      <span className={entry.checkedInAt ? 'badge badge-success badge-sm' : 'text-sm text-base-content/70'}>
        {entry.checkedInAt
          ? t('attendance.checkIn.checkedInAt', { time: formatTime(entry.checkedInAt) })
          : t('attendance.checkIn.notCheckedIn')}
      </span>
      {canCheckIn && !entry.checkedInAt && entry.status !== 'CANCELED' && (
        <button
          type="button"
          className="btn btn-primary btn-xs"
          aria-label={t('attendance.checkIn.actionLabel', { name })}
          disabled={isBusy}
          onClick={() => actions.checkIn.mutate(variables)}
        >
          {t('attendance.checkIn.action')}
        </button>
      )}
      {canCheckIn && entry.checkedInAt && (
        <button
          type="button"
          className="btn btn-ghost btn-xs"
          aria-label={t('attendance.checkIn.undoLabel', { name })}
          disabled={isBusy}
          onClick={() => actions.undoCheckIn.mutate(variables)}
        >
          {t('attendance.checkIn.undo')}
        </button>
      )}
    </div>
  );
}
