import type { NoCreditDateList } from '@reformer/domain/make-up-credit-schemas';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { makeUpCreditsQueryKey } from '@/lib/make-up-credits.ts';
import { STALE_TIME } from '@/lib/query-client.ts';

export function noCreditDatesPath(organizationId: string, establishmentId: string): string {
  return `/organizations/${encodeURIComponent(organizationId)}/establishments/${encodeURIComponent(establishmentId)}/no-credit-dates`;
}

export function noCreditDatesQueryKey(organizationId: string, establishmentId: string) {
  return [...makeUpCreditsQueryKey(organizationId), 'no-credit-dates', establishmentId] as const;
}

/** An establishment's dates with no credit (its holidays), by date. */
export function getNoCreditDates(organizationId: string, establishmentId: string): Promise<NoCreditDateList> {
  return api.get<NoCreditDateList>(noCreditDatesPath(organizationId, establishmentId));
}

export function noCreditDatesQueryOptions(organizationId: string, establishmentId: string) {
  return queryOptions({
    queryKey: noCreditDatesQueryKey(organizationId, establishmentId),
    queryFn: () => getNoCreditDates(organizationId, establishmentId),
    staleTime: STALE_TIME.list,
  });
}
