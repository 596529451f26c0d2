import type { PurchaseList, PurchaseListQuery } from '@reformer/domain/purchases';
import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { purchasesQueryKey } from '@/lib/organization-query-keys.ts';
import { STALE_TIME } from '@/lib/query-client.ts';

export function purchasesPath(organizationId: string, purchaseId?: string): string {
  const base = `/organizations/${encodeURIComponent(organizationId)}/purchases`;
  return purchaseId ? `${base}/${encodeURIComponent(purchaseId)}` : base;
}

/** A page of the plans sold for the filters, newest first, each with its balance, expiry and payment state. */
export function getPurchases(organizationId: string, query: PurchaseListQuery): Promise<PurchaseList> {
  return api.get<PurchaseList>(purchasesPath(organizationId), { query });
}

export function purchasesQueryOptions(organizationId: string, query: PurchaseListQuery) {
  return queryOptions({
    queryKey: [...purchasesQueryKey(organizationId), 'list', query] as const,
    queryFn: () => getPurchases(organizationId, query),
    staleTime: STALE_TIME.list,
  });
}

/** After a sale or its undoing: the lists, and the customer's billing that offers it for payment. */
export function refreshPurchases(queryClient: QueryClient, organizationId: string) {
  return queryClient.invalidateQueries({ queryKey: purchasesQueryKey(organizationId) });
}
