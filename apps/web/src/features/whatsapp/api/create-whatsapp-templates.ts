import type { WhatsAppTemplates } from '@reformer/domain/whatsapp-templates';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '@/lib/api-client.ts';
import { useToastMutation } from '@/lib/toasts.ts';
import { whatsappPath } from './get-whatsapp.ts';
import { whatsappTemplatesQueryKey } from './get-whatsapp-templates.ts';
import { describeWhatsAppError } from './whatsapp-errors.ts';

type Created = WhatsAppTemplates & { created: number };

/** Submits the templates the account lacks for Meta's review; the ones there are left alone. */
export function createWhatsAppTemplates(organizationId: string): Promise<Created> {
  return api.post<Created>(whatsappPath(organizationId, '/templates'));
}

export function useCreateWhatsAppTemplates(organizationId: string) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useToastMutation({
    mutationFn: () => createWhatsAppTemplates(organizationId),
    toasts: {
      loading: t('whatsapp.templates.loading'),
      success: (answer) => t('whatsapp.templates.success', { count: answer.created }),
      errorFallback: 'common.errors.failedToCreate',
      describeError: describeWhatsAppError,
    },
    onSuccess: ({ created: _, ...templates }) =>
      queryClient.setQueryData(whatsappTemplatesQueryKey(organizationId), templates),
  });
}
