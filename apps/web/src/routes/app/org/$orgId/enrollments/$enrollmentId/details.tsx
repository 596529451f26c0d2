import { canAny } from '@reformer/domain/permissions';
import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { enrollmentQueryOptions } from '@/features/enrollments/api/get-enrollment.ts';
import { EnrollmentDetailsPage } from '@/features/enrollments/components/enrollment-details-page.tsx';
import { organizationQueryOptions } from '@/features/organizations/api/get-organization.ts';
import { accessProfileQueryOptions } from '@/lib/access-profile.ts';
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
  return (
    <EnrollmentDetailsPage
      organizationId={orgId}
      enrollmentId={enrollmentId}
      timeZone={organization.timeZone}
    />
  );
}
