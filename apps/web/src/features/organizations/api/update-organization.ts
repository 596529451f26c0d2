import type { Organization, OrganizationInput } from '@reformer/domain/organizations';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '@/lib/api-client.ts';
import {
  myOrganizationsQueryKey,
  organizationQueryKey,
  sessionsQueryKey,
} from '@/lib/organization-query-keys.ts';
import { useToastMutation } from '@/lib/toasts.ts';

export function updateOrganization(organizationId: string, input: OrganizationInput): Promise<Organization> {
  return api.put<Organization>(`/organizations/${encodeURIComponent(organizationId)}`, input);
}

export function useUpdateOrganization(organizationId: string) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useToastMutation({
    mutationFn: (input: OrganizationInput) => updateOrganization(organizationId, input),
    toasts: {
      loading: t('settings.general.loading'),
      success: t('settings.general.success'),
      errorFallback: 'common.errors.failedToUpdate',
    },
    // A new time zone moves the instants of the sessions ahead (their local date and time stay).
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: organizationQueryKey(organizationId) }),
        queryClient.invalidateQueries({ queryKey: myOrganizationsQueryKey }),
        queryClient.invalidateQueries({ queryKey: sessionsQueryKey(organizationId) }),
      ]),
  });
}
