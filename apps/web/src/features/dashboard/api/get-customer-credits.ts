import type { CustomerCreditList, CustomerCreditQuery } from '@reformer/domain/customer-credits';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { STALE_TIME } from '@/lib/query-client.ts';

export function getCustomerCredits(
  organizationId: string,
  query: CustomerCreditQuery,
): Promise<CustomerCreditList> {
  return api.get<CustomerCreditList>(
    `/organizations/${encodeURIComponent(organizationId)}/customer-credits`,
    {
      query,
    },
  );
}

/** The customers with credit, the dashboard credit figure's list; the last page stays while the next loads. */
export function customerCreditsQueryOptions(organizationId: string, query: CustomerCreditQuery) {
  return queryOptions({
    queryKey: ['customer-credits', organizationId, query] as const,
    queryFn: () => getCustomerCredits(organizationId, query),
    staleTime: STALE_TIME.list,
    placeholderData: keepPreviousData,
  });
}
