import type {
  BirthdayConfigValues,
  EventConfig,
  EventKind,
  PaymentReminderConfigValues,
} from '@reformer/domain/events';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '@/lib/api-client.ts';
import { useToastMutation } from '@/lib/toasts.ts';
import { eventsQueryKey } from './events-paths.ts';
import { eventConfigPath, eventConfigQueryKey } from './get-event-config.ts';

export type EventConfigValues = BirthdayConfigValues | PaymentReminderConfigValues;

export function updateEventConfig(
  organizationId: string,
  kind: EventKind,
  values: EventConfigValues,
): Promise<EventConfig> {
  return api.put<EventConfig>(eventConfigPath(organizationId, kind), values);
}

/** Spec §8: 'Birthday events configuration saved successfully' or 'Failed to save configuration. Try again.' */
export function useUpdateEventConfig(organizationId: string, kind: EventKind) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useToastMutation({
    mutationFn: (values: EventConfigValues) => updateEventConfig(organizationId, kind, values),
    toasts: {
      loading: t('events.config.saving'),
      success: kind === 'BIRTHDAY' ? t('events.birthdays.saved') : t('events.paymentReminders.saved'),
      errorFallback: 'events.config.saveFailed',
    },
    onSuccess: async (config) => {
      queryClient.setQueryData(eventConfigQueryKey(organizationId, kind), config);
      await queryClient.invalidateQueries({ queryKey: eventsQueryKey(organizationId) });
    },
  });
}
