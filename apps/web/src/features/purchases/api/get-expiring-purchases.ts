import type { ExpiringPurchases } from '@reformer/domain/purchases';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { purchasesQueryKey } from '@/lib/organization-query-keys.ts';
import { STALE_TIME } from '@/lib/query-client.ts';
import { purchasesPath } from './get-purchases.ts';

/** Packs and single classes with classes left whose last day is within `days` days, soonest first. */
export function getExpiringPurchases(organizationId: string, days: number): Promise<ExpiringPurchases> {
  return api.get<ExpiringPurchases>(`${purchasesPath(organizationId)}/expiring`, { query: { days } });
}

export function expiringPurchasesQueryOptions(organizationId: string, days: number) {
  return queryOptions({
    queryKey: [...purchasesQueryKey(organizationId), 'expiring', days] as const,
    queryFn: () => getExpiringPurchases(organizationId, days),
    staleTime: STALE_TIME.list,
  });
}
