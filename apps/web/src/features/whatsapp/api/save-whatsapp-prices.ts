import type { WhatsAppCosts, WhatsAppPricesInput } from '@reformer/domain/whatsapp-costs';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '@/lib/api-client.ts';
import { useToastMutation } from '@/lib/toasts.ts';
import { whatsappPath } from './get-whatsapp.ts';
import { whatsappCostsQueryOptions } from './get-whatsapp-costs.ts';

/** The studio's prices per message (null = Meta's list price); answers the estimate at them. MANAGE_SETTINGS. */
export function saveWhatsAppPrices(
  organizationId: string,
  prices: WhatsAppPricesInput,
): Promise<WhatsAppCosts> {
  return api.put<WhatsAppCosts>(whatsappPath(organizationId, '/costs'), prices);
}

export function useSaveWhatsAppPrices(organizationId: string) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useToastMutation({
    mutationFn: (prices: WhatsAppPricesInput) => saveWhatsAppPrices(organizationId, prices),
    toasts: {
      loading: t('whatsapp.costs.prices.loading'),
      success: t('whatsapp.costs.prices.success'),
      errorFallback: 'common.errors.failedToUpdate',
    },
    onSuccess: (costs) => queryClient.setQueryData(whatsappCostsQueryOptions(organizationId).queryKey, costs),
  });
}
