import type { CustomerBilling } from '@reformer/domain/payments';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { paymentsQueryKey } from '@/lib/organization-query-keys.ts';
import { STALE_TIME } from '@/lib/query-client.ts';

/**
 * Each enrollment of the customer with its plan's price and billing cycles (paid, due, overdue, upcoming):
 * step 2 of a new payment and the customer's Payments tab.
 */
export function getCustomerBilling(organizationId: string, customerId: string): Promise<CustomerBilling> {
  return api.get<CustomerBilling>(
    `/organizations/${encodeURIComponent(organizationId)}/customers/${encodeURIComponent(customerId)}/billing`,
  );
}

export function customerBillingQueryOptions(organizationId: string, customerId: string) {
  return queryOptions({
    queryKey: [...paymentsQueryKey(organizationId), 'billing', customerId] as const,
    queryFn: () => getCustomerBilling(organizationId, customerId),
    staleTime: STALE_TIME.list,
  });
}
