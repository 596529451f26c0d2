import type { CustomerQuestionnaireStatus } from '@reformer/domain/portal-health-questionnaire';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';

/** Whether the customer's questionnaire is pending or received: dates only, for who may see customers. */
export function customerQuestionnaireStatusQueryOptions(organizationId: string, customerId: string) {
  return queryOptions({
    queryKey: ['health-questionnaire-status', organizationId, customerId] as const,
    queryFn: () =>
      api.get<CustomerQuestionnaireStatus>(
        `/organizations/${encodeURIComponent(organizationId)}/customers/${encodeURIComponent(customerId)}/health-questionnaire`,
      ),
    staleTime: 0,
  });
}
