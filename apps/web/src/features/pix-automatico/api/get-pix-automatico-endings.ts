import type { PixAutomaticoEndings } from '@reformer/domain/pix-automatico-views';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { paymentsQueryKey } from '@/lib/organization-query-keys.ts';
import { STALE_TIME } from '@/lib/query-client.ts';

/**
 * The recurrences the payer's side ended lately that nothing replaced: the whole organization's (dashboard) or
 * one customer's. Needs VIEW_PAYMENTS.
 */
export function pixAutomaticoEndingsQueryOptions(organizationId: string, customerId?: string) {
  const query = customerId ? `?customerId=${encodeURIComponent(customerId)}` : '';
  return queryOptions({
    queryKey: [...paymentsQueryKey(organizationId), 'pix-automatico-endings', customerId ?? null] as const,
    queryFn: () =>
      api.get<PixAutomaticoEndings>(
        `/organizations/${encodeURIComponent(organizationId)}/dashboard/pix-automatico-endings${query}`,
      ),
    staleTime: STALE_TIME.list,
  });
}
