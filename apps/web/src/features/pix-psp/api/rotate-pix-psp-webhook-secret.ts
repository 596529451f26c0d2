import type { PspSettings } from '@reformer/domain/pix-psp';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '@/lib/api-client.ts';
import { useToastMutation } from '@/lib/toasts.ts';
import { pixPspPath, pixPspQueryKey } from './get-pix-psp.ts';
import { pixWebhookQueryKey } from './get-pix-webhook.ts';

/** A new secret in the PSP's webhook URL: the old URL stops being accepted. */
export function rotatePixPspWebhookSecret(organizationId: string): Promise<PspSettings> {
  return api.post<PspSettings>(pixPspPath(organizationId, '/webhook-secret/rotate'));
}

export function useRotatePixPspWebhookSecret(organizationId: string) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useToastMutation({
    mutationFn: () => rotatePixPspWebhookSecret(organizationId),
    toasts: {
      loading: t('pixPsp.webhook.loading'),
      success: t('pixPsp.webhook.success'),
      errorFallback: 'common.errors.failedToUpdate',
    },
    onSuccess: async (settings) => {
      queryClient.setQueryData(pixPspQueryKey(organizationId), settings);
      // The PSP still has the old address: the panel shows it is to be registered again.
      await queryClient.invalidateQueries({ queryKey: pixWebhookQueryKey(organizationId) });
    },
  });
}
