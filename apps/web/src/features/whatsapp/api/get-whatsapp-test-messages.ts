import type { WhatsAppMessage } from '@reformer/domain/whatsapp';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { whatsappPath, whatsappQueryKey } from './get-whatsapp.ts';

/** A message whose status may still change: its webhooks are on their way. */
const isSettled = (message: WhatsAppMessage) => message.status === 'read' || message.status === 'failed';

export function whatsappTestMessagesQueryOptions(organizationId: string) {
  return queryOptions({
    queryKey: [...whatsappQueryKey(organizationId), 'test-messages'],
    queryFn: () => api.get<{ messages: WhatsAppMessage[] }>(whatsappPath(organizationId, '/test-messages')),
    // Meta's status webhooks arrive over seconds: look again while a recent test has not settled.
    refetchInterval: (query) =>
      query.state.data?.messages.some((message) => !isSettled(message)) ? 3000 : false,
  });
}
