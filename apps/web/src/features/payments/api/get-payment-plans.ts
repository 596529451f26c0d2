import type { PaymentPlanList } from '@reformer/domain/payments';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { paymentsQueryKey } from '@/lib/organization-query-keys.ts';
import { STALE_TIME } from '@/lib/query-client.ts';
import { paymentsPath } from './get-payments.ts';

/** The plans for the list's filter; needs only VIEW_PAYMENTS (an accountant cannot list customer plans). */
export function getPaymentPlans(organizationId: string): Promise<PaymentPlanList> {
  return api.get<PaymentPlanList>(`${paymentsPath(organizationId)}/plans`);
}

export function paymentPlansQueryOptions(organizationId: string) {
  return queryOptions({
    queryKey: [...paymentsQueryKey(organizationId), 'plans'] as const,
    queryFn: () => getPaymentPlans(organizationId),
    staleTime: STALE_TIME.list,
  });
}
