import { canAny } from '@reformer/domain/permissions';
import { todayIn } from '@reformer/domain/time-zones';
import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { customerQueryOptions } from '@/features/customers/api/get-customer.ts';
import { enrollmentOptionsQueryOptions } from '@/features/enrollments/api/get-enrollment-options.ts';
import { optionsPeriod } from '@/features/enrollments/components/enrollment-form-values.ts';
import { NewEnrollmentPage } from '@/features/enrollments/components/new-enrollment-page.tsx';
import { organizationQueryOptions } from '@/features/organizations/api/get-organization.ts';
import { accessProfileQueryOptions } from '@/lib/access-profile.ts';
import { usePersonName } from '@/lib/person-name.ts';
import { AccessDeniedError } from '@/lib/route-errors.ts';
import { EnrollmentsError } from './-enrollments-error.tsx';

/** `?customerId=`: the customer chosen before the form opens (from their details page). */
const NewEnrollmentSearch = z.object({ customerId: z.uuid().optional().catch(undefined) });

export const Route = createFileRoute('/app/org/$orgId/enrollments/new')({
  staticData: { titleKey: 'enrollments.create.title' },
  validateSearch: (search: Record<string, unknown>): z.infer<typeof NewEnrollmentSearch> =>
    NewEnrollmentSearch.parse(search),
  loaderDeps: ({ search: { customerId } }) => ({ customerId }),
  loader: async ({ context: { queryClient }, params: { orgId }, deps: { customerId } }) => {
    const profile = await queryClient.ensureQueryData(accessProfileQueryOptions(orgId));
    if (!canAny(profile, 'MANAGE_ENROLLMENTS')) throw new AccessDeniedError('MANAGE_ENROLLMENTS');
    const organization = await queryClient.ensureQueryData(organizationQueryOptions(orgId));
    const [customer] = await Promise.all([
      // Only to show the name: without it (gone, or no VIEW_CUSTOMERS) the form starts with the search.
      customerId && canAny(profile, 'VIEW_CUSTOMERS')
        ? queryClient.ensureQueryData(customerQueryOptions(orgId, customerId)).catch(() => null)
        : null,
      queryClient.ensureQueryData(
        enrollmentOptionsQueryOptions(orgId, optionsPeriod(todayIn(organization.timeZone), '')),
      ),
    ]);
    return { customer };
  },
  component: NewEnrollmentRoute,
  errorComponent: EnrollmentsError,
});

function NewEnrollmentRoute() {
  const { orgId } = Route.useParams();
  const { customer } = Route.useLoaderData();
  const { data: organization } = useSuspenseQuery(organizationQueryOptions(orgId));
  const nameOf = usePersonName();
  const picked = customer ? { id: customer.id, name: nameOf(customer) } : null;
  return <NewEnrollmentPage organizationId={orgId} timeZone={organization.timeZone} customer={picked} />;
}
