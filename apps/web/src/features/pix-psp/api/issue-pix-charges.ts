import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '@/lib/api-client.ts';
import { paymentsQueryKey } from '@/lib/organization-query-keys.ts';
import { useToastMutation } from '@/lib/toasts.ts';
import { pixPspPath } from './get-pix-psp.ts';

/** The charges of the cycles due within the studio's days ahead, now rather than at the job's next run. */
export function issuePixCharges(organizationId: string): Promise<{ issued: number }> {
  return api.post<{ issued: number }>(pixPspPath(organizationId, '/charges/issue'));
}

export function useIssuePixCharges(organizationId: string) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useToastMutation({
    mutationFn: () => issuePixCharges(organizationId),
    toasts: {
      loading: t('pixPsp.issueCharges.loading'),
      success: ({ issued }) => t('pixPsp.issueCharges.success', { count: issued }),
      errorFallback: 'common.errors.failedToUpdate',
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: paymentsQueryKey(organizationId) }),
  });
}
