import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '@/lib/api-client.ts';
import { useToastMutation } from '@/lib/toasts.ts';
import { enrollmentQueryKey } from './get-enrollment.ts';
import { enrollmentsPath, refreshEnrollments } from './get-enrollments.ts';

/** The customer leaves the rosters of the sessions ahead; attendance already taken stays. */
export function deleteEnrollment(organizationId: string, enrollmentId: string): Promise<void> {
  return api.delete(enrollmentsPath(organizationId, enrollmentId));
}

export function useDeleteEnrollment(organizationId: string, options: { onSuccess?: () => unknown } = {}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useToastMutation({
    mutationFn: (enrollmentId: string) => deleteEnrollment(organizationId, enrollmentId),
    toasts: {
      loading: t('enrollments.delete.loading'),
      success: t('enrollments.delete.success'),
      errorFallback: 'common.errors.failedToDelete',
    },
    onSuccess: async (_nothing, enrollmentId) => {
      // Leave the details page first: refetching a deleted enrollment there would show "not found".
      await options.onSuccess?.();
      queryClient.removeQueries({ queryKey: enrollmentQueryKey(organizationId, enrollmentId) });
      await refreshEnrollments(queryClient, organizationId);
    },
  });
}
