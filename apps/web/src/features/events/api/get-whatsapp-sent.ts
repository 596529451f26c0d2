import type { EventMessageList } from '@reformer/domain/events';
import { hasUnsettledWhatsApp } from '@reformer/domain/whatsapp-sending';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { STALE_TIME } from '@/lib/query-client.ts';
import { eventsPath, eventsQueryKey } from './events-paths.ts';

/** Messages sent through the WhatsApp Cloud API with Meta's statuses (decision 052), newest first. */
export function getWhatsAppSent(organizationId: string): Promise<EventMessageList> {
  return api.get<EventMessageList>(eventsPath(organizationId, 'whatsapp-messages'));
}

/** Asked again every few seconds while a message may still change (queued, sent, delivered). */
export const WHATSAPP_STATUS_POLL_MS = 5_000;

export function whatsAppSentQueryOptions(organizationId: string) {
  return queryOptions({
    queryKey: [...eventsQueryKey(organizationId), 'whatsapp-sent'] as const,
    queryFn: () => getWhatsAppSent(organizationId),
    staleTime: STALE_TIME.list,
    refetchInterval: (query) =>
      hasUnsettledWhatsApp(query.state.data?.items ?? []) ? WHATSAPP_STATUS_POLL_MS : false,
  });
}
