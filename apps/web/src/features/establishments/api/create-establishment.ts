import type { Establishment, EstablishmentInput } from '@reformer/domain/establishments';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '@/lib/api-client.ts';
import { useToastMutation } from '@/lib/toasts.ts';
import { refreshEstablishments } from './get-establishments.ts';

export function createEstablishment(
  organizationId: string,
  input: EstablishmentInput,
): Promise<Establishment> {
  return api.post<Establishment>(
    `/organizations/${encodeURIComponent(organizationId)}/establishments`,
    input,
  );
}

export function useCreateEstablishment(organizationId: string, options: { onSuccess?: () => unknown } = {}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useToastMutation({
    mutationFn: (input: EstablishmentInput) => createEstablishment(organizationId, input),
    toasts: {
      loading: t('establishments.create.loading'),
      success: (establishment) => t('establishments.create.success', { name: establishment.name }),
      errorFallback: 'common.errors.failedToCreate',
    },
    onSuccess: async () => {
      await refreshEstablishments(queryClient, organizationId);
      await options.onSuccess?.();
    },
  });
}
