import type { EventChannel, EventKind, EventMessage } from '@reformer/domain/events';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '@/lib/api-client.ts';
import { useToastMutation } from '@/lib/toasts.ts';
import { eventsPath, eventsQueryKey, KIND_SEGMENTS } from './events-paths.ts';

/** The row an action is about: the customer (birthdays) or the enrollment (payment reminders), and its date. */
export type EventOccasion = { kind: EventKind; id: string; occasionDate: string; customerId: string };

export type SendEventVariables = EventOccasion & { channel: EventChannel };

/** The API client sends one Idempotency-Key per call: a double click sends one message. */
export function sendEvent({ kind, id, occasionDate, channel }: SendEventVariables, organizationId: string) {
  const path = eventsPath(organizationId, `${KIND_SEGMENTS[kind]}/${encodeURIComponent(id)}/send`);
  return api.post<EventMessage>(path, { occasionDate, channel });
}

export function useSendEvent(organizationId: string) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useToastMutation({
    mutationFn: (variables: SendEventVariables) => sendEvent(variables, organizationId),
    toasts: {
      loading: t('events.send.loading'),
      success: (message) => {
        if (message.channel === 'WHATSAPP') return t('events.send.whatsApp');
        if (message.status === 'OUTBOX') return t('events.send.outbox');
        return t('events.send.sent', { channel: t(`events.channels.${message.channel ?? 'EMAIL'}`) });
      },
      errorFallback: 'events.send.failed',
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: eventsQueryKey(organizationId) }),
  });
}
