import type { Payment } from '@reformer/domain/payments';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../../lib/api-client.ts';
import { useFormatMoney } from '../../../lib/format.ts';
import { useToastMutation } from '../../../lib/toasts.ts';
import { paymentsPath, refreshPayments } from './get-payments.ts';

/**
 * COMPLETED becomes REFUNDED and the cycle it paid is open again; any other status is 409
 * PAYMENT_NOT_REFUNDABLE.
 */
export function refundPayment(organizationId: string, paymentId: string): Promise<Payment> {
  return api.post<Payment>(`${paymentsPath(organizationId, paymentId)}/refund`);
}

export function useRefundPayment(organizationId: string, options: { onSuccess?: () => unknown } = {}) {
  const { t } = useTranslation();
  const formatMoney = useFormatMoney();
  const queryClient = useQueryClient();
  return useToastMutation({
    mutationFn: (paymentId: string) => refundPayment(organizationId, paymentId),
    toasts: {
      loading: t('payments.refund.loading'),
      success: (payment) =>
        t('payments.refund.success', { amount: formatMoney(payment.amountCents, payment.currency) }),
      errorFallback: 'common.errors.failedToUpdate',
    },
    onSuccess: async () => {
      await refreshPayments(queryClient, organizationId);
      await options.onSuccess?.();
    },
  });
}
