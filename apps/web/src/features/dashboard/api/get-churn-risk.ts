import type { ChurnRiskList } from '@reformer/domain/churn-risk';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';

/** The dashboard shows the highest scores only; the endpoint pages the rest. */
export const CHURN_RISK_CARD_LIMIT = 10;

export function getChurnRisk(organizationId: string, limit: number): Promise<ChurnRiskList> {
  return api.get<ChurnRiskList>(`/organizations/${encodeURIComponent(organizationId)}/churn-risk`, {
    query: { limit },
  });
}

/** Refetched on every visit to the home, like the dashboard's figures: every feature moves the scores. */
export function churnRiskQueryOptions(organizationId: string) {
  return queryOptions({
    queryKey: ['churn-risk', organizationId, CHURN_RISK_CARD_LIMIT] as const,
    queryFn: () => getChurnRisk(organizationId, CHURN_RISK_CARD_LIMIT),
    staleTime: 0,
  });
}
