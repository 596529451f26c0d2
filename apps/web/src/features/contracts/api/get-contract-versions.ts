import type { ContractVersionList } from '@reformer/domain/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { STALE_TIME } from '@/lib/query-client.ts';

export function contractVersionsPath(organizationId: string): string {
  return `/organizations/${encodeURIComponent(organizationId)}/contract-versions`;
}

export const contractVersionsQueryKey = (organizationId: string) =>
  ['contract-versions', organizationId] as const;

/** The studio's terms, newest version first; every member may read them. */
export function contractVersionsQueryOptions(organizationId: string) {
  return queryOptions({
    queryKey: contractVersionsQueryKey(organizationId),
    queryFn: () => api.get<ContractVersionList>(contractVersionsPath(organizationId)),
    staleTime: STALE_TIME.list,
  });
}
