import { canAny } from '@reformer/domain/permissions';
import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { enrollmentQueryOptions } from '@/features/enrollments/api/get-enrollment.ts';
import { EnrollmentDetailsPage } from '@/features/enrollments/components/enrollment-details-page.tsx';
import { organizationQueryOptions } from '@/features/organizations/api/get-organization.ts';
import { EnrollmentPixAutomaticoPanel } from '@/features/pix-automatico/components/enrollment-pix-automatico-panel.tsx';
import { accessProfileQueryOptions, usePermissions } from '@/lib/access-profile.ts';
import { AccessDeniedError } from '@/lib/route-errors.ts';
import { EnrollmentsError } from '../-enrollments-error.tsx';

export const Route = createFileRoute('/app/org/$orgId/enrollments/$enrollmentId/details')({
  staticData: { titleKey: 'enrollments.details.title' },
  // One of an establishment the member may not view is 404, as one that does not exist.
  loader: async ({ context: { queryClient }, params: { orgId, enrollmentId } }) => {
    const profile = await queryClient.ensureQueryData(accessProfileQueryOptions(orgId));
    if (!canAny(profile, 'VIEW_ENROLLMENTS')) throw new AccessDeniedError('VIEW_ENROLLMENTS');
    await queryClient.ensureQueryData(enrollmentQueryOptions(orgId, enrollmentId));
  },
  component: EnrollmentDetailsRoute,
  errorComponent: EnrollmentsError,
});

function EnrollmentDetailsRoute() {
  const { orgId, enrollmentId } = Route.useParams();
  const { data: organization } = useSuspenseQuery(organizationQueryOptions(orgId));
  const permissions = usePermissions(orgId);
  // Pix Automático (decision 048): read with VIEW_PAYMENTS, started and cancelled with MANAGE_BILLING, as the API.
  const billingPanel = permissions.can('VIEW_PAYMENTS')
    ? (enrollment: { status: string; customerId: string }) => (
        <EnrollmentPixAutomaticoPanel
          organizationId={orgId}
          enrollmentId={enrollmentId}
          enrollmentStatus={enrollment.status}
          canManage={permissions.can('MANAGE_BILLING')}
          canOpenSettings={permissions.can('VIEW_BILLING')}
          customerId={enrollment.customerId}
          canSendLink={permissions.canAny('MANAGE_ATTENDANCE')}
        />
      )
    : null;
  return (
    <EnrollmentDetailsPage
      organizationId={orgId}
      enrollmentId={enrollmentId}
      timeZone={organization.timeZone}
      billingPanel={billingPanel}
    />
  );
}
