import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '@/lib/api-client.ts';
import { useToastMutation } from '@/lib/toasts.ts';
import { refreshSchedules, schedulesPath } from './get-schedules.ts';

/** Refused with 409 SCHEDULE_HAS_ATTENDANCE once any session has attendance: deactivate it instead. */
export function deleteSchedule(organizationId: string, scheduleId: string): Promise<void> {
  return api.delete(schedulesPath(organizationId, scheduleId));
}

export function useDeleteSchedule(organizationId: string, options: { onSuccess?: () => unknown } = {}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useToastMutation({
    mutationFn: (scheduleId: string) => deleteSchedule(organizationId, scheduleId),
    toasts: {
      loading: t('schedules.delete.loading'),
      success: t('schedules.delete.success'),
      errorFallback: 'common.errors.failedToDelete',
    },
    onSuccess: async () => {
      await refreshSchedules(queryClient, organizationId);
      await options.onSuccess?.();
    },
  });
}
