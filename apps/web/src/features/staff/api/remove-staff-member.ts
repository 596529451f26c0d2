import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '@/lib/api-client.ts';
import { useToastMutation } from '@/lib/toasts.ts';
import { refreshStaff, staffMemberPath } from './get-staff.ts';

export function removeStaffMember(organizationId: string, staffUserId: string): Promise<void> {
  return api.delete(staffMemberPath(organizationId, staffUserId));
}

type RemoveVariables = { staffUserId: string; name: string };

/** The member loses access on their next request; 409 LAST_OWNER protects the last owner. */
export function useRemoveStaffMember(organizationId: string, options: { onSuccess?: () => unknown } = {}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useToastMutation({
    mutationFn: ({ staffUserId }: RemoveVariables) => removeStaffMember(organizationId, staffUserId),
    toasts: {
      loading: t('staff.remove.loading'),
      success: (_data, { name }) => t('staff.remove.success', { name }),
      errorFallback: 'common.errors.generic',
    },
    onSuccess: async () => {
      await refreshStaff(queryClient, organizationId);
      await options.onSuccess?.();
    },
  });
}
