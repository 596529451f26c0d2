import type { Organization, OrganizationInput } from '@reformer/domain/organizations';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '@/lib/api-client.ts';
import { myOrganizationsQueryKey } from '@/lib/organization-query-keys.ts';
import { useToastMutation } from '@/lib/toasts.ts';

export function createOrganization(input: OrganizationInput): Promise<Organization> {
  return api.post<Organization>('/organizations', input);
}

export function useCreateOrganization(options: { onSuccess?: (organization: Organization) => unknown } = {}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useToastMutation({
    mutationFn: createOrganization,
    toasts: {
      loading: t('organizations.create.loading'),
      success: (organization) => t('organizations.create.success', { name: organization.name }),
      errorFallback: 'common.errors.failedToCreate',
    },
    onSuccess: async (organization) => {
      await queryClient.invalidateQueries({ queryKey: myOrganizationsQueryKey });
      await options.onSuccess?.(organization);
    },
  });
}
