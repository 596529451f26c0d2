import type { CustomerPlan } from '@reformer/domain/customer-plans';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/ui/confirm-dialog.tsx';
import { Dialog } from '@/components/ui/dialog.tsx';
import { ApiError } from '@/lib/api-error.ts';
import { useLocaleTag } from '@/lib/format.ts';
import { useCreateCustomerPlan } from '../api/create-customer-plan.ts';
import { useDeleteCustomerPlan } from '../api/delete-customer-plan.ts';
import { useUpdateCustomerPlan } from '../api/update-customer-plan.ts';
import { CustomerPlanForm } from './customer-plan-form.tsx';
import { planToForm } from './customer-plan-form-values.ts';

export function CreateCustomerPlanButton({ organizationId }: { organizationId: string }) {
  const { t } = useTranslation();
  const [isOpen, setIsOpen] = useState(false);
  const createPlan = useCreateCustomerPlan(organizationId, { onSuccess: () => setIsOpen(false) });
  return (
    <>
      <button type="button" className="btn btn-primary" onClick={() => setIsOpen(true)}>
        {t('customerPlans.create.open')}
      </button>
      <Dialog isOpen={isOpen} onClose={() => setIsOpen(false)} title={t('customerPlans.create.title')}>
        <CustomerPlanForm
          submitLabel={t('customerPlans.create.submit')}
          isPending={createPlan.isPending}
          onSubmit={(values) => createPlan.mutateAsync(values)}
          onCancel={() => setIsOpen(false)}
        />
      </Dialog>
    </>
  );
}

type PlanDialogProps = { organizationId: string; plan: CustomerPlan | null; onClose: () => void };

export function EditCustomerPlanDialog({ organizationId, plan, onClose }: PlanDialogProps) {
  const { t } = useTranslation();
  const localeTag = useLocaleTag();
  const updatePlan = useUpdateCustomerPlan(organizationId, plan?.id ?? '', { onSuccess: onClose });
  return (
    <Dialog isOpen={plan !== null} onClose={onClose} title={t('customerPlans.edit.title')}>
      {plan && (
        <CustomerPlanForm
          defaultValues={planToForm(plan, localeTag)}
          submitLabel={t('common.save')}
          isPending={updatePlan.isPending}
          onSubmit={(values) => updatePlan.mutateAsync(values)}
          onCancel={onClose}
        />
      )}
    </Dialog>
  );
}

/** Deleting is for plans nobody enrolled in; the server's PLAN_IN_USE answer is explained in place. */
export function DeleteCustomerPlanDialog({ organizationId, plan, onClose }: PlanDialogProps) {
  const { t } = useTranslation();
  const deletePlan = useDeleteCustomerPlan(organizationId, { onSuccess: onClose });
  const isInUse = deletePlan.error instanceof ApiError && deletePlan.error.code === 'PLAN_IN_USE';
  const close = () => {
    deletePlan.reset();
    onClose();
  };
  return (
    <ConfirmDialog
      isOpen={plan !== null}
      onClose={close}
      title={t('customerPlans.delete.title')}
      confirmLabel={t('customerPlans.delete.submit')}
      isPending={deletePlan.isPending || !plan}
      refusal={isInUse ? t('errors.PLAN_IN_USE') : null}
      onConfirm={() => plan && deletePlan.mutate(plan.id)}
    >
      <p>{t('customerPlans.delete.body', { name: plan?.name ?? '' })}</p>
    </ConfirmDialog>
  );
}
