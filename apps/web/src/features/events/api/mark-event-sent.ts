import type { EventMessage } from '@reformer/domain/events';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '@/lib/api-client.ts';
import { useToastMutation } from '@/lib/toasts.ts';
import { eventsPath, eventsQueryKey, KIND_SEGMENTS } from './events-paths.ts';
import type { EventOccasion } from './send-event.ts';

export function markEventSent({ kind, id, occasionDate }: EventOccasion, organizationId: string) {
  const path = eventsPath(organizationId, `${KIND_SEGMENTS[kind]}/${encodeURIComponent(id)}/sent`);
  return api.post<EventMessage>(path, { occasionDate });
}

/** Sent outside the app: the daily job will not send this occasion. */
export function useMarkEventSent(organizationId: string) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useToastMutation({
    mutationFn: (occasion: EventOccasion) => markEventSent(occasion, organizationId),
    toasts: {
      loading: t('events.mark.loading'),
      success: t('events.mark.success'),
      errorFallback: 'events.mark.failed',
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: eventsQueryKey(organizationId) }),
  });
}
