import type { MyOrganizations } from '@reformer/domain/organizations';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { STALE_TIME } from '../../../lib/query-client.ts';

export const myOrganizationsQueryKey = ['organizations', 'me'] as const;

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
