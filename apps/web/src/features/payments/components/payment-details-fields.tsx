import { CURRENCIES } from '@reformer/domain/money';
import { PAYMENT_METHODS, PAYMENT_STATUSES } from '@reformer/domain/payments';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { DateField } from '@/components/form/date-field.tsx';
import { SelectField } from '@/components/form/select-field.tsx';
import { TextField } from '@/components/form/text-field.tsx';
import { TextareaField } from '@/components/form/textarea-field.tsx';
import type { PaymentDetailsFormValues, PaymentDetailsValues } from './payment-form-values.ts';

type PaymentDetailsFieldsProps = {
  form: UseFormReturn<PaymentDetailsFormValues, unknown, PaymentDetailsValues>;
  /** Under the amount: where it came from (the plan's price). */
  amountHint?: string | undefined;
};

/** Step 3 (and the edit page): amount, currency, payment date, method, status and notes (spec §3). */
export function PaymentDetailsFields({ form, amountHint }: PaymentDetailsFieldsProps) {
  const { t } = useTranslation();
  const { register, formState, control } = form;
  const { errors } = formState;
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <TextField
        label={t('payments.form.fields.amount')}
        inputMode="decimal"
        autoComplete="off"
        hint={amountHint}
        error={errors.amount}
        {...register('amount')}
      />
      <SelectField
        label={t('payments.form.fields.currency')}
        options={CURRENCIES.map((currency) => ({ value: currency, label: currency }))}
        error={errors.currency}
        {...register('currency')}
      />
      <Controller
        control={control}
        name="paidOn"
        render={({ field }) => (
          <DateField label={t('payments.form.fields.paidOn')} error={errors.paidOn} {...field} />
        )}
      />
      <SelectField
        label={t('payments.form.fields.method')}
        options={[
          { value: '', label: t('payments.form.placeholders.method') },
          ...PAYMENT_METHODS.map((method) => ({ value: method, label: t(`payments.methods.${method}`) })),
        ]}
        error={errors.method}
        {...register('method')}
      />
      <SelectField
        label={t('payments.form.fields.status')}
        options={PAYMENT_STATUSES.map((status) => ({
          value: status,
          label: t(`payments.statuses.${status}`),
        }))}
        error={errors.status}
        {...register('status')}
      />
      <div className="sm:col-span-2">
        <TextareaField
          label={`${t('payments.form.fields.notes')} (${t('common.optional')})`}
          placeholder={t('payments.form.placeholders.notes')}
          rows={3}
          error={errors.notes}
          {...register('notes')}
        />
      </div>
    </div>
  );
}
