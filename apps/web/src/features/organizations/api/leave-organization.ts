import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { accessProfileQueryKey } from '@/lib/access-profile.ts';
import { api } from '@/lib/api-client.ts';
import { myOrganizationsQueryKey, organizationQueryKey } from '@/lib/organization-query-keys.ts';
import { useToastMutation } from '@/lib/toasts.ts';

export function leaveOrganization(organizationId: string): Promise<void> {
  return api.delete(`/organizations/${encodeURIComponent(organizationId)}/leave`);
}

type LeaveVariables = { id: string; name: string };

export function useLeaveOrganization(options: { onSuccess?: (left: LeaveVariables) => unknown } = {}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useToastMutation({
    mutationFn: ({ id }: LeaveVariables) => leaveOrganization(id),
    toasts: {
      loading: t('organizations.leave.loading'),
      success: (_data, { name }) => t('organizations.leave.success', { name }),
      errorFallback: 'common.errors.failedToLeave',
    },
    onSuccess: async (_data, left) => {
      await queryClient.invalidateQueries({ queryKey: myOrganizationsQueryKey, refetchType: 'all' });
      await options.onSuccess?.(left);
      // The organization is gone for this user: drop its cache rather than refetch it into a 404.
      queryClient.removeQueries({ queryKey: organizationQueryKey(left.id) });
      queryClient.removeQueries({ queryKey: accessProfileQueryKey(left.id) });
    },
  });
}
