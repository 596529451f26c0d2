import type { PixSandboxAvailability } from '@reformer/domain/pix-charges';
import type { PspSettings } from '@reformer/domain/pix-psp';
import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '@/lib/api-client.ts';
import { useToastMutation } from '@/lib/toasts.ts';
import { pixPspPath, pixPspQueryKey } from './get-pix-psp.ts';

/** Whether the server runs the demo's local PSP (PIX_PSP=sandbox); needs MANAGE_BILLING. */
export function pixSandboxQueryOptions(organizationId: string) {
  return queryOptions({
    queryKey: [...pixPspQueryKey(organizationId), 'sandbox'] as const,
    queryFn: () => api.get<PixSandboxAvailability>(pixPspPath(organizationId, '/sandbox')),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** The demo: the local PSP's connection saved as the studio's, in one step. */
export function useConnectPixSandbox(organizationId: string) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useToastMutation({
    mutationFn: () => api.post<PspSettings>(pixPspPath(organizationId, '/sandbox/connect')),
    toasts: {
      loading: t('pixPsp.sandbox.loading'),
      success: t('pixPsp.sandbox.success'),
      errorFallback: 'common.errors.failedToUpdate',
    },
    onSuccess: (settings) => queryClient.setQueryData(pixPspQueryKey(organizationId), settings),
  });
}
