import type { Customer } from '@reformer/domain/customers';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { customersQueryKey } from '@/lib/customer-list.ts';
import { STALE_TIME } from '@/lib/query-client.ts';

/**
 * The paying customer's record, for the number a PIX code is sent to by WhatsApp. Needs VIEW_CUSTOMERS,
 * which the payments list does not: the dialog asks only when the member holds it. Keyed under the
 * customers, so editing a customer's phone refreshes it.
 */
export function payerContactQueryOptions(organizationId: string, customerId: string) {
  return queryOptions({
    queryKey: [...customersQueryKey(organizationId), 'detail', customerId] as const,
    queryFn: () =>
      api.get<Customer>(
        `/organizations/${encodeURIComponent(organizationId)}/customers/${encodeURIComponent(customerId)}`,
      ),
    staleTime: STALE_TIME.list,
  });
}
