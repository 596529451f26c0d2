import type { Schedule } from '@reformer/domain/schedules';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { schedulesQueryKey } from '@/lib/organization-query-keys.ts';
import { STALE_TIME } from '@/lib/query-client.ts';
import { schedulesPath } from './get-schedules.ts';

export function scheduleQueryKey(organizationId: string, scheduleId: string) {
  return [...schedulesQueryKey(organizationId), 'detail', scheduleId] as const;
}

export function getSchedule(organizationId: string, scheduleId: string): Promise<Schedule> {
  return api.get<Schedule>(schedulesPath(organizationId, scheduleId));
}

export function scheduleQueryOptions(organizationId: string, scheduleId: string) {
  return queryOptions({
    queryKey: scheduleQueryKey(organizationId, scheduleId),
    queryFn: () => getSchedule(organizationId, scheduleId),
    staleTime: STALE_TIME.list,
  });
}
