import { can } from '@reformer/domain/permissions';
import { createFileRoute } from '@tanstack/react-router';
import { CustomerImportPage } from '../../../../../../features/customer-import/components/customer-import-page.tsx';
import { accessProfileQueryOptions } from '../../../../../../lib/access-profile.ts';
import { AccessDeniedError } from '../../../../../../lib/route-errors.ts';

/** Spec document 2 §2: the import wizard lives at settings/import/customers. */
export const Route = createFileRoute('/app/org/$orgId/settings/import/customers')({
  staticData: { titleKey: 'import.title' },
  loader: async ({ context: { queryClient }, params: { orgId } }) => {
    const profile = await queryClient.ensureQueryData(accessProfileQueryOptions(orgId));
    if (!can(profile, 'IMPORT_CUSTOMERS', { scope: 'ORG' })) throw new AccessDeniedError('IMPORT_CUSTOMERS');
  },
  component: CustomerImportRoute,
});

function CustomerImportRoute() {
  const { orgId } = Route.useParams();
  return <CustomerImportPage organizationId={orgId} />;
}
