import { PACK_LIMITS, PLAN_KINDS } from '@reformer/domain/customer-plans';
import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TextField } from '@/components/form/text-field.tsx';
import type { CustomerPlanFormValues, CustomerPlanValues } from './customer-plan-form-values.ts';

type PlanKindFieldsProps = { form: UseFormReturn<CustomerPlanFormValues, unknown, CustomerPlanValues> };

/**
 * What kind of plan it is (decision 029): recurring ones are enrolled in weekly; a pack, single or trial class
 * is sold once, so it asks for its classes (a pack) and how many days a purchase lasts instead.
 */
export function PlanKindSelect({ form }: PlanKindFieldsProps) {
  const { t } = useTranslation();
  return (
    <label className="flex flex-col gap-1">
      <span className="text-sm font-medium">{t('customerPlans.fields.kind')}</span>
      <select className="select w-full" {...form.register('kind')}>
        {PLAN_KINDS.map((kind) => (
          <option key={kind} value={kind}>
            {t(`customerPlans.kinds.${kind}`)}
          </option>
        ))}
      </select>
    </label>
  );
}

export function PurchaseTermsFields({ form }: PlanKindFieldsProps) {
  const { t } = useTranslation();
  const { errors } = form.formState;
  const kind = form.watch('kind');
  return (
    <>
      {kind === 'PACK' && (
        <TextField
          type="number"
          min={PACK_LIMITS.classCount.min}
          max={PACK_LIMITS.classCount.max}
          step={1}
          label={t('customerPlans.fields.classCount')}
          error={errors.classCount}
          {...form.register('classCount')}
        />
      )}
      <TextField
        type="number"
        min={PACK_LIMITS.validityDays.min}
        max={PACK_LIMITS.validityDays.max}
        step={1}
        label={t('customerPlans.fields.validityDays')}
        error={errors.validityDays}
        {...form.register('validityDays')}
      />
    </>
  );
}
