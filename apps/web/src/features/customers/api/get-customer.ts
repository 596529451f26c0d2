import type { Customer } from '@reformer/domain/customers';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { customersQueryKey } from '@/lib/customer-list.ts';
import { STALE_TIME } from '@/lib/query-client.ts';

export function customerQueryKey(organizationId: string, customerId: string) {
  return [...customersQueryKey(organizationId), 'detail', customerId] as const;
}

export function customerPath(organizationId: string, customerId: string): string {
  return `/organizations/${encodeURIComponent(organizationId)}/customers/${encodeURIComponent(customerId)}`;
}

export function getCustomer(organizationId: string, customerId: string): Promise<Customer> {
  return api.get<Customer>(customerPath(organizationId, customerId));
}

export function customerQueryOptions(organizationId: string, customerId: string) {
  return queryOptions({
    queryKey: customerQueryKey(organizationId, customerId),
    queryFn: () => getCustomer(organizationId, customerId),
    staleTime: STALE_TIME.list,
  });
}
