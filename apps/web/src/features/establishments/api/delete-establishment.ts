import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '@/lib/api-client.ts';
import { useToastMutation } from '@/lib/toasts.ts';
import { refreshEstablishments } from './get-establishments.ts';

export function deleteEstablishment(organizationId: string, establishmentId: string): Promise<void> {
  return api.delete(
    `/organizations/${encodeURIComponent(organizationId)}/establishments/${encodeURIComponent(establishmentId)}`,
  );
}

type DeleteVariables = { id: string; name: string };

/** Refused with 409 ESTABLISHMENT_IN_USE while staff (or, later, schedules) still use the establishment. */
export function useDeleteEstablishment(organizationId: string, options: { onSuccess?: () => unknown } = {}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useToastMutation({
    mutationFn: ({ id }: DeleteVariables) => deleteEstablishment(organizationId, id),
    toasts: {
      loading: t('establishments.delete.loading'),
      success: (_data, { name }) => t('establishments.delete.success', { name }),
      errorFallback: 'common.errors.failedToDelete',
    },
    onSuccess: async () => {
      await refreshEstablishments(queryClient, organizationId);
      await options.onSuccess?.();
    },
  });
}
