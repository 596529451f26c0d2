import type { Invitation } from '@reformer/domain/invitations';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '@/lib/api-client.ts';
import { useToastMutation } from '@/lib/toasts.ts';
import { invitationPath, invitationsQueryKey } from './get-invitations.ts';

/** A new link and a new expiry: the previous link stops working. */
export function resendInvitation(organizationId: string, invitationId: string): Promise<Invitation> {
  return api.post<Invitation>(`${invitationPath(organizationId, invitationId)}/resend`);
}

export function useResendInvitation(
  organizationId: string,
  options: { onSuccess?: (invitation: Invitation) => unknown } = {},
) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useToastMutation({
    mutationFn: (invitationId: string) => resendInvitation(organizationId, invitationId),
    toasts: {
      loading: t('invitations.resend.loading'),
      success: (invitation) =>
        invitation.emailSent
          ? t('invitations.resend.successEmailed', { email: invitation.email })
          : t('invitations.resend.successLink', { email: invitation.email }),
      errorFallback: 'common.errors.generic',
    },
    onSuccess: async (invitation) => {
      await queryClient.invalidateQueries({ queryKey: invitationsQueryKey(organizationId) });
      await options.onSuccess?.(invitation);
    },
  });
}
