import type { CustomerPurchaseList } from '@reformer/domain/purchases';
import { queryOptions } from '@tanstack/react-query';
import { api } from './api-client.ts';
import { purchasesQueryKey } from './organization-query-keys.ts';
import { STALE_TIME } from './query-client.ts';

/**
 * A customer's packs, single and trial classes with their balance (VIEW_CUSTOMERS): the customer's page and
 * the add-to-session dialog both read it, so it lives here rather than in one feature.
 */
export function getCustomerPurchases(
  organizationId: string,
  customerId: string,
): Promise<CustomerPurchaseList> {
  return api.get<CustomerPurchaseList>(
    `/organizations/${encodeURIComponent(organizationId)}/customers/${encodeURIComponent(customerId)}/purchases`,
  );
}

export function customerPurchasesQueryOptions(organizationId: string, customerId: string) {
  return queryOptions({
    queryKey: [...purchasesQueryKey(organizationId), 'customer', customerId] as const,
    queryFn: () => getCustomerPurchases(organizationId, customerId),
    staleTime: STALE_TIME.list,
  });
}
