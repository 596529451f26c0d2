import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '@/lib/api-client.ts';
import { useToastMutation } from '@/lib/toasts.ts';
import { customerPlansPath, customerPlansQueryKey } from './get-customer-plans.ts';

/** Only a plan no enrollment uses can go; otherwise the server answers 409 PLAN_IN_USE. */
export function deleteCustomerPlan(organizationId: string, planId: string): Promise<void> {
  return api.delete(customerPlansPath(organizationId, planId));
}

export function useDeleteCustomerPlan(organizationId: string, options: { onSuccess?: () => unknown } = {}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useToastMutation({
    mutationFn: (planId: string) => deleteCustomerPlan(organizationId, planId),
    toasts: {
      loading: t('customerPlans.delete.loading'),
      success: t('customerPlans.delete.success'),
      errorFallback: 'common.errors.failedToDelete',
    },
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: customerPlansQueryKey(organizationId) });
      await options.onSuccess?.();
    },
  });
}
