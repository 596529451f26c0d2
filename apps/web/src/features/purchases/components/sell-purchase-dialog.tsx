import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '@/components/ui/dialog.tsx';
import { QueryError } from '@/components/ui/query-error.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { useFormatMoney } from '@/lib/format.ts';
import { useCreatePurchase } from '../api/create-purchase.ts';
import { purchasablePlansQueryOptions } from '../api/get-purchasable-plans.ts';

type SellPurchaseDialogProps = {
  organizationId: string;
  customerId: string;
  isOpen: boolean;
  onClose: () => void;
};

/** Sells a pack, single or trial class to the customer, from today: its classes, validity and price as the plan says now. */
export function SellPurchaseDialog({ organizationId, customerId, isOpen, onClose }: SellPurchaseDialogProps) {
  const { t } = useTranslation();
  const formatMoney = useFormatMoney();
  const plans = useQuery({ ...purchasablePlansQueryOptions(organizationId), enabled: isOpen });
  const [planId, setPlanId] = useState('');
  const sell = useCreatePurchase(organizationId, { onSuccess: onClose });
  const items = plans.data?.items ?? [];
  const chosen = items.find((plan) => plan.id === planId) ?? items[0];
  return (
    <Dialog isOpen={isOpen} onClose={onClose} title={t('purchases.sell.title')}>
      <form
        className="flex flex-col gap-3"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (chosen) sell.mutate({ customerId, planId: chosen.id, startsOn: null, notes: null });
        }}
      >
        {plans.isPending && <Spinner />}
        {plans.isError && <QueryError error={plans.error} onRetry={plans.refetch} />}
        {plans.isSuccess && items.length === 0 && <p>{t('purchases.sell.noPlans')}</p>}
        {items.length > 0 && (
          <label className="flex flex-col gap-1">
            <span className="text-sm font-medium">{t('purchases.sell.plan')}</span>
            <select
              className="select w-full"
              value={chosen?.id ?? ''}
              onChange={(event) => setPlanId(event.target.value)}
            >
              {items.map((plan) => (
                <option key={plan.id} value={plan.id}>
                  {t('purchases.sell.option', {
                    plan: plan.name,
                    classes: t('purchases.classes', { count: plan.classCount }),
                    price: formatMoney(plan.priceCents, plan.currency),
                    days: plan.validityDays,
                  })}
                </option>
              ))}
            </select>
          </label>
        )}
        <div className="modal-action">
          <button type="button" className="btn btn-ghost" onClick={onClose}>
            {t('common.cancel')}
          </button>
          <button type="submit" className="btn btn-primary" disabled={!chosen || sell.isPending}>
            {sell.isPending ? t('common.saving') : t('purchases.sell.submit')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
