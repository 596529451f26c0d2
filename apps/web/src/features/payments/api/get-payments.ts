import type { PaymentList, PaymentListQuery } from '@reformer/domain/payments';
import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { paymentsQueryKey } from '@/lib/organization-query-keys.ts';
import { STALE_TIME } from '@/lib/query-client.ts';

export function paymentsPath(organizationId: string, paymentId?: string): string {
  const base = `/organizations/${encodeURIComponent(organizationId)}/payments`;
  return paymentId ? `${base}/${encodeURIComponent(paymentId)}` : base;
}

/** A page of payments for the filters, with the totals per currency of every payment they match. */
export function getPayments(organizationId: string, query: PaymentListQuery): Promise<PaymentList> {
  return api.get<PaymentList>(paymentsPath(organizationId), { query });
}

export function paymentsQueryOptions(organizationId: string, query: PaymentListQuery) {
  return queryOptions({
    queryKey: [...paymentsQueryKey(organizationId), 'list', query] as const,
    queryFn: () => getPayments(organizationId, query),
    staleTime: STALE_TIME.list,
  });
}

/**
 * After a payment is recorded, changed, refunded or deleted: the lists and their totals, the payment
 * itself, and the billing cycles it paid (or stopped paying).
 */
export function refreshPayments(queryClient: QueryClient, organizationId: string) {
  return queryClient.invalidateQueries({ queryKey: paymentsQueryKey(organizationId) });
}
