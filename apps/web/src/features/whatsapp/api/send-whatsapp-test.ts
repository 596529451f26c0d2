import type { WhatsAppMessage, WhatsAppTestMessageInput } from '@reformer/domain/whatsapp';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '@/lib/api-client.ts';
import { useToastMutation } from '@/lib/toasts.ts';
import { whatsappPath, whatsappQueryKey } from './get-whatsapp.ts';
import { describeWhatsAppError } from './whatsapp-errors.ts';

/** Meta's sample template to the number typed; its status follows by webhook. */
export function sendWhatsAppTest(
  organizationId: string,
  input: WhatsAppTestMessageInput,
): Promise<WhatsAppMessage> {
  return api.post<WhatsAppMessage>(whatsappPath(organizationId, '/test-messages'), input);
}

export function useSendWhatsAppTest(organizationId: string) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useToastMutation({
    mutationFn: (input: WhatsAppTestMessageInput) => sendWhatsAppTest(organizationId, input),
    toasts: {
      loading: t('whatsapp.test.loading'),
      success: t('whatsapp.test.success'),
      errorFallback: 'common.errors.generic',
      describeError: describeWhatsAppError,
    },
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: [...whatsappQueryKey(organizationId), 'test-messages'] }),
  });
}
