import { canAny } from '@reformer/domain/permissions';
import { createFileRoute } from '@tanstack/react-router';
import { NewCustomerPage } from '@/features/customers/components/new-customer-page.tsx';
import { accessProfileQueryOptions } from '@/lib/access-profile.ts';
import { AccessDeniedError, requireToken } from '@/lib/route-errors.ts';

export const Route = createFileRoute('/app/org/$orgId/customers/new')({
  staticData: { titleKey: 'customers.create.title' },
  // Spec §2: creating a customer needs a token, otherwise 'No token available'.
  beforeLoad: async ({ context }) => {
    await requireToken(context.auth);
  },
  loader: async ({ context: { queryClient }, params: { orgId } }) => {
    const profile = await queryClient.ensureQueryData(accessProfileQueryOptions(orgId));
    if (!canAny(profile, 'MANAGE_CUSTOMERS')) throw new AccessDeniedError('MANAGE_CUSTOMERS');
  },
  component: NewCustomerRoute,
});

function NewCustomerRoute() {
  const { orgId } = Route.useParams();
  return <NewCustomerPage organizationId={orgId} />;
}
