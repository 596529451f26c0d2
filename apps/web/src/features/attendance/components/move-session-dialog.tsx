import { MoveSessionInput, type Session } from '@reformer/domain/sessions';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { DateField } from '@/components/form/date-field.tsx';
import { TimeField } from '@/components/form/time-field.tsx';
import { Dialog } from '@/components/ui/dialog.tsx';
import { DialogActions } from '@/components/ui/dialog-actions.tsx';
import { domainResolver } from '@/lib/forms.ts';
import type { SessionMover } from '../use-session-mover.ts';
import { MoveSessionConfirm } from './move-session-confirm.tsx';

type MoveSessionDialogProps = {
  organizationId: string;
  session: Session | null;
  mover: SessionMover;
  onClose: () => void;
};

/**
 * The form way to move a session (the keyboard and phone alternative to dragging it on the week grid), and
 * the confirmation either way asks for when customers are on the session.
 */
export function MoveSessionDialog({ organizationId, session, mover, onClose }: MoveSessionDialogProps) {
  const { t } = useTranslation();
  return (
    <>
      <Dialog isOpen={session !== null} onClose={onClose} title={t('attendance.move.title')}>
        {session && <MoveSessionForm key={session.id} session={session} mover={mover} onClose={onClose} />}
      </Dialog>
      <MoveSessionConfirm organizationId={organizationId} mover={mover} />
    </>
  );
}

function MoveSessionForm({
  session,
  mover,
  onClose,
}: {
  session: Session;
  mover: SessionMover;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { control, handleSubmit, formState } = useForm<MoveSessionInput>({
    resolver: domainResolver(MoveSessionInput),
    defaultValues: {
      date: session.date,
      startTime: session.startTime.slice(0, 5),
      endTime: session.endTime.slice(0, 5),
    },
  });
  const { errors } = formState;
  const submit = handleSubmit(async (slot) => {
    if (await mover.move(session, slot)) onClose();
  });

  return (
    <form className="flex flex-col gap-3" noValidate onSubmit={submit}>
      <p className="text-sm text-base-content/80">
        <span className="font-semibold">{session.scheduleName}</span> — {t('attendance.move.body')}
      </p>
      <Controller
        control={control}
        name="date"
        render={({ field }) => <DateField label={t('attendance.move.date')} error={errors.date} {...field} />}
      />
      <div className="grid gap-3 sm:grid-cols-2">
        <Controller
          control={control}
          name="startTime"
          render={({ field }) => (
            <TimeField label={t('attendance.move.startTime')} error={errors.startTime} {...field} />
          )}
        />
        <Controller
          control={control}
          name="endTime"
          render={({ field }) => (
            <TimeField label={t('attendance.move.endTime')} error={errors.endTime} {...field} />
          )}
        />
      </div>
      <DialogActions onCancel={onClose}>
        <button type="submit" className="btn btn-primary" disabled={mover.isMoving || formState.isSubmitting}>
          {mover.isMoving ? t('common.saving') : t('attendance.move.submit')}
        </button>
      </DialogActions>
    </form>
  );
}
