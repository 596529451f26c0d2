import type { CalendarFeedStatus } from '@reformer/domain/portal-calendar';
import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '@/lib/api-client.ts';
import { useToastMutation } from '@/lib/toasts.ts';

function calendarFeedPath(organizationId: string, customerId: string): string {
  return `/organizations/${encodeURIComponent(organizationId)}/customers/${encodeURIComponent(customerId)}/calendar-feed`;
}

function calendarFeedQueryKey(organizationId: string, customerId: string) {
  return ['organizations', organizationId, 'customers', customerId, 'calendar-feed'] as const;
}

/** Whether the customer subscribed to their calendar feed (decision 046), and since when. */
export function calendarFeedQueryOptions(organizationId: string, customerId: string) {
  return queryOptions({
    queryKey: calendarFeedQueryKey(organizationId, customerId),
    queryFn: () => api.get<CalendarFeedStatus>(calendarFeedPath(organizationId, customerId)),
  });
}

/** Revokes the feed (its address reached the wrong person): calendars subscribed to it stop updating. */
export function useRevokeCalendarFeed(organizationId: string, customerId: string) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useToastMutation({
    mutationFn: () => api.delete<CalendarFeedStatus>(calendarFeedPath(organizationId, customerId)),
    toasts: {
      loading: t('classLink.calendarFeed.revoking'),
      success: t('classLink.calendarFeed.revoked'),
      errorFallback: 'classLink.calendarFeed.revokeFailed',
    },
    onSuccess: (status) => queryClient.setQueryData(calendarFeedQueryKey(organizationId, customerId), status),
  });
}
