import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../../lib/api-client.ts';
import { useToastMutation } from '../../../lib/toasts.ts';
import { customerPath, customerQueryKey } from './get-customer.ts';
import { customerListsQueryKey } from './get-customers.ts';

/** Soft delete: the customer becomes DELETED and leaves the lists; payments and attendance keep their history. */
export function deleteCustomer(organizationId: string, customerId: string): Promise<void> {
  return api.delete(customerPath(organizationId, customerId));
}

export function useDeleteCustomer(
  organizationId: string,
  customerId: string,
  options: { onSuccess?: () => unknown } = {},
) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useToastMutation({
    mutationFn: () => deleteCustomer(organizationId, customerId),
    toasts: {
      loading: t('customers.delete.loading'),
      success: t('customers.delete.success'),
      errorFallback: 'common.errors.failedToDelete',
    },
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: customerListsQueryKey(organizationId) });
      await options.onSuccess?.();
      queryClient.removeQueries({ queryKey: customerQueryKey(organizationId, customerId) });
    },
  });
}
