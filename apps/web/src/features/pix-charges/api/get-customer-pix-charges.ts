import type { CustomerPixCharges } from '@reformer/domain/pix-charges';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { paymentsQueryKey } from '@/lib/organization-query-keys.ts';
import { STALE_TIME } from '@/lib/query-client.ts';

/** While a charge waits for the customer, the screen asks again this often: it turns paid by itself. */
export const OPEN_CHARGE_POLL_MS = 4000;

export function getCustomerPixCharges(organizationId: string, customerId: string) {
  return api.get<CustomerPixCharges>(
    `/organizations/${encodeURIComponent(organizationId)}/customers/${encodeURIComponent(customerId)}/pix-charges`,
  );
}

/**
 * The customer's PIX charges at the PSP (decision 030), under the payments key: a payment recorded or
 * refunded refreshes them. Polled while one is open, so a Pix confirmed by the bank shows without a reload.
 */
export function customerPixChargesQueryOptions(organizationId: string, customerId: string) {
  return queryOptions({
    queryKey: [...paymentsQueryKey(organizationId), 'pix-charges', customerId] as const,
    queryFn: () => getCustomerPixCharges(organizationId, customerId),
    staleTime: STALE_TIME.list,
    refetchInterval: (query) =>
      query.state.data?.charges.some((charge) => charge.status === 'ACTIVE' || charge.status === 'PENDING')
        ? OPEN_CHARGE_POLL_MS
        : false,
  });
}
