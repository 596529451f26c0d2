import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '@/lib/api-client.ts';
import { useToastMutation } from '@/lib/toasts.ts';
import { purchasesPath, refreshPurchases } from './get-purchases.ts';

/** Only a sale with no class spent and no payment (409 PURCHASE_IN_USE otherwise). */
export function deletePurchase(organizationId: string, purchaseId: string): Promise<void> {
  return api.delete<void>(purchasesPath(organizationId, purchaseId));
}

export function useDeletePurchase(organizationId: string, options: { onSuccess?: () => unknown } = {}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useToastMutation({
    mutationFn: (purchaseId: string) => deletePurchase(organizationId, purchaseId),
    toasts: {
      loading: t('purchases.undo.loading'),
      success: () => t('purchases.undo.success'),
      errorFallback: 'common.errors.failedToDelete',
    },
    onSuccess: async () => {
      await refreshPurchases(queryClient, organizationId);
      await options.onSuccess?.();
    },
  });
}
