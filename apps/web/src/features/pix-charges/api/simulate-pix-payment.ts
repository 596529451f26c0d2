import { useTranslation } from 'react-i18next';
import { api } from '@/lib/api-client.ts';
import { useToastMutation } from '@/lib/toasts.ts';

/** The demo (PIX_PSP=sandbox): the customer pays this charge in the local PSP; its webhook marks the cycle paid. */
export function useSimulatePixPayment(organizationId: string, customerId: string) {
  const { t } = useTranslation();
  return useToastMutation({
    mutationFn: (txid: string) =>
      api.post<void>(
        `/organizations/${encodeURIComponent(organizationId)}/customers/${encodeURIComponent(customerId)}/pix-charges/${encodeURIComponent(txid)}/simulate-payment`,
      ),
    toasts: {
      loading: t('pixCharges.simulate.loading'),
      success: t('pixCharges.simulate.success'),
      errorFallback: 'common.errors.failedToUpdate',
    },
  });
}
