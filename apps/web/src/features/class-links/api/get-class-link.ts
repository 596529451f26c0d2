import type { ClassLinkStatus } from '@reformer/domain/class-links';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';

export function classLinkPath(organizationId: string, customerId: string): string {
  return `/organizations/${encodeURIComponent(organizationId)}/customers/${encodeURIComponent(customerId)}/class-link`;
}

export function classLinkQueryKey(organizationId: string, customerId: string) {
  return ['organizations', organizationId, 'customers', customerId, 'class-link'] as const;
}

/** Whether the customer's class link is live (decision 025); the link itself is shown only when made. */
export function classLinkQueryOptions(organizationId: string, customerId: string) {
  return queryOptions({
    queryKey: classLinkQueryKey(organizationId, customerId),
    queryFn: () => api.get<ClassLinkStatus>(classLinkPath(organizationId, customerId)),
  });
}
