import { can } from '@reformer/domain/permissions';
import { createFileRoute } from '@tanstack/react-router';
import { enrollmentQueryOptions } from '@/features/enrollments/api/get-enrollment.ts';
import { enrollmentOptionsQueryOptions } from '@/features/enrollments/api/get-enrollment-options.ts';
import { EditEnrollmentPage } from '@/features/enrollments/components/edit-enrollment-page.tsx';
import {
  formKeepsRenewing,
  optionsPeriod,
} from '@/features/enrollments/components/enrollment-form-values.ts';
import { accessProfileQueryOptions } from '@/lib/access-profile.ts';
import { AccessDeniedError } from '@/lib/route-errors.ts';
import { EnrollmentsError } from '../-enrollments-error.tsx';

export const Route = createFileRoute('/app/org/$orgId/enrollments/$enrollmentId/edit')({
  staticData: { titleKey: 'enrollments.edit.title' },
  loader: async ({ context: { queryClient }, params: { orgId, enrollmentId } }) => {
    const [profile, enrollment] = await Promise.all([
      queryClient.ensureQueryData(accessProfileQueryOptions(orgId)),
      queryClient.ensureQueryData(enrollmentQueryOptions(orgId, enrollmentId)),
    ]);
    const check = { scope: 'ESTABLISHMENT', establishmentId: enrollment.establishmentId } as const;
    if (!can(profile, 'MANAGE_ENROLLMENTS', check)) throw new AccessDeniedError('MANAGE_ENROLLMENTS');
    await queryClient.ensureQueryData(
      enrollmentOptionsQueryOptions(
        orgId,
        optionsPeriod(
          enrollment.startDate,
          enrollment.endDate,
          enrollment.id,
          formKeepsRenewing(enrollment.planId, [], enrollment),
        ),
      ),
    );
  },
  component: EditEnrollmentRoute,
  errorComponent: EnrollmentsError,
});

function EditEnrollmentRoute() {
  const { orgId, enrollmentId } = Route.useParams();
  return <EditEnrollmentPage organizationId={orgId} enrollmentId={enrollmentId} />;
}
