import type { Payment, PaymentValues } from '@reformer/domain/payments';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '@/lib/api-client.ts';
import { useNameOrUnknown } from '@/lib/person-name.ts';
import { useToastMutation } from '@/lib/toasts.ts';
import { paymentsPath, refreshPayments } from './get-payments.ts';

/** The whole payment again; the cycle it pays is sent as it was, so an edit never moves it to another. */
export function updatePayment(
  organizationId: string,
  paymentId: string,
  input: PaymentValues,
): Promise<Payment> {
  return api.put<Payment>(paymentsPath(organizationId, paymentId), input);
}

export function useUpdatePayment(
  organizationId: string,
  paymentId: string,
  options: { onSuccess?: (payment: Payment) => unknown } = {},
) {
  const { t } = useTranslation();
  const nameOrUnknown = useNameOrUnknown();
  const queryClient = useQueryClient();
  return useToastMutation({
    mutationFn: (input: PaymentValues) => updatePayment(organizationId, paymentId, input),
    toasts: {
      loading: t('payments.edit.loading'),
      success: (payment) => t('payments.edit.success', { name: nameOrUnknown(payment.customerName) }),
      errorFallback: 'common.errors.failedToUpdate',
    },
    onSuccess: async (payment) => {
      await refreshPayments(queryClient, organizationId);
      await options.onSuccess?.(payment);
    },
  });
}
