import { EnrollmentsSearchParams } from '@reformer/domain/enrollments';
import { canAny } from '@reformer/domain/permissions';
import { createFileRoute, type SearchSchemaInput } from '@tanstack/react-router';
import { useCallback } from 'react';
import { enrollmentOptionsQueryOptions } from '@/features/enrollments/api/get-enrollment-options.ts';
import { enrollmentsQueryOptions } from '@/features/enrollments/api/get-enrollments.ts';
import { EnrollmentsPage } from '@/features/enrollments/components/enrollments-page.tsx';
import type { EnrollmentsQueryChange } from '@/features/enrollments/components/enrollments-results.tsx';
import { accessProfileQueryOptions } from '@/lib/access-profile.ts';
import { AccessDeniedError } from '@/lib/route-errors.ts';
import { EnrollmentsError } from './-enrollments-error.tsx';

export const Route = createFileRoute('/app/org/$orgId/enrollments/')({
  staticData: { titleKey: 'enrollments.title' },
  // Spec §5: page ≥ 1 falling back to 1, limit 1–100 falling back to 10; a bad filter value is dropped.
  validateSearch: (search: Partial<EnrollmentsSearchParams> & SearchSchemaInput): EnrollmentsSearchParams =>
    EnrollmentsSearchParams.parse(search),
  loaderDeps: ({ search }) => search,
  loader: async ({ context: { queryClient }, params: { orgId }, deps }) => {
    const profile = await queryClient.ensureQueryData(accessProfileQueryOptions(orgId));
    // VIEW_ENROLLMENTS at one establishment at least; the list holds only those the member may view.
    if (!canAny(profile, 'VIEW_ENROLLMENTS')) throw new AccessDeniedError('VIEW_ENROLLMENTS');
    // Fetched, not awaited: a new filter or page must not hold the page (and its filters) hostage.
    void queryClient.prefetchQuery(enrollmentsQueryOptions(orgId, deps));
    await queryClient.ensureQueryData(enrollmentOptionsQueryOptions(orgId, {}));
  },
  component: EnrollmentsRoute,
  errorComponent: EnrollmentsError,
});

function EnrollmentsRoute() {
  const { orgId } = Route.useParams();
  const query = Route.useSearch();
  const navigate = Route.useNavigate();
  const onQueryChange = useCallback<EnrollmentsQueryChange>(
    (next, options) =>
      navigate({ search: (previous) => ({ ...previous, ...next }), replace: options?.replace }),
    [navigate],
  );
  return <EnrollmentsPage organizationId={orgId} query={query} onQueryChange={onQueryChange} />;
}
