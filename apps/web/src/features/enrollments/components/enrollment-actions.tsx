import { allowedActions, type Enrollment, enrollmentWillRenew } from '@reformer/domain/enrollments';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useEnrollmentAction } from '../api/apply-enrollment-action.ts';
import { CompleteEnrollmentDialog, DeleteEnrollmentDialog } from './enrollment-confirm-dialogs.tsx';
import { EnrollmentDateActionDialog } from './enrollment-date-action-dialog.tsx';

type OpenDialog = 'PAUSE' | 'CANCEL' | 'COMPLETE' | 'DELETE' | null;

type EnrollmentActionsProps = {
  organizationId: string;
  enrollment: Enrollment;
  customerName: string;
  /** Today in the organization's zone: where a pause or a cancellation starts by default. */
  today: string;
};

/**
 * What the status allows (`allowedActions`), then Edit and Delete; for MANAGE_ENROLLMENTS at the
 * enrollment's establishment (the page checked it). Resume, Renew and the renewal choice need no more input,
 * so they run at once. One that renews by itself offers "End at the period's end" instead of Renew; one set to
 * end offers to renew automatically again (back to its plan's rule when the plan renews).
 */
export function EnrollmentActions({
  organizationId,
  enrollment,
  customerName,
  today,
}: EnrollmentActionsProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const resume = useEnrollmentAction(organizationId, enrollment.id, 'RESUME');
  const renew = useEnrollmentAction(organizationId, enrollment.id, 'RENEW');
  const setRenewal = useEnrollmentAction(organizationId, enrollment.id, 'SET_RENEWAL');
  const allowed = allowedActions(enrollment.status);
  const renews = enrollmentWillRenew(enrollment);
  // A schedule ending with the period, or a cancellation, is not undone by a renewal choice.
  const canRenewAutomatically =
    !renews && enrollmentWillRenew({ ...enrollment, renewal: 'RENEWS' }) && allowed.includes('SET_RENEWAL');
  const isBusy = resume.isPending || renew.isPending || setRenewal.isPending;
  const close = () => setDialog(null);

  return (
    <div className="flex flex-wrap gap-2">
      {allowed.includes('PAUSE') && (
        <button type="button" className="btn btn-sm" onClick={() => setDialog('PAUSE')}>
          {t('enrollments.actions.pause')}
        </button>
      )}
      {allowed.includes('RESUME') && (
        <button
          type="button"
          className="btn btn-sm btn-primary"
          disabled={isBusy}
          onClick={() => resume.mutate({ action: 'RESUME' })}
        >
          {t('enrollments.actions.resume')}
        </button>
      )}
      {renews && allowed.includes('SET_RENEWAL') && (
        <button
          type="button"
          className="btn btn-sm"
          title={t('enrollments.actions.endAtPeriodEndHint')}
          disabled={isBusy}
          onClick={() => setRenewal.mutate({ action: 'SET_RENEWAL', renewal: 'ENDS' })}
        >
          {t('enrollments.actions.endAtPeriodEnd')}
        </button>
      )}
      {canRenewAutomatically && (
        <button
          type="button"
          className="btn btn-sm"
          title={t('enrollments.actions.keepRenewingHint')}
          disabled={isBusy}
          onClick={() =>
            setRenewal.mutate({
              action: 'SET_RENEWAL',
              renewal: enrollment.planRenewsAutomatically ? 'PLAN' : 'RENEWS',
            })
          }
        >
          {t('enrollments.actions.keepRenewing')}
        </button>
      )}
      {!renews && allowed.includes('RENEW') && (
        <button
          type="button"
          className="btn btn-sm"
          title={t('enrollments.actions.renewHint')}
          disabled={isBusy}
          onClick={() => renew.mutate({ action: 'RENEW' })}
        >
          {t('enrollments.actions.renew')}
        </button>
      )}
      {allowed.includes('COMPLETE') && (
        <button type="button" className="btn btn-sm" onClick={() => setDialog('COMPLETE')}>
          {t('enrollments.actions.complete')}
        </button>
      )}
      {allowed.includes('CANCEL') && (
        <button type="button" className="btn btn-sm" onClick={() => setDialog('CANCEL')}>
          {t('enrollments.actions.cancel')}
        </button>
      )}
      <Link
        to="/app/org/$orgId/enrollments/$enrollmentId/edit"
        params={{ orgId: organizationId, enrollmentId: enrollment.id }}
        className="btn btn-sm"
      >
        {t('enrollments.actions.edit')}
      </Link>
      <button type="button" className="btn btn-sm btn-ghost text-error" onClick={() => setDialog('DELETE')}>
        {t('enrollments.actions.delete')}
      </button>

      <EnrollmentDateActionDialog
        organizationId={organizationId}
        enrollmentId={enrollment.id}
        customerName={customerName}
        action={dialog === 'PAUSE' || dialog === 'CANCEL' ? dialog : null}
        today={today}
        onClose={close}
      />
      <CompleteEnrollmentDialog
        organizationId={organizationId}
        enrollment={enrollment}
        customerName={customerName}
        isOpen={dialog === 'COMPLETE'}
        onClose={close}
      />
      <DeleteEnrollmentDialog
        organizationId={organizationId}
        enrollment={enrollment}
        customerName={customerName}
        isOpen={dialog === 'DELETE'}
        onClose={close}
        onDeleted={() => navigate({ to: '/app/org/$orgId/enrollments', params: { orgId: organizationId } })}
      />
    </div>
  );
}
