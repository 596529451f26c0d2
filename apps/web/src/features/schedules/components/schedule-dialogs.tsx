import type { Schedule } from '@reformer/domain/schedules';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/ui/confirm-dialog.tsx';
import { ApiError } from '@/lib/api-error.ts';
import { useDeleteSchedule } from '../api/delete-schedule.ts';
import { useSetScheduleActive } from '../api/set-schedule-active.ts';

export type ScheduleDialog = { kind: 'deactivate' | 'delete'; schedule: Schedule } | null;

type ScheduleDialogsProps = { organizationId: string; dialog: ScheduleDialog; onClose: () => void };

/** The confirmations behind "Deactivate" and "Delete". */
export function ScheduleDialogs({ organizationId, dialog, onClose }: ScheduleDialogsProps) {
  return (
    <>
      <DeactivateScheduleDialog
        organizationId={organizationId}
        schedule={dialog?.kind === 'deactivate' ? dialog.schedule : null}
        onClose={onClose}
      />
      <DeleteScheduleDialog
        organizationId={organizationId}
        schedule={dialog?.kind === 'delete' ? dialog.schedule : null}
        onClose={onClose}
      />
    </>
  );
}

type DialogProps = { organizationId: string; schedule: Schedule | null; onClose: () => void };

function DeactivateScheduleDialog({ organizationId, schedule, onClose }: DialogProps) {
  const { t } = useTranslation();
  const setActive = useSetScheduleActive(organizationId, { onSuccess: onClose });
  return (
    <ConfirmDialog
      isOpen={schedule !== null}
      onClose={onClose}
      title={t('schedules.deactivate.title')}
      confirmLabel={t('schedules.deactivate.submit')}
      tone="warning"
      isPending={setActive.isPending || !schedule}
      onConfirm={() => schedule && setActive.mutate({ scheduleId: schedule.id, isActive: false })}
    >
      <p>{t('schedules.deactivate.body', { name: schedule?.name ?? '' })}</p>
    </ConfirmDialog>
  );
}

/** A schedule with attendance history stays (409 SCHEDULE_HAS_ATTENDANCE): the dialog says to deactivate it. */
function DeleteScheduleDialog({ organizationId, schedule, onClose }: DialogProps) {
  const { t } = useTranslation();
  const deleteSchedule = useDeleteSchedule(organizationId, { onSuccess: onClose });
  const hasAttendance =
    deleteSchedule.error instanceof ApiError && deleteSchedule.error.code === 'SCHEDULE_HAS_ATTENDANCE';
  const close = () => {
    deleteSchedule.reset();
    onClose();
  };
  return (
    <ConfirmDialog
      isOpen={schedule !== null}
      onClose={close}
      title={t('schedules.delete.title')}
      confirmLabel={t('schedules.delete.submit')}
      isPending={deleteSchedule.isPending || !schedule}
      refusal={hasAttendance ? t('errors.SCHEDULE_HAS_ATTENDANCE') : null}
      onConfirm={() => schedule && deleteSchedule.mutate(schedule.id)}
    >
      <p>{t('schedules.delete.body', { name: schedule?.name ?? '' })}</p>
    </ConfirmDialog>
  );
}
