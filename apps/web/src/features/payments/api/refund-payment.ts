import type { Payment } from '@reformer/domain/payments';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '@/lib/api-client.ts';
import { useFormatMoney } from '@/lib/format.ts';
import { useToastMutation } from '@/lib/toasts.ts';
import { paymentsPath, refreshPayments } from './get-payments.ts';

export type RefundRequest = { payment: Payment; amountCents: number | null };

/**
 * Gives back a COMPLETED payment, whole (no amount) or in part: what went to credit first, then its cycle
 * opens again for the rest (decision 028). 409 PAYMENT_NOT_REFUNDABLE / PAYMENT_REFUND_TOO_LARGE otherwise.
 * A Pix the PSP reported goes back through the PSP (decision 030): asked now, given back when the bank
 * settles it, so the answer is the request, not the payment.
 */
export async function refundPayment(
  organizationId: string,
  { payment, amountCents }: RefundRequest,
): Promise<{ isThroughPsp: boolean; amountCents: number }> {
  const path = paymentsPath(organizationId, payment.id);
  if (payment.endToEndId) {
    const asked = await api.post<{ amountCents: number }>(`${path}/pix-refunds`, { amountCents });
    return { isThroughPsp: true, amountCents: asked.amountCents };
  }
  const refunded = await api.post<Payment>(`${path}/refund`, { amountCents });
  return { isThroughPsp: false, amountCents: amountCents ?? refunded.refundedCents };
}

export function useRefundPayment(organizationId: string, options: { onSuccess?: () => unknown } = {}) {
  const { t } = useTranslation();
  const formatMoney = useFormatMoney();
  const queryClient = useQueryClient();
  return useToastMutation({
    mutationFn: (request: RefundRequest) => refundPayment(organizationId, request),
    toasts: {
      loading: t('payments.refund.loading'),
      success: (answer, request) =>
        t(answer.isThroughPsp ? 'payments.refund.askedOfPsp' : 'payments.refund.success', {
          amount: formatMoney(answer.amountCents, request.payment.currency),
        }),
      errorFallback: 'common.errors.failedToUpdate',
    },
    onSuccess: async () => {
      await refreshPayments(queryClient, organizationId);
      await options.onSuccess?.();
    },
  });
}
