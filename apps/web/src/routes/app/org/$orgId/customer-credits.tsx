import { CustomerCreditsSearchParams } from '@reformer/domain/customer-credits';
import { can } from '@reformer/domain/permissions';
import { createFileRoute, type SearchSchemaInput } from '@tanstack/react-router';
import { useCallback } from 'react';
import { RouteErrorScreen } from '@/components/errors/route-error-screen.tsx';
import { customerCreditsQueryOptions } from '@/features/dashboard/api/get-customer-credits.ts';
import { CustomerCreditsPage } from '@/features/dashboard/components/customer-credits-page.tsx';
import { accessProfileQueryOptions } from '@/lib/access-profile.ts';
import { AccessDeniedError } from '@/lib/route-errors.ts';

export const Route = createFileRoute('/app/org/$orgId/customer-credits')({
  staticData: { titleKey: 'customerCredits.title' },
  validateSearch: (search: Partial<CustomerCreditsSearchParams> & SearchSchemaInput) =>
    CustomerCreditsSearchParams.parse(search),
  loaderDeps: ({ search }) => search,
  loader: async ({ context: { queryClient }, params: { orgId }, deps }) => {
    const profile = await queryClient.ensureQueryData(accessProfileQueryOptions(orgId));
    // The same rule as the server's: credit is payments' money, organization-wide.
    if (!can(profile, 'VIEW_PAYMENTS', { scope: 'ORG' })) throw new AccessDeniedError('VIEW_PAYMENTS');
    void queryClient.prefetchQuery(customerCreditsQueryOptions(orgId, deps));
  },
  component: CustomerCreditsRoute,
  errorComponent: RouteErrorScreen,
});

function CustomerCreditsRoute() {
  const { orgId } = Route.useParams();
  const query = Route.useSearch();
  const navigate = Route.useNavigate();
  const onQueryChange = useCallback(
    (next: Partial<CustomerCreditsSearchParams>, options?: { replace?: boolean }) =>
      navigate({ search: (previous) => ({ ...previous, ...next }), replace: options?.replace }),
    [navigate],
  );
  return <CustomerCreditsPage organizationId={orgId} query={query} onQueryChange={onQueryChange} />;
}
