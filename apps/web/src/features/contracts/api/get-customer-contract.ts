import type { CustomerContract } from '@reformer/domain/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';

/** A customer's signatures with their evidence, and their consents with the history (VIEW_CUSTOMERS). */
export function customerContractQueryOptions(organizationId: string, customerId: string) {
  return queryOptions({
    queryKey: ['customer-contract', organizationId, customerId] as const,
    queryFn: () =>
      api.get<CustomerContract>(
        `/organizations/${encodeURIComponent(organizationId)}/customers/${encodeURIComponent(customerId)}/contract`,
      ),
    // Customers sign and change consents in the portal: what staff print must be what is there now.
    staleTime: 0,
  });
}
