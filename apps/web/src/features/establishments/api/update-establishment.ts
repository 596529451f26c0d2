import type { Establishment, EstablishmentInput } from '@reformer/domain/establishments';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '@/lib/api-client.ts';
import { useToastMutation } from '@/lib/toasts.ts';
import { refreshEstablishments } from './get-establishments.ts';

export function updateEstablishment(
  organizationId: string,
  establishmentId: string,
  input: EstablishmentInput,
): Promise<Establishment> {
  return api.put<Establishment>(
    `/organizations/${encodeURIComponent(organizationId)}/establishments/${encodeURIComponent(establishmentId)}`,
    input,
  );
}

type UpdateVariables = { id: string; input: EstablishmentInput };

export function useUpdateEstablishment(organizationId: string, options: { onSuccess?: () => unknown } = {}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useToastMutation({
    mutationFn: ({ id, input }: UpdateVariables) => updateEstablishment(organizationId, id, input),
    toasts: {
      loading: t('establishments.edit.loading'),
      success: (establishment) => t('establishments.edit.success', { name: establishment.name }),
      errorFallback: 'common.errors.failedToUpdate',
    },
    onSuccess: async () => {
      await refreshEstablishments(queryClient, organizationId);
      await options.onSuccess?.();
    },
  });
}
