import { can } from '@reformer/domain/permissions';
import { createFileRoute } from '@tanstack/react-router';
import { CustomerImportPage } from '@/features/customer-import/components/customer-import-page.tsx';
import { ImportWizardSearch } from '@/features/customer-import/import-wizard-search.ts';
import { accessProfileQueryOptions } from '@/lib/access-profile.ts';
import { AccessDeniedError } from '@/lib/route-errors.ts';

/** Spec document 2 §2: the import wizard lives at settings/import/customers. */
export const Route = createFileRoute('/app/org/$orgId/settings/import/customers')({
  staticData: { titleKey: 'import.title' },
  validateSearch: (search: Record<string, unknown>): ImportWizardSearch => ImportWizardSearch.parse(search),
  loader: async ({ context: { queryClient }, params: { orgId } }) => {
    const profile = await queryClient.ensureQueryData(accessProfileQueryOptions(orgId));
    if (!can(profile, 'IMPORT_CUSTOMERS', { scope: 'ORG' })) throw new AccessDeniedError('IMPORT_CUSTOMERS');
  },
  component: CustomerImportRoute,
});

function CustomerImportRoute() {
  const { orgId } = Route.useParams();
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <CustomerImportPage
      organizationId={orgId}
      search={search}
      onSearchChange={(next, { replace }) => navigate({ search: next, replace })}
    />
  );
}
