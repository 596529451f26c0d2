import type { Invitation, InvitationStatus } from '@reformer/domain/invitations';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { STALE_TIME } from '@/lib/query-client.ts';

/** Spec core.md §7: the invitation list is fresh for 1 minute. */
/** Optional filters, sent only when set (spec §7). */
export type InvitationFilters = { status?: InvitationStatus; limit?: number; offset?: number };

/** What the staff page lists. */
export const PENDING_INVITATIONS: InvitationFilters = { status: 'pending' };

export function invitationsQueryKey(organizationId: string, filters?: InvitationFilters) {
  return filters
    ? (['invitations', organizationId, filters] as const)
    : (['invitations', organizationId] as const);
}

export function getInvitations(
  organizationId: string,
  filters: InvitationFilters = {},
): Promise<Invitation[]> {
  return api.get<Invitation[]>(`/organizations/${encodeURIComponent(organizationId)}/invitations`, {
    query: filters,
  });
}

export function invitationsQueryOptions(organizationId: string, filters: InvitationFilters = {}) {
  return queryOptions({
    queryKey: invitationsQueryKey(organizationId, filters),
    queryFn: () => getInvitations(organizationId, filters),
    staleTime: STALE_TIME.invitations,
  });
}

export function invitationPath(organizationId: string, invitationId: string): string {
  return `/organizations/${encodeURIComponent(organizationId)}/invitations/${encodeURIComponent(invitationId)}`;
}
