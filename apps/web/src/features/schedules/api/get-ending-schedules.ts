import type { EndingSchedules } from '@reformer/domain/schedules';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { schedulesQueryKey } from '@/lib/organization-query-keys.ts';
import { schedulesPath } from './get-schedules.ts';

/** Schedules ending within 30 days with enrollments that renew by themselves; `scheduleId` asks about one. */
export function getEndingSchedules(organizationId: string, scheduleId?: string): Promise<EndingSchedules> {
  return api.get<EndingSchedules>(`${schedulesPath(organizationId)}/ending`, {
    query: scheduleId ? { scheduleId } : {},
  });
}

/**
 * Under the schedules' key, so saving a schedule refreshes it; refetched on every visit too (staleTime 0), as
 * enrollments set to end or renew change its counts without touching a schedule.
 */
export function endingSchedulesQueryOptions(organizationId: string, scheduleId?: string) {
  return queryOptions({
    queryKey: [...schedulesQueryKey(organizationId), 'ending', scheduleId ?? 'all'] as const,
    queryFn: () => getEndingSchedules(organizationId, scheduleId),
    staleTime: 0,
  });
}
