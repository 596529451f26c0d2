import type { CustomerPlan } from '@reformer/domain/customer-plans';
import { useTranslation } from 'react-i18next';
import { useFormatMoney } from '@/lib/format.ts';

type CustomerPlanCardProps = {
  plan: CustomerPlan;
  /** Present for members with MANAGE_CUSTOMER_PLANS. */
  actions?: {
    onEdit: () => void;
    onToggleActive: () => void;
    onDelete: () => void;
    isBusy: boolean;
  };
};

export function CustomerPlanCard({ plan, actions }: CustomerPlanCardProps) {
  const { t } = useTranslation();
  const formatMoney = useFormatMoney();
  const headingId = `plan-${plan.id}`;

  return (
    <li
      className={`card border bg-base-100 ${plan.isActive ? 'border-base-300' : 'border-dashed border-base-content/30'}`}
      aria-labelledby={headingId}
    >
      <div className="card-body gap-3">
        <div className="flex items-start justify-between gap-2">
          <h2 id={headingId} className="card-title">
            {plan.name}
          </h2>
          <span className={`badge badge-sm ${plan.isActive ? 'badge-success' : 'badge-ghost'}`}>
            {plan.isActive ? t('customerPlans.active.badgeActive') : t('customerPlans.active.badgeInactive')}
          </span>
        </div>
        <p>
          <span className="text-2xl font-bold">{formatMoney(plan.priceCents, plan.currency)}</span>{' '}
          <span className="text-sm text-base-content/70">
            {plan.kind === 'RECURRING'
              ? t(`customerPlans.billingCycles.${plan.billingCycle}`)
              : t('customerPlans.purchaseTerms', {
                  kind: t(`customerPlans.kinds.${plan.kind}`),
                  classes: t('purchases.classes', { count: plan.classCount ?? 1 }),
                  days: plan.validityDays,
                })}
          </span>
        </p>
        <p className="text-sm text-base-content/80">{plan.description}</p>
        <div>
          <h3 className="text-sm font-medium">{t('customerPlans.fields.services')}</h3>
          <ul className="list-inside list-disc text-sm">
            {plan.features.map((feature, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: two services may have the same text.
              <li key={index}>{feature}</li>
            ))}
          </ul>
        </div>
        {plan.kind === 'RECURRING' && (
          <>
            <p className="text-sm">
              {plan.weeklySessionsLimit === null
                ? t('customerPlans.weeklyLimit.none')
                : t('customerPlans.weeklyLimit.count', { count: plan.weeklySessionsLimit })}
            </p>
            <p className="text-sm">
              {plan.renewsAutomatically
                ? t('customerPlans.renewal.automatic')
                : t('customerPlans.renewal.fixedTerm')}
            </p>
          </>
        )}
        {actions && (
          <div className="card-actions justify-end">
            <button type="button" className="btn btn-sm" onClick={actions.onEdit}>
              {t('customerPlans.actions.edit')}
            </button>
            <button
              type="button"
              className="btn btn-sm"
              disabled={actions.isBusy}
              onClick={actions.onToggleActive}
            >
              {plan.isActive ? t('customerPlans.actions.deactivate') : t('customerPlans.actions.activate')}
            </button>
            <button type="button" className="btn btn-sm" onClick={actions.onDelete}>
              {t('customerPlans.actions.delete')}
            </button>
          </div>
        )}
      </div>
    </li>
  );
}
