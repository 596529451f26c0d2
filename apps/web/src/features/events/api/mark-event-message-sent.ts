import type { EventMessage } from '@reformer/domain/events';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '@/lib/api-client.ts';
import { useToastMutation } from '@/lib/toasts.ts';
import { eventsPath, eventsQueryKey } from './events-paths.ts';

export function markEventMessageSent(organizationId: string, messageId: string) {
  return api.post<EventMessage>(eventsPath(organizationId, `messages/${encodeURIComponent(messageId)}/sent`));
}

/** A message of the outbox went out by a member's hand (its WhatsApp link opened): it leaves the outbox. */
export function useMarkEventMessageSent(organizationId: string) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useToastMutation({
    mutationFn: (messageId: string) => markEventMessageSent(organizationId, messageId),
    toasts: {
      loading: t('events.send.loading'),
      success: t('events.send.whatsApp'),
      errorFallback: 'events.send.failed',
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: eventsQueryKey(organizationId) }),
  });
}
