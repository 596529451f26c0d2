import type { Establishment } from '@reformer/domain/establishments';
import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import {
  myOrganizationsQueryKey,
  organizationQueryKey,
  schedulesQueryKey,
  sessionsQueryKey,
} from '@/lib/organization-query-keys.ts';
import { STALE_TIME } from '@/lib/query-client.ts';

export function establishmentsQueryKey(organizationId: string) {
  return ['establishments', organizationId] as const;
}

export function getEstablishments(organizationId: string): Promise<Establishment[]> {
  return api.get<Establishment[]>(`/organizations/${encodeURIComponent(organizationId)}/establishments`);
}

export function establishmentsQueryOptions(organizationId: string) {
  return queryOptions({
    queryKey: establishmentsQueryKey(organizationId),
    queryFn: () => getEstablishments(organizationId),
    staleTime: STALE_TIME.list,
  });
}

/**
 * After a create, update or delete: the list, the establishment counts shown with the organization, and
 * the schedules and sessions that show the establishment's name (spec §7: changing establishments
 * refreshes schedule sessions; deleting one refreshes schedules).
 */
export function refreshEstablishments(queryClient: QueryClient, organizationId: string) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: establishmentsQueryKey(organizationId) }),
    queryClient.invalidateQueries({ queryKey: organizationQueryKey(organizationId) }),
    queryClient.invalidateQueries({ queryKey: myOrganizationsQueryKey }),
    queryClient.invalidateQueries({ queryKey: schedulesQueryKey(organizationId) }),
    queryClient.invalidateQueries({ queryKey: sessionsQueryKey(organizationId) }),
  ]);
}
