import type { InvitationPreview } from '@reformer/domain/invitations';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';

export function invitationPreviewQueryKey(token: string) {
  return ['invitation-preview', token] as const;
}

/** Public: anyone holding the link may see what it offers. 404 INVITATION_INVALID when it no longer works. */
export function validateInvitation(token: string): Promise<InvitationPreview> {
  return api.get<InvitationPreview>(`/invitations/validate/${encodeURIComponent(token)}`, {
    authenticated: false,
  });
}

/** Spec core.md §4 and §7: validation is always refetched and never retried. */
export function invitationPreviewQueryOptions(token: string) {
  return queryOptions({
    queryKey: invitationPreviewQueryKey(token),
    queryFn: () => validateInvitation(token),
    staleTime: 0,
    retry: false,
    refetchOnMount: 'always',
  });
}
