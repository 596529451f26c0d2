import type { PixSettings, PixSettingsValues } from '@reformer/domain/pix';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '@/lib/api-client.ts';
import { useToastMutation } from '@/lib/toasts.ts';
import { pixSettingsPath, pixSettingsQueryKey } from './get-pix-settings.ts';

export function updatePixSettings(organizationId: string, input: PixSettingsValues): Promise<PixSettings> {
  return api.put<PixSettings>(pixSettingsPath(organizationId), input);
}

export function useUpdatePixSettings(organizationId: string) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useToastMutation({
    mutationFn: (input: PixSettingsValues) => updatePixSettings(organizationId, input),
    toasts: {
      loading: t('payments.pixSettings.loading'),
      success: t('payments.pixSettings.success'),
      errorFallback: 'common.errors.failedToUpdate',
    },
    onSuccess: (settings) => queryClient.setQueryData(pixSettingsQueryKey(organizationId), settings),
  });
}
