import type { WhatsAppConnectionValues, WhatsAppSettings } from '@reformer/domain/whatsapp';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '@/lib/api-client.ts';
import { useToastMutation } from '@/lib/toasts.ts';
import { whatsappPath, whatsappQueryKey } from './get-whatsapp.ts';
import { describeWhatsAppError } from './whatsapp-errors.ts';

/** The whole connection; Meta is asked for the number first. A secret left out keeps the stored one. */
export function saveWhatsApp(
  organizationId: string,
  input: WhatsAppConnectionValues,
): Promise<WhatsAppSettings> {
  return api.put<WhatsAppSettings>(whatsappPath(organizationId), input);
}

export function useSaveWhatsApp(organizationId: string) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useToastMutation({
    mutationFn: (input: WhatsAppConnectionValues) => saveWhatsApp(organizationId, input),
    toasts: {
      loading: t('whatsapp.save.loading'),
      success: t('whatsapp.save.success'),
      errorFallback: 'common.errors.failedToUpdate',
      describeError: describeWhatsAppError,
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: whatsappQueryKey(organizationId) }),
  });
}
