import type {
  HealthDataConsentInput,
  PortalQuestionnaire,
} from '@reformer/domain/portal-health-questionnaire';
import type { Language } from '@reformer/domain/preferences';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';

/**
 * The portal's health questionnaire (decision 044), with the portal's cookie: the questions and the consent
 * text in the page's language; the consent; the answers, sent once (each POST carries its Idempotency-Key).
 */
const asCustomer = { authenticated: false } as const;
const questionnaireKey = (language: Language) => ['portal', 'health-questionnaire', language] as const;

export const portalQuestionnaireQueryOptions = (language: Language) =>
  queryOptions({
    queryKey: questionnaireKey(language),
    queryFn: () =>
      api.get<PortalQuestionnaire>('/portal/health-questionnaire', { ...asCustomer, query: { language } }),
    staleTime: 0,
    retry: false,
  });

function useQuestionnaireChange<Input>(
  language: Language,
  send: (input: Input) => Promise<PortalQuestionnaire>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (view) => queryClient.setQueryData(questionnaireKey(language), view),
    onError: () => queryClient.invalidateQueries({ queryKey: questionnaireKey(language) }),
  });
}

export const useGiveHealthConsent = (language: Language) =>
  useQuestionnaireChange(language, (input: HealthDataConsentInput) =>
    api.post<PortalQuestionnaire>('/portal/health-questionnaire/consent', input, asCustomer),
  );

export const useSendQuestionnaire = (language: Language) =>
  useQuestionnaireChange(language, (answers: Record<string, unknown>) =>
    api.post<PortalQuestionnaire>(
      '/portal/health-questionnaire/answers',
      { answers },
      { ...asCustomer, query: { language } },
    ),
  );
