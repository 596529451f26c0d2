import type { WhatsAppCosts } from '@reformer/domain/whatsapp-costs';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { STALE_TIME } from '@/lib/query-client.ts';
import { whatsappPath, whatsappQueryKey } from './get-whatsapp.ts';

/** The month's WhatsApp messages and their cost at Meta's prices, in US dollars; needs VIEW_SETTINGS. */
export function whatsappCostsQueryOptions(organizationId: string) {
  return queryOptions({
    queryKey: [...whatsappQueryKey(organizationId), 'costs'],
    queryFn: () => api.get<WhatsAppCosts>(whatsappPath(organizationId, '/costs')),
    staleTime: STALE_TIME.list,
  });
}
