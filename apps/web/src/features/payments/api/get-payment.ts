import type { Payment } from '@reformer/domain/payments';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { paymentsQueryKey } from '@/lib/organization-query-keys.ts';
import { STALE_TIME } from '@/lib/query-client.ts';
import { paymentsPath } from './get-payments.ts';

export function paymentQueryKey(organizationId: string, paymentId: string) {
  return [...paymentsQueryKey(organizationId), 'detail', paymentId] as const;
}

/** One payment; another organization's, or one that does not exist, is 404 PAYMENT_NOT_FOUND. */
export function getPayment(organizationId: string, paymentId: string): Promise<Payment> {
  return api.get<Payment>(paymentsPath(organizationId, paymentId));
}

export function paymentQueryOptions(organizationId: string, paymentId: string) {
  return queryOptions({
    queryKey: paymentQueryKey(organizationId, paymentId),
    queryFn: () => getPayment(organizationId, paymentId),
    staleTime: STALE_TIME.list,
  });
}
