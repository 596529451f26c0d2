import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '@/lib/api-client.ts';
import { useToastMutation } from '@/lib/toasts.ts';
import { paymentQueryKey } from './get-payment.ts';
import { paymentsPath, refreshPayments } from './get-payments.ts';

/** Gone from the lists and totals; a cycle it paid is open again. The audit trail keeps the amounts. */
export function deletePayment(organizationId: string, paymentId: string): Promise<void> {
  return api.delete(paymentsPath(organizationId, paymentId));
}

export function useDeletePayment(organizationId: string, options: { onSuccess?: () => unknown } = {}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useToastMutation({
    mutationFn: (paymentId: string) => deletePayment(organizationId, paymentId),
    toasts: {
      loading: t('payments.delete.loading'),
      success: t('payments.delete.success'),
      errorFallback: 'common.errors.failedToDelete',
    },
    onSuccess: async (_nothing, paymentId) => {
      // Leave the edit page first: refetching a deleted payment there would show "not found".
      await options.onSuccess?.();
      queryClient.removeQueries({ queryKey: paymentQueryKey(organizationId, paymentId) });
      await refreshPayments(queryClient, organizationId);
    },
  });
}
