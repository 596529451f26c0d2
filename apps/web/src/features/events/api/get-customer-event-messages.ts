import type { EventMessageList } from '@reformer/domain/events';
import { hasUnsettledWhatsApp } from '@reformer/domain/whatsapp-sending';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { STALE_TIME } from '@/lib/query-client.ts';
import { eventsQueryKey } from './events-paths.ts';
import { WHATSAPP_STATUS_POLL_MS } from './get-whatsapp-sent.ts';

/** What was sent to one customer (the customer details' Messages tab), newest first. */
export function getCustomerEventMessages(
  organizationId: string,
  customerId: string,
): Promise<EventMessageList> {
  const path = `/organizations/${encodeURIComponent(organizationId)}/customers/${encodeURIComponent(customerId)}/event-messages`;
  return api.get<EventMessageList>(path);
}

export function customerEventMessagesQueryOptions(organizationId: string, customerId: string) {
  return queryOptions({
    queryKey: [...eventsQueryKey(organizationId), 'customer', customerId] as const,
    queryFn: () => getCustomerEventMessages(organizationId, customerId),
    staleTime: STALE_TIME.list,
    // A WhatsApp message on its way shows its status as Meta reports it (decision 052).
    refetchInterval: (query) =>
      hasUnsettledWhatsApp(query.state.data?.items ?? []) ? WHATSAPP_STATUS_POLL_MS : false,
  });
}
