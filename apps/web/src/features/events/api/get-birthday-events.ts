import { type BirthdayEventList, UPCOMING_EVENT_DAYS } from '@reformer/domain/events';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { STALE_TIME } from '@/lib/query-client.ts';
import { eventsPath, eventsQueryKey } from './events-paths.ts';

/** Customers with a birthday in the next 30 days (spec §9), soonest first. */
export function getBirthdayEvents(organizationId: string): Promise<BirthdayEventList> {
  return api.get<BirthdayEventList>(eventsPath(organizationId, 'birthdays'), {
    query: { days: UPCOMING_EVENT_DAYS },
  });
}

export function birthdayEventsQueryOptions(organizationId: string) {
  return queryOptions({
    queryKey: [...eventsQueryKey(organizationId), 'birthdays'] as const,
    queryFn: () => getBirthdayEvents(organizationId),
    staleTime: STALE_TIME.list,
  });
}
