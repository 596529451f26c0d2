import type { Payment, PaymentValues } from '@reformer/domain/payments';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '@/lib/api-client.ts';
import { useFormatMoney } from '@/lib/format.ts';
import { useNameOrUnknown } from '@/lib/person-name.ts';
import { useToastMutation } from '@/lib/toasts.ts';
import { paymentsPath, refreshPayments } from './get-payments.ts';

/** The API client sends one Idempotency-Key per call: a double submit or a retry records one payment. */
export function createPayment(organizationId: string, input: PaymentValues): Promise<Payment> {
  return api.post<Payment>(paymentsPath(organizationId), input);
}

export function useCreatePayment(
  organizationId: string,
  options: { onSuccess?: (payment: Payment) => unknown } = {},
) {
  const { t } = useTranslation();
  const formatMoney = useFormatMoney();
  const nameOrUnknown = useNameOrUnknown();
  const queryClient = useQueryClient();
  return useToastMutation({
    mutationFn: (input: PaymentValues) => createPayment(organizationId, input),
    toasts: {
      loading: t('payments.create.loading'),
      success: (payment) =>
        t('payments.create.success', {
          amount: formatMoney(payment.amountCents, payment.currency),
          name: nameOrUnknown(payment.customerName),
        }),
      errorFallback: 'common.errors.failedToCreate',
    },
    onSuccess: async (payment) => {
      await refreshPayments(queryClient, organizationId);
      await options.onSuccess?.(payment);
    },
  });
}
