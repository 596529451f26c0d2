import type { ScheduleList, ScheduleListQuery } from '@reformer/domain/schedules';
import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { enrollmentsQueryKey, schedulesQueryKey, sessionsQueryKey } from '@/lib/organization-query-keys.ts';
import { STALE_TIME } from '@/lib/query-client.ts';

export function schedulesPath(organizationId: string, scheduleId?: string): string {
  const base = `/organizations/${encodeURIComponent(organizationId)}/schedules`;
  return scheduleId ? `${base}/${encodeURIComponent(scheduleId)}` : base;
}

function scheduleListsQueryKey(organizationId: string) {
  return [...schedulesQueryKey(organizationId), 'list'] as const;
}

export function getSchedules(organizationId: string, query: ScheduleListQuery): Promise<ScheduleList> {
  return api.get<ScheduleList>(schedulesPath(organizationId), { query });
}

export function schedulesQueryOptions(organizationId: string, query: ScheduleListQuery) {
  return queryOptions({
    queryKey: [...scheduleListsQueryKey(organizationId), query] as const,
    queryFn: () => getSchedules(organizationId, query),
    staleTime: STALE_TIME.list,
  });
}

/**
 * After a schedule is saved, (de)activated or deleted: its lists and cached schedules, the sessions the
 * server generated, regenerated or made inactive for it, and the enrollments' sessions and free seats.
 */
export function refreshSchedules(queryClient: QueryClient, organizationId: string) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: schedulesQueryKey(organizationId) }),
    queryClient.invalidateQueries({ queryKey: sessionsQueryKey(organizationId) }),
    queryClient.invalidateQueries({ queryKey: enrollmentsQueryKey(organizationId) }),
  ]);
}
