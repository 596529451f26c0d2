import type { Payment } from '@reformer/domain/payments';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '@/lib/api-client.ts';
import { useFormatMoney } from '@/lib/format.ts';
import { useToastMutation } from '@/lib/toasts.ts';
import { paymentsPath, refreshPayments } from './get-payments.ts';

export type RefundRequest = { paymentId: string; amountCents: number | null };

/**
 * Gives back a COMPLETED payment, whole (no amount) or in part: what went to credit first, then its cycle
 * opens again for the rest (decision 028). 409 PAYMENT_NOT_REFUNDABLE / PAYMENT_REFUND_TOO_LARGE otherwise.
 */
export function refundPayment(
  organizationId: string,
  { paymentId, amountCents }: RefundRequest,
): Promise<Payment> {
  return api.post<Payment>(`${paymentsPath(organizationId, paymentId)}/refund`, { amountCents });
}

export function useRefundPayment(organizationId: string, options: { onSuccess?: () => unknown } = {}) {
  const { t } = useTranslation();
  const formatMoney = useFormatMoney();
  const queryClient = useQueryClient();
  return useToastMutation({
    mutationFn: (request: RefundRequest) => refundPayment(organizationId, request),
    toasts: {
      loading: t('payments.refund.loading'),
      success: (payment, request) =>
        t('payments.refund.success', {
          amount: formatMoney(request.amountCents ?? payment.refundedCents, payment.currency),
        }),
      errorFallback: 'common.errors.failedToUpdate',
    },
    onSuccess: async () => {
      await refreshPayments(queryClient, organizationId);
      await options.onSuccess?.();
    },
  });
}
