import { canAny } from '@reformer/domain/permissions';
import { PURCHASE_ACTIONS, PurchasesSearchParams } from '@reformer/domain/purchases';
import { createFileRoute, type ErrorComponentProps, type SearchSchemaInput } from '@tanstack/react-router';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorScreen } from '@/components/errors/error-screen.tsx';
import { RouteErrorScreen } from '@/components/errors/route-error-screen.tsx';
import { purchasesQueryOptions } from '@/features/purchases/api/get-purchases.ts';
import { PurchasesPage, type PurchasesQueryChange } from '@/features/purchases/components/purchases-page.tsx';
import { accessProfileQueryOptions } from '@/lib/access-profile.ts';
import { AccessDeniedError } from '@/lib/route-errors.ts';

export const Route = createFileRoute('/app/org/$orgId/purchases/')({
  staticData: { titleKey: 'purchases.title' },
  validateSearch: (search: Partial<PurchasesSearchParams> & SearchSchemaInput): PurchasesSearchParams =>
    PurchasesSearchParams.parse(search),
  loaderDeps: ({ search }) => search,
  loader: async ({ context: { queryClient }, params: { orgId }, deps }) => {
    const profile = await queryClient.ensureQueryData(accessProfileQueryOptions(orgId));
    if (!canAny(profile, PURCHASE_ACTIONS.view)) throw new AccessDeniedError(PURCHASE_ACTIONS.view);
    void queryClient.prefetchQuery(purchasesQueryOptions(orgId, deps));
  },
  component: PurchasesRoute,
  errorComponent: PurchasesError,
});

function PurchasesRoute() {
  const { orgId } = Route.useParams();
  const query = Route.useSearch();
  const navigate = Route.useNavigate();
  const onQueryChange = useCallback<PurchasesQueryChange>(
    (next, options) =>
      navigate({ search: (previous) => ({ ...previous, ...next }), replace: options?.replace }),
    [navigate],
  );
  return <PurchasesPage organizationId={orgId} query={query} onQueryChange={onQueryChange} />;
}

function PurchasesError(props: ErrorComponentProps) {
  const { t } = useTranslation();
  if (!(props.error instanceof AccessDeniedError)) return <RouteErrorScreen {...props} />;
  return <ErrorScreen kind="accessDenied" message={t('purchases.accessDenied')} home="app" />;
}
