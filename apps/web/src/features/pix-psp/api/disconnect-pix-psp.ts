import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '@/lib/api-client.ts';
import { useToastMutation } from '@/lib/toasts.ts';
import { pixPspPath, pixPspQueryKey } from './get-pix-psp.ts';

/** The credentials are deleted; the static BR Code and manual payments stay. */
export function disconnectPixPsp(organizationId: string): Promise<void> {
  return api.delete(pixPspPath(organizationId));
}

export function useDisconnectPixPsp(organizationId: string, options: { onSuccess?: () => unknown } = {}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useToastMutation({
    mutationFn: () => disconnectPixPsp(organizationId),
    toasts: {
      loading: t('pixPsp.disconnect.loading'),
      success: t('pixPsp.disconnect.success'),
      errorFallback: 'common.errors.failedToDelete',
    },
    onSuccess: async () => {
      await options.onSuccess?.();
      await queryClient.invalidateQueries({ queryKey: pixPspQueryKey(organizationId) });
    },
  });
}
