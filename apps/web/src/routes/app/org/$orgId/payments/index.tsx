import { PaymentsSearchParams } from '@reformer/domain/payments';
import { can } from '@reformer/domain/permissions';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute, type SearchSchemaInput } from '@tanstack/react-router';
import { useCallback } from 'react';
import { paymentPlansQueryOptions } from '@/features/payments/api/get-payment-plans.ts';
import { paymentsQueryOptions } from '@/features/payments/api/get-payments.ts';
import { PaymentsPage } from '@/features/payments/components/payments-page.tsx';
import type { PaymentsQueryChange } from '@/features/payments/components/payments-results.tsx';
import { accessProfileQueryOptions } from '@/lib/access-profile.ts';
import { AccessDeniedError } from '@/lib/route-errors.ts';
import { usePaymentMerchant } from './-payment-merchant.ts';
import { PaymentsError } from './-payments-error.tsx';

/**
 * The URL's filters; a period whose ends cross (a hand-edited link), of payment dates or of cycles, keeps its
 * start: the API would refuse it.
 */
function validatePaymentsSearch(
  search: Partial<PaymentsSearchParams> & SearchSchemaInput,
): PaymentsSearchParams {
  const parsed = PaymentsSearchParams.parse(search);
  const crosses = (from: string | undefined, to: string | undefined) => Boolean(from && to && to < from);
  return {
    ...parsed,
    to: crosses(parsed.from, parsed.to) ? undefined : parsed.to,
    cycleTo: crosses(parsed.cycleFrom, parsed.cycleTo) ? undefined : parsed.cycleTo,
  };
}

export const Route = createFileRoute('/app/org/$orgId/payments/')({
  staticData: { titleKey: 'payments.title' },
  // Spec §5: page ≥ 1 falling back to 1, limit 1–100 falling back to 10; a bad filter value is dropped.
  validateSearch: validatePaymentsSearch,
  loaderDeps: ({ search }) => search,
  loader: async ({ context: { queryClient }, params: { orgId }, deps }) => {
    const profile = await queryClient.ensureQueryData(accessProfileQueryOptions(orgId));
    if (!can(profile, 'VIEW_PAYMENTS', { scope: 'ORG' })) throw new AccessDeniedError('VIEW_PAYMENTS');
    // Fetched, not awaited: a new filter or page must not hold the page (and its filters) hostage.
    void queryClient.prefetchQuery(paymentsQueryOptions(orgId, deps));
    await queryClient.ensureQueryData(paymentPlansQueryOptions(orgId));
  },
  component: PaymentsRoute,
  errorComponent: PaymentsError,
});

function PaymentsRoute() {
  const { orgId } = Route.useParams();
  const query = Route.useSearch();
  const navigate = Route.useNavigate();
  const merchant = usePaymentMerchant(orgId);
  const plans = useQuery(paymentPlansQueryOptions(orgId));
  const onQueryChange = useCallback<PaymentsQueryChange>(
    (next, options) =>
      navigate({ search: (previous) => ({ ...previous, ...next }), replace: options?.replace }),
    [navigate],
  );
  return (
    <PaymentsPage
      organizationId={orgId}
      query={query}
      onQueryChange={onQueryChange}
      plans={plans.data?.items ?? []}
      merchant={merchant}
    />
  );
}
