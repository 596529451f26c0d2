import type { CustomerPlan } from '@reformer/domain/customer-plans';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '@/lib/api-client.ts';
import { useToastMutation } from '@/lib/toasts.ts';
import { customerPlansPath, customerPlansQueryKey } from './get-customer-plans.ts';

export function setCustomerPlanActive(
  organizationId: string,
  planId: string,
  isActive: boolean,
): Promise<CustomerPlan> {
  return api.put<CustomerPlan>(`${customerPlansPath(organizationId, planId)}/active`, { isActive });
}

/** Activate or deactivate (spec §4); a deactivated plan stays for the enrollments that use it. */
export function useSetCustomerPlanActive(organizationId: string) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useToastMutation({
    mutationFn: ({ planId, isActive }: { planId: string; isActive: boolean }) =>
      setCustomerPlanActive(organizationId, planId, isActive),
    toasts: {
      loading: t('customerPlans.active.loading'),
      success: (plan) =>
        plan.isActive
          ? t('customerPlans.active.activated', { name: plan.name })
          : t('customerPlans.active.deactivated', { name: plan.name }),
      errorFallback: 'common.errors.failedToUpdate',
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: customerPlansQueryKey(organizationId) }),
  });
}
