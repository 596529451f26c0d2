import { canAny } from '@reformer/domain/permissions';
import { createFileRoute } from '@tanstack/react-router';
import { customerQueryOptions } from '@/features/customers/api/get-customer.ts';
import { EditCustomerPage } from '@/features/customers/components/edit-customer-page.tsx';
import { accessProfileQueryOptions } from '@/lib/access-profile.ts';
import { AccessDeniedError } from '@/lib/route-errors.ts';

export const Route = createFileRoute('/app/org/$orgId/customers/$customerId/edit')({
  staticData: { titleKey: 'customers.list.title' },
  loader: async ({ context: { queryClient }, params: { orgId, customerId } }) => {
    const profile = await queryClient.ensureQueryData(accessProfileQueryOptions(orgId));
    if (!canAny(profile, 'MANAGE_CUSTOMERS')) throw new AccessDeniedError('MANAGE_CUSTOMERS');
    await queryClient.ensureQueryData(customerQueryOptions(orgId, customerId));
  },
  component: EditCustomerRoute,
});

function EditCustomerRoute() {
  const { orgId, customerId } = Route.useParams();
  return <EditCustomerPage organizationId={orgId} customerId={customerId} />;
}
