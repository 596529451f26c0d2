import type { CustomerPlan } from '@reformer/domain/customer-plans';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermissions } from '@/lib/access-profile.ts';
import { customerPlansQueryOptions } from '../api/get-customer-plans.ts';
import { useSetCustomerPlanActive } from '../api/set-customer-plan-active.ts';
import { CustomerPlanCard } from './customer-plan-card.tsx';
import {
  CreateCustomerPlanButton,
  DeleteCustomerPlanDialog,
  EditCustomerPlanDialog,
} from './customer-plan-dialogs.tsx';

/** The organization's price list (spec §2 customer-plans): the route has checked VIEW_CUSTOMER_PLANS. */
export function CustomerPlansPage({ organizationId }: { organizationId: string }) {
  const { t } = useTranslation();
  const { data: plans } = useSuspenseQuery(customerPlansQueryOptions(organizationId));
  const canManage = usePermissions(organizationId).can('MANAGE_CUSTOMER_PLANS');
  const setActive = useSetCustomerPlanActive(organizationId);
  const [editing, setEditing] = useState<CustomerPlan | null>(null);
  const [deleting, setDeleting] = useState<CustomerPlan | null>(null);

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6">
      <header className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-3xl font-bold">{t('customerPlans.title')}</h1>
          <p className="text-base-content/70">{t('customerPlans.subtitle')}</p>
        </div>
        {canManage && <CreateCustomerPlanButton organizationId={organizationId} />}
      </header>

      {plans.length === 0 ? (
        <div className="rounded-box border border-dashed border-base-300 p-10 text-center">
          <p className="text-lg font-semibold">{t('customerPlans.emptyTitle')}</p>
          <p className="text-base-content/70">{t('customerPlans.emptyBody')}</p>
        </div>
      ) : (
        <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
          {plans.map((plan) => (
            <CustomerPlanCard
              key={plan.id}
              plan={plan}
              actions={
                canManage
                  ? {
                      onEdit: () => setEditing(plan),
                      onToggleActive: () => setActive.mutate({ planId: plan.id, isActive: !plan.isActive }),
                      onDelete: () => setDeleting(plan),
                      isBusy: setActive.isPending,
                    }
                  : undefined
              }
            />
          ))}
        </ul>
      )}

      <EditCustomerPlanDialog
        organizationId={organizationId}
        plan={editing}
        onClose={() => setEditing(null)}
      />
      <DeleteCustomerPlanDialog
        organizationId={organizationId}
        plan={deleting}
        onClose={() => setDeleting(null)}
      />
    </div>
  );
}
