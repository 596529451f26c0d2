import type { WhatsAppConsent, WhatsAppConsentInput } from '@reformer/domain/whatsapp-consent';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '@/lib/api-client.ts';
import { useToastMutation } from '@/lib/toasts.ts';
import { whatsappConsentPath, whatsappConsentQueryKey } from './get-whatsapp-consent.ts';

/** What the customer told staff (source STAFF). */
export function saveWhatsAppConsent(
  organizationId: string,
  customerId: string,
  input: WhatsAppConsentInput,
): Promise<WhatsAppConsent> {
  return api.put<WhatsAppConsent>(whatsappConsentPath(organizationId, customerId), input);
}

export function useSaveWhatsAppConsent(organizationId: string, customerId: string) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useToastMutation({
    mutationFn: (input: WhatsAppConsentInput) => saveWhatsAppConsent(organizationId, customerId, input),
    toasts: {
      loading: t('whatsapp.consent.loading'),
      success: t('whatsapp.consent.success'),
      errorFallback: 'common.errors.failedToUpdate',
    },
    onSuccess: (consent) =>
      queryClient.setQueryData(whatsappConsentQueryKey(organizationId, customerId), consent),
  });
}
