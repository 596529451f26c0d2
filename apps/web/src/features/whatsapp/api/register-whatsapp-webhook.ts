import type { WhatsAppSettings } from '@reformer/domain/whatsapp';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '@/lib/api-client.ts';
import { useToastMutation } from '@/lib/toasts.ts';
import { whatsappPath, whatsappQueryKey } from './get-whatsapp.ts';
import { describeWhatsAppError } from './whatsapp-errors.ts';

/** Meta checks our address with its handshake, then sends the delivery updates to it. */
export function registerWhatsAppWebhook(organizationId: string): Promise<WhatsAppSettings> {
  return api.post<WhatsAppSettings>(whatsappPath(organizationId, '/webhook-registration'));
}

export function useRegisterWhatsAppWebhook(organizationId: string) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useToastMutation({
    mutationFn: () => registerWhatsAppWebhook(organizationId),
    toasts: {
      loading: t('whatsapp.webhook.loading'),
      success: t('whatsapp.webhook.success'),
      errorFallback: 'common.errors.generic',
      describeError: describeWhatsAppError,
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: whatsappQueryKey(organizationId) }),
  });
}
