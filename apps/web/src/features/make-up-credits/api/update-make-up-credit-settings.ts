import type { MakeUpCreditSettings } from '@reformer/domain/make-up-credits';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '@/lib/api-client.ts';
import { useToastMutation } from '@/lib/toasts.ts';
import { makeUpCreditSettingsPath, makeUpCreditSettingsQueryKey } from './get-make-up-credit-settings.ts';

export function updateMakeUpCreditSettings(
  organizationId: string,
  input: MakeUpCreditSettings,
): Promise<MakeUpCreditSettings> {
  return api.put<MakeUpCreditSettings>(makeUpCreditSettingsPath(organizationId), input);
}

/** Needs MANAGE_SETTINGS; credits already earned keep their expiry. */
export function useUpdateMakeUpCreditSettings(organizationId: string) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useToastMutation({
    mutationFn: (input: MakeUpCreditSettings) => updateMakeUpCreditSettings(organizationId, input),
    toasts: {
      loading: t('makeUpCredits.settings.loading'),
      success: t('makeUpCredits.settings.success'),
      errorFallback: 'makeUpCredits.settings.failed',
    },
    onSuccess: (settings) => queryClient.setQueryData(makeUpCreditSettingsQueryKey(organizationId), settings),
  });
}
