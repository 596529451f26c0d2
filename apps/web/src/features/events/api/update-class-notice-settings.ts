import type { ClassNoticeSettings, ClassNoticeSettingsValues } from '@reformer/domain/events-class-notices';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '@/lib/api-client.ts';
import { useToastMutation } from '@/lib/toasts.ts';
import { classNoticeSettingsPath, classNoticeSettingsQueryKey } from './get-class-notice-settings.ts';

export function updateClassNoticeSettings(
  organizationId: string,
  values: ClassNoticeSettingsValues,
): Promise<ClassNoticeSettings> {
  return api.put<ClassNoticeSettings>(classNoticeSettingsPath(organizationId), values);
}

export function useUpdateClassNoticeSettings(organizationId: string) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useToastMutation({
    mutationFn: (values: ClassNoticeSettingsValues) => updateClassNoticeSettings(organizationId, values),
    toasts: {
      loading: t('events.config.saving'),
      success: t('events.classNotices.saved'),
      errorFallback: 'events.config.saveFailed',
    },
    onSuccess: (settings) => {
      queryClient.setQueryData(classNoticeSettingsQueryKey(organizationId), settings);
    },
  });
}
