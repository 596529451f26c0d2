import type { Invitation, InviteStaffInput } from '@reformer/domain/invitations';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '@/lib/api-client.ts';
import { useToastMutation } from '@/lib/toasts.ts';
import { invitationsQueryKey } from './get-invitations.ts';

/** `emailSent` tells whether the server mailed the link; otherwise the inviter shares `inviteUrl` by hand. */
export function inviteStaff(organizationId: string, input: InviteStaffInput): Promise<Invitation> {
  return api.post<Invitation>(`/organizations/${encodeURIComponent(organizationId)}/staff/invite`, input);
}

export function useInviteStaff(
  organizationId: string,
  options: { onSuccess?: (invitation: Invitation) => unknown } = {},
) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useToastMutation({
    mutationFn: (input: InviteStaffInput) => inviteStaff(organizationId, input),
    toasts: {
      loading: t('invitations.invite.loading'),
      success: (invitation) =>
        invitation.emailSent
          ? t('invitations.invite.successEmailed', { email: invitation.email })
          : t('invitations.invite.successLink', { email: invitation.email }),
      errorFallback: 'common.errors.generic',
    },
    onSuccess: async (invitation) => {
      await queryClient.invalidateQueries({ queryKey: invitationsQueryKey(organizationId) });
      await options.onSuccess?.(invitation);
    },
  });
}
