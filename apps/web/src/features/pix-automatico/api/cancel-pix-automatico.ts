import type { PixRecurrence } from '@reformer/domain/pix-automatico';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '@/lib/api-client.ts';
import { paymentsQueryKey } from '@/lib/organization-query-keys.ts';
import { useToastMutation } from '@/lib/toasts.ts';
import { enrollmentPixAutomaticoQueryKey, pixAutomaticoPath } from './get-enrollment-pix-automatico.ts';

export function cancelPixAutomatico(organizationId: string, enrollmentId: string): Promise<PixRecurrence> {
  return api.post<PixRecurrence>(pixAutomaticoPath(organizationId, enrollmentId, '/cancel'));
}

export function useCancelPixAutomatico(
  organizationId: string,
  enrollmentId: string,
  options: { onSuccess?: () => unknown } = {},
) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useToastMutation({
    mutationFn: () => cancelPixAutomatico(organizationId, enrollmentId),
    toasts: {
      loading: t('pixAutomatico.cancel.loading'),
      success: t('pixAutomatico.cancel.success'),
      errorFallback: 'common.errors.failedToUpdate',
    },
    // Refused as ended meanwhile (the payer cancelled in their bank): the panel reads the end.
    onError: () =>
      void queryClient.invalidateQueries({
        queryKey: enrollmentPixAutomaticoQueryKey(organizationId, enrollmentId),
      }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: paymentsQueryKey(organizationId) });
      await options.onSuccess?.();
    },
  });
}
