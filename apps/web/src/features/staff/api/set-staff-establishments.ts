import type { EstablishmentAssignment } from '@reformer/domain/staff';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '@/lib/api-client.ts';
import { useToastMutation } from '@/lib/toasts.ts';
import { refreshStaff, staffMemberPath } from './get-staff.ts';

/** Replaces all of the member's establishment roles with the given list. */
export function setStaffEstablishments(
  organizationId: string,
  staffUserId: string,
  establishments: EstablishmentAssignment[],
): Promise<void> {
  return api.put(`${staffMemberPath(organizationId, staffUserId)}/establishments`, { establishments });
}

type SetEstablishmentsVariables = {
  staffUserId: string;
  establishments: EstablishmentAssignment[];
  name: string;
};

export function useSetStaffEstablishments(
  organizationId: string,
  options: { onSuccess?: () => unknown } = {},
) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useToastMutation({
    mutationFn: ({ staffUserId, establishments }: SetEstablishmentsVariables) =>
      setStaffEstablishments(organizationId, staffUserId, establishments),
    toasts: {
      loading: t('staff.establishmentRoles.loading'),
      success: (_data, { name }) => t('staff.establishmentRoles.success', { name }),
      errorFallback: 'common.errors.generic',
    },
    onSuccess: async () => {
      await refreshStaff(queryClient, organizationId);
      await options.onSuccess?.();
    },
  });
}
