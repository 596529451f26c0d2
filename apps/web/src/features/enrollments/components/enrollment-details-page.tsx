import { todayIn } from '@reformer/domain/time-zones';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermissions } from '@/lib/access-profile.ts';
import { canOpenSessionAt } from '@/lib/attendance-access.ts';
import { enrollmentQueryOptions } from '../api/get-enrollment.ts';
import { EnrollmentActions } from './enrollment-actions.tsx';
import { useEnrollmentText } from './enrollment-display.ts';
import { EnrollmentSessions } from './enrollment-sessions.tsx';
import { EnrollmentStatusBadge } from './enrollment-status-badge.tsx';
import { EnrollmentSummary } from './enrollment-summary.tsx';

type EnrollmentDetailsPageProps = {
  organizationId: string;
  enrollmentId: string;
  timeZone: string;
  /**
   * How the enrollment is paid (Pix Automático's panel, decision 048), composed by the route as features do
   * not import each other; given the enrollment's status, null when the member may not see payments.
   */
  billingPanel?: ((enrollment: { status: string; customerId: string }) => ReactNode) | null;
};

/** One enrollment: its fields, the sessions it covers with their attendance, and what staff may do with it. */
export function EnrollmentDetailsPage({
  organizationId,
  enrollmentId,
  timeZone,
  billingPanel,
}: EnrollmentDetailsPageProps) {
  const { t } = useTranslation();
  const text = useEnrollmentText();
  const permissions = usePermissions(organizationId);
  const { data: enrollment } = useSuspenseQuery(enrollmentQueryOptions(organizationId, enrollmentId));
  const at = { scope: 'ESTABLISHMENT', establishmentId: enrollment.establishmentId } as const;
  const name = text.customer(enrollment);

  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6">
      <header className="flex flex-col gap-3">
        <Link to="/app/org/$orgId/enrollments" params={{ orgId: organizationId }} className="link text-sm">
          {t('enrollments.backToList')}
        </Link>
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="text-3xl font-bold break-words">{t('enrollments.details.heading', { name })}</h1>
          <EnrollmentStatusBadge status={enrollment.status} />
        </div>
        {permissions.can('MANAGE_ENROLLMENTS', at) && (
          <EnrollmentActions
            organizationId={organizationId}
            enrollment={enrollment}
            customerName={name}
            today={todayIn(timeZone)}
          />
        )}
      </header>
      <EnrollmentSummary
        organizationId={organizationId}
        enrollment={enrollment}
        canOpenCustomer={permissions.canAny('VIEW_CUSTOMERS')}
      />
      {billingPanel?.(enrollment)}
      <section aria-labelledby="enrollment-sessions" className="flex flex-col gap-3">
        <h2 id="enrollment-sessions" className="text-xl font-semibold">
          {t('enrollments.sessions.title')}
        </h2>
        <EnrollmentSessions
          organizationId={organizationId}
          sessions={enrollment.sessions}
          timeZone={timeZone}
          canOpenSessions={canOpenSessionAt(permissions.profile, enrollment.establishmentId)}
        />
      </section>
    </div>
  );
}
