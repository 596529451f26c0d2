import type { Schedule, ScheduleValues } from '@reformer/domain/schedules';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '@/lib/api-client.ts';
import { useToastMutation } from '@/lib/toasts.ts';
import { scheduleQueryKey } from './get-schedule.ts';
import { refreshSchedules, schedulesPath } from './get-schedules.ts';

/** The server regenerates the future sessions that have no attendance; past ones stay. */
export function updateSchedule(
  organizationId: string,
  scheduleId: string,
  input: ScheduleValues,
): Promise<Schedule> {
  return api.put<Schedule>(schedulesPath(organizationId, scheduleId), input);
}

export function useUpdateSchedule(
  organizationId: string,
  scheduleId: string,
  options: { onSuccess?: (schedule: Schedule) => unknown } = {},
) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useToastMutation({
    mutationFn: (input: ScheduleValues) => updateSchedule(organizationId, scheduleId, input),
    toasts: {
      loading: t('schedules.edit.loading'),
      success: (schedule) => t('schedules.edit.success', { name: schedule.name }),
      errorFallback: 'common.errors.failedToUpdate',
    },
    onSuccess: async (schedule) => {
      queryClient.setQueryData(scheduleQueryKey(organizationId, scheduleId), schedule);
      await refreshSchedules(queryClient, organizationId);
      await options.onSuccess?.(schedule);
    },
  });
}
