import type { AcceptedInvitation as AcceptedInvitationSchema } from '@reformer/domain/invitations';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { api } from '@/lib/api-client.ts';
import { myOrganizationsQueryKey } from '@/lib/organization-query-keys.ts';
import { useToastMutation } from '@/lib/toasts.ts';

export type AcceptedInvitation = z.infer<typeof AcceptedInvitationSchema>;

/**
 * Needs both the invitation token and the user's own token (spec §4). 403 INVITATION_EMAIL_MISMATCH when
 * signed in with another email; 409 STAFF_ALREADY_MEMBER when already in the organization.
 */
export function acceptInvitation(token: string): Promise<AcceptedInvitation> {
  return api.post<AcceptedInvitation>(`/invitations/accept/${encodeURIComponent(token)}`);
}

export function useAcceptInvitation() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useToastMutation({
    mutationFn: acceptInvitation,
    toasts: {
      loading: t('invitations.accept.loading'),
      success: (accepted) => t('invitations.accept.success', { name: accepted.organizationName }),
      errorFallback: 'common.errors.generic',
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: myOrganizationsQueryKey }),
  });
}
