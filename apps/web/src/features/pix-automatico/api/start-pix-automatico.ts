import type { PixRecurrence, StartPixAutomaticoInput } from '@reformer/domain/pix-automatico';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '@/lib/api-client.ts';
import { describeError } from '@/lib/error-messages.ts';
import { paymentsQueryKey } from '@/lib/organization-query-keys.ts';
import { useToastMutation } from '@/lib/toasts.ts';
import { describeStartError } from '../describe-start-error.ts';
import { enrollmentPixAutomaticoQueryKey, pixAutomaticoPath } from './get-enrollment-pix-automatico.ts';

/** The API client sends one Idempotency-Key per call: a double submit starts one recurrence. */
export function startPixAutomatico(
  organizationId: string,
  enrollmentId: string,
  input: StartPixAutomaticoInput,
): Promise<PixRecurrence> {
  return api.post<PixRecurrence>(pixAutomaticoPath(organizationId, enrollmentId), input);
}

export function useStartPixAutomatico(organizationId: string, enrollmentId: string) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useToastMutation({
    mutationFn: (input: StartPixAutomaticoInput) => startPixAutomatico(organizationId, enrollmentId, input),
    toasts: {
      loading: t('pixAutomatico.start.loading'),
      success: t('pixAutomatico.start.success'),
      errorFallback: 'common.errors.failedToCreate',
      describeError: (error, fallback) => describeStartError(error) ?? describeError(error, fallback),
    },
    // Refused as one started meanwhile (another tab, a colleague): the panel reads what is there now.
    onError: () =>
      void queryClient.invalidateQueries({
        queryKey: enrollmentPixAutomaticoQueryKey(organizationId, enrollmentId),
      }),
    // The first cycle may have been charged now (paid ahead): the billing and payments read it.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: paymentsQueryKey(organizationId) }),
  });
}
