import type { HealthQuestionnaireSettings } from '@reformer/domain/health-questionnaire';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { STALE_TIME } from '@/lib/query-client.ts';

export function healthQuestionnaireSettingsPath(organizationId: string): string {
  return `/organizations/${encodeURIComponent(organizationId)}/health-questionnaire/settings`;
}

export function healthQuestionnaireSettingsQueryKey(organizationId: string) {
  return ['health-questionnaire-settings', organizationId] as const;
}

/** Which questionnaire the portal asks (OFF until chosen); for who may manage medical records. */
export function healthQuestionnaireSettingsQueryOptions(organizationId: string) {
  return queryOptions({
    queryKey: healthQuestionnaireSettingsQueryKey(organizationId),
    queryFn: () => api.get<HealthQuestionnaireSettings>(healthQuestionnaireSettingsPath(organizationId)),
    staleTime: STALE_TIME.list,
  });
}
