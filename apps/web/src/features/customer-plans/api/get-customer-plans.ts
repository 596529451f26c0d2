import type { CustomerPlan } from '@reformer/domain/customer-plans';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { STALE_TIME } from '@/lib/query-client.ts';

export function customerPlansQueryKey(organizationId: string) {
  return ['customer-plans', organizationId] as const;
}

export function customerPlansPath(organizationId: string, planId?: string): string {
  const base = `/organizations/${encodeURIComponent(organizationId)}/customer-plans`;
  return planId ? `${base}/${encodeURIComponent(planId)}` : base;
}

export function getCustomerPlans(organizationId: string): Promise<CustomerPlan[]> {
  return api.get<CustomerPlan[]>(customerPlansPath(organizationId));
}

export function customerPlansQueryOptions(organizationId: string) {
  return queryOptions({
    queryKey: customerPlansQueryKey(organizationId),
    queryFn: () => getCustomerPlans(organizationId),
    staleTime: STALE_TIME.list,
  });
}
