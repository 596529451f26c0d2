import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '@/lib/api-client.ts';
import { useToastMutation } from '@/lib/toasts.ts';
import { invitationPath, invitationsQueryKey } from './get-invitations.ts';

/** The link stops working at once; 409 INVITATION_NOT_PENDING once accepted, expired or revoked. */
export function revokeInvitation(organizationId: string, invitationId: string): Promise<void> {
  return api.delete(invitationPath(organizationId, invitationId));
}

type RevokeVariables = { id: string; email: string };

export function useRevokeInvitation(organizationId: string, options: { onSuccess?: () => unknown } = {}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useToastMutation({
    mutationFn: ({ id }: RevokeVariables) => revokeInvitation(organizationId, id),
    toasts: {
      loading: t('invitations.revoke.loading'),
      success: (_data, { email }) => t('invitations.revoke.success', { email }),
      errorFallback: 'common.errors.generic',
    },
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: invitationsQueryKey(organizationId) });
      await options.onSuccess?.();
    },
  });
}
