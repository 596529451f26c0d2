import type { StaffMember } from '@reformer/domain/staff';
import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { accessProfileQueryKey } from '@/lib/access-profile.ts';
import { api } from '@/lib/api-client.ts';
import { myOrganizationsQueryKey, organizationQueryKey } from '@/lib/organization-query-keys.ts';
import { STALE_TIME } from '@/lib/query-client.ts';

/** Spec core.md §7: the staff list is fresh for 2 minutes. */
export function staffQueryKey(organizationId: string) {
  return ['staff', organizationId] as const;
}

export function getStaff(organizationId: string): Promise<StaffMember[]> {
  return api.get<StaffMember[]>(`/organizations/${encodeURIComponent(organizationId)}/staff`);
}

export function staffQueryOptions(organizationId: string) {
  return queryOptions({
    queryKey: staffQueryKey(organizationId),
    queryFn: () => getStaff(organizationId),
    staleTime: STALE_TIME.staff,
  });
}

export function staffMemberPath(organizationId: string, staffUserId: string): string {
  return `/organizations/${encodeURIComponent(organizationId)}/staff/${encodeURIComponent(staffUserId)}`;
}

/**
 * After a role change, new establishment roles or a removal: the list, the user's own permissions (spec
 * §6: refreshed after a role change or removal), and the role and member count shown with the organization.
 */
export function refreshStaff(queryClient: QueryClient, organizationId: string) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: staffQueryKey(organizationId) }),
    queryClient.invalidateQueries({ queryKey: accessProfileQueryKey(organizationId) }),
    queryClient.invalidateQueries({ queryKey: organizationQueryKey(organizationId) }),
    queryClient.invalidateQueries({ queryKey: myOrganizationsQueryKey }),
  ]);
}
