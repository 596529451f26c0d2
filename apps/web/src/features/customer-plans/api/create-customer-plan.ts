import type { CustomerPlan, CustomerPlanInput } from '@reformer/domain/customer-plans';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '@/lib/api-client.ts';
import { useToastMutation } from '@/lib/toasts.ts';
import { customerPlansPath, customerPlansQueryKey } from './get-customer-plans.ts';

export function createCustomerPlan(organizationId: string, input: CustomerPlanInput): Promise<CustomerPlan> {
  return api.post<CustomerPlan>(customerPlansPath(organizationId), input);
}

export function useCreateCustomerPlan(organizationId: string, options: { onSuccess?: () => unknown } = {}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useToastMutation({
    mutationFn: (input: CustomerPlanInput) => createCustomerPlan(organizationId, input),
    toasts: {
      loading: t('customerPlans.create.loading'),
      success: (plan) => t('customerPlans.create.success', { name: plan.name }),
      errorFallback: 'common.errors.failedToCreate',
    },
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: customerPlansQueryKey(organizationId) });
      await options.onSuccess?.();
    },
  });
}
