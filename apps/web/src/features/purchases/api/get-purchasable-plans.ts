import type { PurchasablePlanList } from '@reformer/domain/purchases';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { purchasesQueryKey } from '@/lib/organization-query-keys.ts';
import { STALE_TIME } from '@/lib/query-client.ts';
import { purchasesPath } from './get-purchases.ts';

/** The active packs, single and trial classes the sale form offers. */
export function getPurchasablePlans(organizationId: string): Promise<PurchasablePlanList> {
  return api.get<PurchasablePlanList>(`${purchasesPath(organizationId)}/plans`);
}

export function purchasablePlansQueryOptions(organizationId: string) {
  return queryOptions({
    queryKey: [...purchasesQueryKey(organizationId), 'plans'] as const,
    queryFn: () => getPurchasablePlans(organizationId),
    staleTime: STALE_TIME.list,
  });
}
