import { CustomersSearchParams } from '@reformer/domain/customers';
import { canAny } from '@reformer/domain/permissions';
import { createFileRoute, type SearchSchemaInput } from '@tanstack/react-router';
import { useCallback } from 'react';
import { CustomersPage } from '@/features/customers/components/customers-page.tsx';
import type { CustomersQueryChange } from '@/features/customers/components/customers-results.tsx';
import { accessProfileQueryOptions } from '@/lib/access-profile.ts';
import { type CustomerPageQuery, customersQueryOptions } from '@/lib/customer-list.ts';

export const Route = createFileRoute('/app/org/$orgId/customers/')({
  staticData: { titleKey: 'customers.list.title' },
  // page 1, limit 10 and an empty search by default, so links may leave them out; a hand-edited bad value
  // falls back to its default.
  validateSearch: (search: Partial<CustomerPageQuery> & SearchSchemaInput): CustomerPageQuery =>
    CustomersSearchParams.parse(search),
  loaderDeps: ({ search: { page, limit, search } }) => ({ page, limit, search }),
  loader: async ({ context: { queryClient }, params: { orgId }, deps }) => {
    const profile = await queryClient.ensureQueryData(accessProfileQueryOptions(orgId));
    // Without VIEW_CUSTOMERS the page says so itself (spec §6); the list is not asked for. The list is
    // fetched, not awaited: a new search or page must not hold the page (and the search box) hostage.
    if (canAny(profile, 'VIEW_CUSTOMERS')) void queryClient.prefetchQuery(customersQueryOptions(orgId, deps));
  },
  component: CustomersRoute,
});

function CustomersRoute() {
  const { orgId } = Route.useParams();
  const query = Route.useSearch();
  const navigate = Route.useNavigate();
  // Typing a search, or a page corrected to the last one, replaces the history entry instead of adding one.
  const onQueryChange = useCallback<CustomersQueryChange>(
    (next, options) =>
      navigate({
        search: (previous) => ({ ...previous, ...next }),
        replace: options?.replace ?? 'search' in next,
      }),
    [navigate],
  );
  return <CustomersPage organizationId={orgId} query={query} onQueryChange={onQueryChange} />;
}
