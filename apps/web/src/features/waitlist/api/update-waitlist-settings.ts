import type { WaitlistSettings } from '@reformer/domain/waitlist';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '@/lib/api-client.ts';
import { useToastMutation } from '@/lib/toasts.ts';
import { waitlistSettingsPath, waitlistSettingsQueryKey } from './get-waitlist-settings.ts';

export function updateWaitlistSettings(organizationId: string, input: WaitlistSettings) {
  return api.put<WaitlistSettings>(waitlistSettingsPath(organizationId), input);
}

/** Needs MANAGE_SETTINGS; offers already made keep their expiry. */
export function useUpdateWaitlistSettings(organizationId: string) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useToastMutation({
    mutationFn: (input: WaitlistSettings) => updateWaitlistSettings(organizationId, input),
    toasts: {
      loading: t('waitlist.settings.loading'),
      success: t('waitlist.settings.success'),
      errorFallback: 'waitlist.settings.failed',
    },
    onSuccess: (settings) => queryClient.setQueryData(waitlistSettingsQueryKey(organizationId), settings),
  });
}
