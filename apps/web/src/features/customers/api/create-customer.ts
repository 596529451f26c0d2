import type { Customer, CustomerInput } from '@reformer/domain/customers';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '@/lib/api-client.ts';
import { customerListsQueryKey } from '@/lib/customer-list.ts';
import { useToastMutation } from '@/lib/toasts.ts';
import { customerQueryKey } from './get-customer.ts';

export function createCustomer(organizationId: string, input: CustomerInput): Promise<Customer> {
  return api.post<Customer>(`/organizations/${encodeURIComponent(organizationId)}/customers`, input);
}

export function useCreateCustomer(
  organizationId: string,
  options: { onSuccess?: (customer: Customer) => unknown } = {},
) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useToastMutation({
    mutationFn: (input: CustomerInput) => createCustomer(organizationId, input),
    toasts: {
      loading: t('customers.create.loading'),
      success: (customer) => t('customers.create.success', { name: customer.firstName }),
      errorFallback: 'common.errors.failedToCreate',
    },
    onSuccess: async (customer) => {
      queryClient.setQueryData(customerQueryKey(organizationId, customer.id), customer);
      await queryClient.invalidateQueries({ queryKey: customerListsQueryKey(organizationId) });
      await options.onSuccess?.(customer);
    },
  });
}
