import type { ContractVersion, PublishContractVersionValues } from '@reformer/domain/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '@/lib/api-client.ts';
import { useToastMutation } from '@/lib/toasts.ts';
import { contractVersionsPath, contractVersionsQueryKey } from './get-contract-versions.ts';

/** Needs MANAGE_SETTINGS; the API client's Idempotency-Key makes a double click publish once. */
export function usePublishContractVersion(organizationId: string) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useToastMutation({
    mutationFn: (input: PublishContractVersionValues) =>
      api.post<ContractVersion>(contractVersionsPath(organizationId), input),
    toasts: {
      loading: t('contracts.versions.publishing'),
      success: (version) => t('contracts.versions.published', { number: version.number }),
      errorFallback: 'contracts.versions.publishFailed',
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contractVersionsQueryKey(organizationId) }),
  });
}
