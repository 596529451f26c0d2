import type { ProfileChangeList } from '@reformer/domain/portal-profile';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';

/** What the customer changed in their profile in the portal (decision 046), newest first. */
export function profileChangesQueryOptions(organizationId: string, customerId: string) {
  return queryOptions({
    queryKey: ['organizations', organizationId, 'customers', customerId, 'profile-changes'] as const,
    queryFn: () =>
      api.get<ProfileChangeList>(
        `/organizations/${encodeURIComponent(organizationId)}/customers/${encodeURIComponent(customerId)}/profile-changes`,
      ),
  });
}
