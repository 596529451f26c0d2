import type { OrganizationDetails } from '@reformer/domain/organizations';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { organizationQueryKey } from '@/lib/organization-query-keys.ts';
import { STALE_TIME } from '@/lib/query-client.ts';

export function getOrganization(organizationId: string): Promise<OrganizationDetails> {
  return api.get<OrganizationDetails>(`/organizations/${encodeURIComponent(organizationId)}`);
}

export function organizationQueryOptions(organizationId: string) {
  return queryOptions({
    queryKey: organizationQueryKey(organizationId),
    queryFn: () => getOrganization(organizationId),
    staleTime: STALE_TIME.list,
  });
}
