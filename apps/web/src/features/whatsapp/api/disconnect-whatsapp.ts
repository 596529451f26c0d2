import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '@/lib/api-client.ts';
import { useToastMutation } from '@/lib/toasts.ts';
import { whatsappPath, whatsappQueryKey } from './get-whatsapp.ts';

/** The token and app secret are deleted; messages already sent stay listed. */
export function disconnectWhatsApp(organizationId: string): Promise<void> {
  return api.delete(whatsappPath(organizationId));
}

export function useDisconnectWhatsApp(organizationId: string, options: { onSuccess?: () => unknown } = {}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useToastMutation({
    mutationFn: () => disconnectWhatsApp(organizationId),
    toasts: {
      loading: t('whatsapp.disconnect.loading'),
      success: t('whatsapp.disconnect.success'),
      errorFallback: 'common.errors.failedToDelete',
    },
    onSuccess: async () => {
      await options.onSuccess?.();
      await queryClient.invalidateQueries({ queryKey: whatsappQueryKey(organizationId) });
    },
  });
}
