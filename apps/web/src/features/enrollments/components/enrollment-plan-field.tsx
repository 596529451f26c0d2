import type { EnrollmentPlanOption } from '@reformer/domain/enrollments';
import { formatMoney } from '@reformer/domain/money';
import type { ComponentProps } from 'react';
import type { FieldError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormField } from '@/components/form/form-field.tsx';
import { useLocaleTag } from '@/lib/format.ts';

type EnrollmentPlanFieldProps = ComponentProps<'select'> & {
  plans: EnrollmentPlanOption[];
  /** The chosen plan, described under the select. */
  chosenPlanId: string;
  /** The enrollment's own plan: on edit it stays offered even when inactive. */
  currentPlanId: string | null;
  error?: FieldError | undefined;
};

/** Active plans (and the enrollment's own), with the chosen one's price, cycle and weekly limit. */
export function EnrollmentPlanField({
  plans,
  chosenPlanId,
  currentPlanId,
  error,
  ...selectProps
}: EnrollmentPlanFieldProps) {
  const { t } = useTranslation();
  const locale = useLocaleTag();
  const offered = plans.filter((plan) => plan.isActive || plan.id === currentPlanId);
  const chosen = plans.find((plan) => plan.id === chosenPlanId);
  const hint = chosen
    ? [
        t('enrollments.form.hints.planSummary', {
          price: formatMoney(chosen.priceCents, chosen.currency, locale),
          cycle: t(`customerPlans.billingCycles.${chosen.billingCycle}`).toLowerCase(),
        }),
        chosen.weeklySessionsLimit !== null &&
          t('enrollments.form.hints.weeklyLimit', { count: chosen.weeklySessionsLimit }),
      ]
        .filter(Boolean)
        .join(' · ')
    : offered.length === 0
      ? t('enrollments.form.hints.noPlans')
      : undefined;

  return (
    <FormField label={t('enrollments.form.fields.plan')} error={error} hint={hint}>
      {(control, isInvalid) => (
        <select {...control} className={`select w-full ${isInvalid ? 'select-error' : ''}`} {...selectProps}>
          <option value="">{t('enrollments.form.placeholders.plan')}</option>
          {offered.map((plan) => (
            <option key={plan.id} value={plan.id}>
              {plan.isActive ? plan.name : t('enrollments.form.hints.planInactive', { name: plan.name })}
            </option>
          ))}
        </select>
      )}
    </FormField>
  );
}
