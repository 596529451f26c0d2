import type { PSP_LIMITS, PspConnectionValues } from '@reformer/domain/pix-psp';
import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TextField } from '@/components/form/text-field.tsx';
import type { PspFormValues } from './pix-psp-form.tsx';

type Props = { form: UseFormReturn<PspFormValues, unknown, PspConnectionValues>; limits: typeof PSP_LIMITS };

const number = (range: { min: number; max: number }, step: number) => ({
  type: 'number',
  inputMode: 'decimal' as const,
  min: range.min,
  max: range.max,
  step,
});

/**
 * The PIX key charges are paid to and the studio's terms on each `cobv` charge: how many days before the due
 * date it is created, the late fine (≤ 2 %, CDC art. 52 §1), interest (≤ 1 % a month) and an optional discount.
 */
export function PspTermsFields({ form, limits }: Props) {
  const { t } = useTranslation();
  const { register, formState, watch, setValue } = form;
  const { errors } = formState;
  const hasDiscount = watch('discount') !== null;
  return (
    <>
      <TextField
        label={t('pixPsp.fields.pixKey')}
        hint={t('payments.pixSettings.keyHint')}
        autoComplete="off"
        maxLength={77}
        error={errors.pixKey}
        {...register('pixKey')}
      />
      <div className="grid gap-3 sm:grid-cols-3">
        <TextField
          {...number(limits.chargeDaysAhead, 1)}
          label={t('pixPsp.fields.chargeDaysAhead')}
          hint={t('pixPsp.fields.chargeDaysAheadHint')}
          error={errors.chargeDaysAhead}
          {...register('chargeDaysAhead', { valueAsNumber: true })}
        />
        <TextField
          {...number(limits.finePercent, 0.01)}
          label={t('pixPsp.fields.finePercent')}
          hint={t('pixPsp.fields.finePercentHint')}
          error={errors.finePercent}
          {...register('finePercent', { valueAsNumber: true })}
        />
        <TextField
          {...number(limits.interestPercentMonthly, 0.01)}
          label={t('pixPsp.fields.interestPercentMonthly')}
          hint={t('pixPsp.fields.interestPercentMonthlyHint')}
          error={errors.interestPercentMonthly}
          {...register('interestPercentMonthly', { valueAsNumber: true })}
        />
      </div>
      <label className="flex cursor-pointer items-center gap-2">
        <input
          type="checkbox"
          className="toggle toggle-success"
          checked={hasDiscount}
          onChange={(event) =>
            setValue('discount', event.target.checked ? { percent: 5, daysBefore: 0 } : null, {
              shouldDirty: true,
            })
          }
        />
        {t('pixPsp.fields.hasDiscount')}
      </label>
      {hasDiscount && (
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField
            {...number(limits.discountPercent, 0.01)}
            label={t('pixPsp.fields.discountPercent')}
            error={errors.discount?.percent}
            {...register('discount.percent', { valueAsNumber: true })}
          />
          <TextField
            {...number(limits.discountDaysBefore, 1)}
            label={t('pixPsp.fields.discountDaysBefore')}
            hint={t('pixPsp.fields.discountDaysBeforeHint')}
            error={errors.discount?.daysBefore}
            {...register('discount.daysBefore', { valueAsNumber: true })}
          />
        </div>
      )}
    </>
  );
}
