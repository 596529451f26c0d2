import type { PspConnectionValues, PspSettings } from '@reformer/domain/pix-psp';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '@/lib/api-client.ts';
import { useToastMutation } from '@/lib/toasts.ts';
import { pixPspPath, pixPspQueryKey } from './get-pix-psp.ts';

/** The whole connection; a secret left out keeps the stored one. */
export function savePixPsp(organizationId: string, input: PspConnectionValues): Promise<PspSettings> {
  return api.put<PspSettings>(pixPspPath(organizationId), input);
}

export function useSavePixPsp(organizationId: string) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useToastMutation({
    mutationFn: (input: PspConnectionValues) => savePixPsp(organizationId, input),
    toasts: {
      loading: t('pixPsp.save.loading'),
      success: t('pixPsp.save.success'),
      errorFallback: 'common.errors.failedToUpdate',
    },
    onSuccess: (settings) => queryClient.setQueryData(pixPspQueryKey(organizationId), settings),
  });
}
