import type { Schedule } from '@reformer/domain/schedules';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '@/lib/api-client.ts';
import { useToastMutation } from '@/lib/toasts.ts';
import { refreshSchedules, schedulesPath } from './get-schedules.ts';

/** Deactivating also makes the schedule's future sessions inactive; activating brings them back. */
export function setScheduleActive(
  organizationId: string,
  scheduleId: string,
  isActive: boolean,
): Promise<Schedule> {
  return api.put<Schedule>(`${schedulesPath(organizationId, scheduleId)}/active`, { isActive });
}

export function useSetScheduleActive(organizationId: string, options: { onSuccess?: () => unknown } = {}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useToastMutation({
    mutationFn: ({ scheduleId, isActive }: { scheduleId: string; isActive: boolean }) =>
      setScheduleActive(organizationId, scheduleId, isActive),
    toasts: {
      loading: t('schedules.active.loading'),
      success: (schedule) =>
        schedule.isActive
          ? t('schedules.active.activated', { name: schedule.name })
          : t('schedules.active.deactivated', { name: schedule.name }),
      errorFallback: 'common.errors.failedToUpdate',
    },
    onSuccess: async () => {
      await refreshSchedules(queryClient, organizationId);
      await options.onSuccess?.();
    },
  });
}
