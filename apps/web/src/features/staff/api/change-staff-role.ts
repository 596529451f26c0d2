import type { OrgRole } from '@reformer/domain/permissions';
import { ROLE_LABEL_KEYS } from '@reformer/domain/permissions';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '@/lib/api-client.ts';
import { useToastMutation } from '@/lib/toasts.ts';
import { refreshStaff, staffMemberPath } from './get-staff.ts';

export function changeStaffRole(organizationId: string, staffUserId: string, role: OrgRole): Promise<void> {
  return api.put(`${staffMemberPath(organizationId, staffUserId)}/role`, { role });
}

type ChangeRoleVariables = { staffUserId: string; role: OrgRole; name: string };

/** Takes effect on the member's next request; 409 LAST_OWNER when the last owner would be demoted. */
export function useChangeStaffRole(organizationId: string, options: { onSuccess?: () => unknown } = {}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useToastMutation({
    mutationFn: ({ staffUserId, role }: ChangeRoleVariables) =>
      changeStaffRole(organizationId, staffUserId, role),
    toasts: {
      loading: t('staff.changeRole.loading'),
      success: (_data, { name, role }) =>
        t('staff.changeRole.success', { name, role: t(ROLE_LABEL_KEYS[role]) }),
      errorFallback: 'common.errors.generic',
    },
    onSuccess: async () => {
      await refreshStaff(queryClient, organizationId);
      await options.onSuccess?.();
    },
  });
}
