import type {
  HealthQuestionnaireSettings,
  HealthQuestionnaireSettingsInput,
} from '@reformer/domain/health-questionnaire';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '@/lib/api-client.ts';
import { useToastMutation } from '@/lib/toasts.ts';
import {
  healthQuestionnaireSettingsPath,
  healthQuestionnaireSettingsQueryKey,
} from './get-health-questionnaire-settings.ts';

/** Needs MANAGE_MEDICAL_RECORDS; questionnaires already sent stay as they were. */
export function useUpdateHealthQuestionnaireSettings(organizationId: string) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useToastMutation({
    mutationFn: (input: HealthQuestionnaireSettingsInput) =>
      api.put<HealthQuestionnaireSettings>(healthQuestionnaireSettingsPath(organizationId), input),
    toasts: {
      loading: t('healthQuestionnaire.settings.loading'),
      success: t('healthQuestionnaire.settings.success'),
      errorFallback: 'healthQuestionnaire.settings.failed',
    },
    onSuccess: (settings) =>
      queryClient.setQueryData(healthQuestionnaireSettingsQueryKey(organizationId), settings),
  });
}
