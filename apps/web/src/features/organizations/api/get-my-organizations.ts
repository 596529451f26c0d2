import type { MyOrganizations } from '@reformer/domain/organizations';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { myOrganizationsQueryKey } from '@/lib/organization-query-keys.ts';
import { STALE_TIME } from '@/lib/query-client.ts';

export function getMyOrganizations(): Promise<MyOrganizations> {
  return api.get<MyOrganizations>('/organizations/me');
}

export function myOrganizationsQueryOptions() {
  return queryOptions({
    queryKey: myOrganizationsQueryKey,
    queryFn: getMyOrganizations,
    staleTime: STALE_TIME.list,
  });
}
