import type { Enrollment } from '@reformer/domain/enrollments';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/ui/confirm-dialog.tsx';
import { useEnrollmentAction } from '../api/apply-enrollment-action.ts';
import { useDeleteEnrollment } from '../api/delete-enrollment.ts';

type ConfirmProps = {
  organizationId: string;
  enrollment: Enrollment;
  customerName: string;
  isOpen: boolean;
  onClose: () => void;
};

/** "Complete enrollment": it stops putting the customer on the rosters ahead; it can be renewed later. */
export function CompleteEnrollmentDialog({
  organizationId,
  enrollment,
  customerName,
  isOpen,
  onClose,
}: ConfirmProps) {
  const { t } = useTranslation();
  const complete = useEnrollmentAction(organizationId, enrollment.id, 'COMPLETE', { onSuccess: onClose });
  return (
    <ConfirmDialog
      isOpen={isOpen}
      onClose={onClose}
      title={t('enrollments.complete.title')}
      confirmLabel={t('enrollments.complete.submit')}
      tone="warning"
      isPending={complete.isPending}
      onConfirm={() => complete.mutate({ action: 'COMPLETE' })}
    >
      <p>{t('enrollments.complete.body', { name: customerName })}</p>
    </ConfirmDialog>
  );
}

/** "Delete enrollment", then back to the list (the details no longer exist). */
export function DeleteEnrollmentDialog({
  organizationId,
  enrollment,
  customerName,
  isOpen,
  onClose,
  onDeleted,
}: ConfirmProps & { onDeleted: () => unknown }) {
  const { t } = useTranslation();
  const deleteEnrollment = useDeleteEnrollment(organizationId, { onSuccess: onDeleted });
  return (
    <ConfirmDialog
      isOpen={isOpen}
      onClose={onClose}
      title={t('enrollments.delete.title')}
      confirmLabel={t('enrollments.delete.submit')}
      isPending={deleteEnrollment.isPending}
      onConfirm={() => deleteEnrollment.mutate(enrollment.id)}
    >
      <p>{t('enrollments.delete.body', { name: customerName, schedule: enrollment.scheduleName })}</p>
    </ConfirmDialog>
  );
}
