import type { Schedule, ScheduleValues } from '@reformer/domain/schedules';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '@/lib/api-client.ts';
import { useToastMutation } from '@/lib/toasts.ts';
import { refreshSchedules, schedulesPath } from './get-schedules.ts';

export function createSchedule(organizationId: string, input: ScheduleValues): Promise<Schedule> {
  return api.post<Schedule>(schedulesPath(organizationId), input);
}

export function useCreateSchedule(
  organizationId: string,
  options: { onSuccess?: (schedule: Schedule) => unknown } = {},
) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useToastMutation({
    mutationFn: (input: ScheduleValues) => createSchedule(organizationId, input),
    toasts: {
      loading: t('schedules.create.loading'),
      success: (schedule) => t('schedules.create.success', { name: schedule.name }),
      errorFallback: 'common.errors.failedToCreate',
    },
    onSuccess: async (schedule) => {
      await refreshSchedules(queryClient, organizationId);
      await options.onSuccess?.(schedule);
    },
  });
}
