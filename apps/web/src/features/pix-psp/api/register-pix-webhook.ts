import type { PixWebhookRegistration } from '@reformer/domain/pix-charges';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '@/lib/api-client.ts';
import { useToastMutation } from '@/lib/toasts.ts';
import { pixPspPath } from './get-pix-psp.ts';
import { pixWebhookQueryKey } from './get-pix-webhook.ts';

/**
 * Registers Reformer's webhook for the studio's PIX key. Another system's URL is replaced only when
 * `replaceUrl` repeats it (409 PIX_WEBHOOK_TAKEN with `details.registeredUrl` otherwise).
 */
export function registerPixWebhook(
  organizationId: string,
  replaceUrl: string | null,
): Promise<PixWebhookRegistration> {
  return api.put<PixWebhookRegistration>(pixPspPath(organizationId, '/webhook'), { replaceUrl });
}

export function useRegisterPixWebhook(
  organizationId: string,
  options: { onTaken: (registeredUrl: string) => void },
) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useToastMutation({
    mutationFn: (replaceUrl: string | null) => registerPixWebhook(organizationId, replaceUrl),
    toasts: {
      loading: t('pixPsp.webhookRegistration.loading'),
      success: t('pixPsp.webhookRegistration.success'),
      errorFallback: 'common.errors.failedToUpdate',
    },
    onSuccess: (registration) => queryClient.setQueryData(pixWebhookQueryKey(organizationId), registration),
    onError: (error) => {
      const details = (error as { code?: string; details?: { registeredUrl?: string } }).details;
      if ((error as { code?: string }).code === 'PIX_WEBHOOK_TAKEN' && details?.registeredUrl) {
        options.onTaken(details.registeredUrl);
      }
    },
  });
}
