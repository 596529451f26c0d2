import type { ApplyCreditInput, CustomerBilling } from '@reformer/domain/payments';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '@/lib/api-client.ts';
import { useToastMutation } from '@/lib/toasts.ts';
import { refreshPayments } from './get-payments.ts';

/** The customer's credit pays what it can of one cycle; the answer is their billing as it now stands. */
export function applyCredit(
  organizationId: string,
  customerId: string,
  input: ApplyCreditInput,
): Promise<CustomerBilling> {
  return api.post<CustomerBilling>(
    `/organizations/${encodeURIComponent(organizationId)}/customers/${encodeURIComponent(customerId)}/billing/credit-applications`,
    input,
  );
}

export function useApplyCredit(organizationId: string, customerId: string) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useToastMutation({
    mutationFn: (input: ApplyCreditInput) => applyCredit(organizationId, customerId, input),
    toasts: {
      loading: t('payments.applyCredit.loading'),
      success: () => t('payments.applyCredit.success'),
      errorFallback: 'common.errors.failedToUpdate',
    },
    onSuccess: () => refreshPayments(queryClient, organizationId),
  });
}
