import { type PaymentReminderEventList, UPCOMING_EVENT_DAYS } from '@reformer/domain/events';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { STALE_TIME } from '@/lib/query-client.ts';
import { eventsPath, eventsQueryKey } from './events-paths.ts';

/** Unpaid billing cycles: overdue ones and those due in the next 30 days, oldest due date first. */
export function getPaymentReminders(organizationId: string): Promise<PaymentReminderEventList> {
  return api.get<PaymentReminderEventList>(eventsPath(organizationId, 'payment-reminders'), {
    query: { days: UPCOMING_EVENT_DAYS },
  });
}

export function paymentRemindersQueryOptions(organizationId: string) {
  return queryOptions({
    queryKey: [...eventsQueryKey(organizationId), 'payment-reminders'] as const,
    queryFn: () => getPaymentReminders(organizationId),
    staleTime: STALE_TIME.list,
  });
}
