import type { CreatePurchaseValues, Purchase } from '@reformer/domain/purchases';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '@/lib/api-client.ts';
import { paymentsQueryKey } from '@/lib/organization-query-keys.ts';
import { useToastMutation } from '@/lib/toasts.ts';
import { purchasesPath } from './get-purchases.ts';

/** The API client sends one Idempotency-Key per call: a double submit sells once. */
export function createPurchase(organizationId: string, input: CreatePurchaseValues): Promise<Purchase> {
  return api.post<Purchase>(purchasesPath(organizationId), input);
}

export function useCreatePurchase(
  organizationId: string,
  options: { onSuccess?: (purchase: Purchase) => unknown } = {},
) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useToastMutation({
    mutationFn: (input: CreatePurchaseValues) => createPurchase(organizationId, input),
    toasts: {
      loading: t('purchases.sell.loading'),
      success: (purchase) =>
        t('purchases.sell.success', { plan: purchase.planName, name: purchase.customerName }),
      errorFallback: 'common.errors.failedToCreate',
    },
    onSuccess: async (purchase) => {
      // The customer's billing (under the payments key) now offers it for payment.
      await queryClient.invalidateQueries({ queryKey: paymentsQueryKey(organizationId) });
      await options.onSuccess?.(purchase);
    },
  });
}
