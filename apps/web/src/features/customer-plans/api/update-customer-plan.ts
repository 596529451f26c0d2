import type { CustomerPlan, CustomerPlanInput } from '@reformer/domain/customer-plans';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '@/lib/api-client.ts';
import { paymentsQueryKey } from '@/lib/organization-query-keys.ts';
import { useToastMutation } from '@/lib/toasts.ts';
import { customerPlansPath, customerPlansQueryKey } from './get-customer-plans.ts';

export function updateCustomerPlan(
  organizationId: string,
  planId: string,
  input: CustomerPlanInput,
): Promise<CustomerPlan> {
  return api.put<CustomerPlan>(customerPlansPath(organizationId, planId), input);
}

export function useUpdateCustomerPlan(
  organizationId: string,
  planId: string,
  options: { onSuccess?: () => unknown } = {},
) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useToastMutation({
    mutationFn: (input: CustomerPlanInput) => updateCustomerPlan(organizationId, planId, input),
    toasts: {
      loading: t('customerPlans.edit.loading'),
      success: (plan) => t('customerPlans.edit.success', { name: plan.name }),
      errorFallback: 'common.errors.failedToUpdate',
    },
    onSuccess: async () => {
      // A new price is what each billing cycle of the plan asks for from now on.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: customerPlansQueryKey(organizationId) }),
        queryClient.invalidateQueries({ queryKey: paymentsQueryKey(organizationId) }),
      ]);
      await options.onSuccess?.();
    },
  });
}
