import type { Enrollment } from '@reformer/domain/enrollments';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useEnrollmentText } from './enrollment-display.ts';

type EnrollmentRowActionsProps = { organizationId: string; enrollment: Enrollment; canManage: boolean };

/** View for everyone who sees the row; Edit for MANAGE_ENROLLMENTS at its establishment. */
export function EnrollmentRowActions({ organizationId, enrollment, canManage }: EnrollmentRowActionsProps) {
  const { t } = useTranslation();
  const name = useEnrollmentText().customer(enrollment);
  const params = { orgId: organizationId, enrollmentId: enrollment.id };
  return (
    <div className="flex flex-wrap gap-1">
      <Link
        to="/app/org/$orgId/enrollments/$enrollmentId/details"
        params={params}
        className="btn btn-xs"
        aria-label={t('enrollments.actions.viewLabel', { name, schedule: enrollment.scheduleName })}
      >
        {t('enrollments.actions.view')}
      </Link>
      {canManage && (
        <Link
          to="/app/org/$orgId/enrollments/$enrollmentId/edit"
          params={params}
          className="btn btn-xs"
          aria-label={t('enrollments.actions.editLabel', { name })}
        >
          {t('enrollments.actions.edit')}
        </Link>
      )}
    </div>
  );
}
