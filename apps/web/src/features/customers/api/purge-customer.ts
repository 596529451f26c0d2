import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../../lib/api-client.ts';
import { useToastMutation } from '../../../lib/toasts.ts';
import { customerPath, customerQueryKey } from './get-customer.ts';
import { customerListsQueryKey } from './get-customers.ts';

/** LGPD erasure: the server empties every personal field, marks the customer PURGED and audits who did it. */
export function purgeCustomer(organizationId: string, customerId: string): Promise<void> {
  return api.post(`${customerPath(organizationId, customerId)}/purge`);
}

export function usePurgeCustomer(
  organizationId: string,
  customerId: string,
  options: { onSuccess?: () => unknown } = {},
) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useToastMutation({
    mutationFn: () => purgeCustomer(organizationId, customerId),
    toasts: {
      loading: t('customers.purge.loading'),
      success: t('customers.purge.success'),
      errorFallback: 'customers.purge.failed',
    },
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: customerListsQueryKey(organizationId) });
      await options.onSuccess?.();
      queryClient.removeQueries({ queryKey: customerQueryKey(organizationId, customerId) });
    },
  });
}
