import type { PayableCustomerList } from '@reformer/domain/payments';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { paymentsQueryKey } from '@/lib/organization-query-keys.ts';
import { STALE_TIME } from '@/lib/query-client.ts';
import { paymentsPath } from './get-payments.ts';

/**
 * Step 1's choices: up to 20 customers matching the search (as the customers list searches, from 2
 * characters), or without one the most recently enrolled. One without an enrollment is listed but cannot
 * be chosen (spec §2). Needs only VIEW_PAYMENTS, not VIEW_CUSTOMERS.
 */
export function getPaymentCustomers(organizationId: string, search: string): Promise<PayableCustomerList> {
  return api.get<PayableCustomerList>(`${paymentsPath(organizationId)}/customers`, {
    query: { search: search || undefined },
  });
}

export function paymentCustomersQueryOptions(organizationId: string, search: string) {
  return queryOptions({
    queryKey: [...paymentsQueryKey(organizationId), 'customers', search] as const,
    queryFn: () => getPaymentCustomers(organizationId, search),
    staleTime: STALE_TIME.list,
  });
}
