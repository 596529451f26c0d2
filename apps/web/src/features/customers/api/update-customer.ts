import type { Customer, CustomerInput } from '@reformer/domain/customers';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '@/lib/api-client.ts';
import { customerListsQueryKey } from '@/lib/customer-list.ts';
import type { TranslationKey } from '@/lib/i18n-keys.ts';
import { useToastMutation } from '@/lib/toasts.ts';
import { customerPath, customerQueryKey } from './get-customer.ts';

export function updateCustomer(
  organizationId: string,
  customerId: string,
  input: CustomerInput,
): Promise<Customer> {
  return api.put<Customer>(customerPath(organizationId, customerId), input);
}

type UpdateCustomerOptions = {
  /** The edit form and the status change say different things while saving and after. */
  messages?: { loading: TranslationKey; success: TranslationKey };
  onSuccess?: (customer: Customer) => unknown;
};

export function useUpdateCustomer(
  organizationId: string,
  customerId: string,
  { messages, onSuccess }: UpdateCustomerOptions = {},
) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useToastMutation({
    mutationFn: (input: CustomerInput) => updateCustomer(organizationId, customerId, input),
    toasts: {
      loading: t(messages?.loading ?? 'customers.edit.loading'),
      success: t(messages?.success ?? 'customers.edit.success'),
      errorFallback: 'common.errors.failedToUpdate',
    },
    onSuccess: async (customer) => {
      queryClient.setQueryData(customerQueryKey(organizationId, customerId), customer);
      await queryClient.invalidateQueries({ queryKey: customerListsQueryKey(organizationId) });
      await onSuccess?.(customer);
    },
  });
}
