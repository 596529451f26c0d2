import { BILLING_CYCLES, type BillingCycle, renewsByDefault } from '@reformer/domain/customer-plans';
import { CURRENCIES } from '@reformer/domain/money';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TextField } from '@/components/form/text-field.tsx';
import { TextareaField } from '@/components/form/textarea-field.tsx';
import { applyServerFieldErrors } from '@/lib/forms.ts';
import {
  CUSTOMER_PLAN_FORM_FIELDS,
  type CustomerPlanFormValues,
  type CustomerPlanValues,
  customerPlanFormResolver,
  EMPTY_CUSTOMER_PLAN_FORM,
} from './customer-plan-form-values.ts';
import { PlanKindSelect, PurchaseTermsFields } from './plan-kind-fields.tsx';
import { ServicesEditor } from './services-editor.tsx';

type CustomerPlanFormProps = {
  defaultValues?: CustomerPlanFormValues;
  submitLabel: string;
  isPending: boolean;
  onSubmit: (values: CustomerPlanValues) => Promise<unknown>;
  onCancel: () => void;
};

/**
 * Name, description, price and currency, billing cycle, services, weekly limit, active (spec §3), and whether
 * its enrollments renew by themselves (issue #26), which follows the cycle's default until staff touch it. A
 * pack, single or trial class (decision 029) has no cycle or weekly limit: its classes and validity instead.
 */
export function CustomerPlanForm({
  defaultValues = EMPTY_CUSTOMER_PLAN_FORM,
  submitLabel,
  isPending,
  onSubmit,
  onCancel,
}: CustomerPlanFormProps) {
  const { t } = useTranslation();
  const form = useForm<CustomerPlanFormValues, unknown, CustomerPlanValues>({
    resolver: customerPlanFormResolver,
    defaultValues,
  });
  const { register, control, handleSubmit, formState, setError, setValue } = form;
  const { errors } = formState;
  const isRecurring = form.watch('kind') === 'RECURRING';

  const submit = handleSubmit(async (values) => {
    await onSubmit(values).catch((error: unknown) =>
      applyServerFieldErrors(error, setError, CUSTOMER_PLAN_FORM_FIELDS),
    );
  });

  return (
    <form className="flex flex-col gap-3" noValidate onSubmit={submit}>
      <p className="text-xs text-base-content/70">{t('common.requiredLegend')}</p>
      <TextField
        label={t('customerPlans.fields.name')}
        isRequired
        error={errors.name}
        {...register('name')}
      />
      <PlanKindSelect form={form} />
      <TextareaField
        label={t('customerPlans.fields.description')}
        isRequired
        rows={2}
        error={errors.description}
        {...register('description')}
      />
      <div className="grid grid-cols-2 gap-3">
        <TextField
          label={t('customerPlans.fields.price')}
          isRequired
          inputMode="decimal"
          placeholder={t('customerPlans.fields.pricePlaceholder')}
          error={errors.price}
          {...register('price')}
        />
        <label className="flex flex-col gap-1">
          <span className="text-sm font-medium">{t('customerPlans.fields.currency')}</span>
          <select className="select w-full" {...register('currency')}>
            {CURRENCIES.map((currency) => (
              <option key={currency} value={currency}>
                {t(`customerPlans.currencies.${currency}`)}
              </option>
            ))}
          </select>
        </label>
        {!isRecurring && <PurchaseTermsFields form={form} />}
        <label className={isRecurring ? 'flex flex-col gap-1' : 'hidden'}>
          <span className="text-sm font-medium">{t('customerPlans.fields.billingCycle')}</span>
          <select
            className="select w-full"
            {...register('billingCycle', {
              onChange: (event: { target: { value: string } }) => {
                if (formState.dirtyFields.renewsAutomatically) return;
                setValue('renewsAutomatically', renewsByDefault(event.target.value as BillingCycle));
              },
            })}
          >
            {BILLING_CYCLES.map((cycle) => (
              <option key={cycle} value={cycle}>
                {t(`customerPlans.billingCycles.${cycle}`)}
              </option>
            ))}
          </select>
        </label>
        {isRecurring && (
          <TextField
            type="number"
            min={1}
            max={20}
            step={1}
            label={`${t('customerPlans.fields.weeklySessionsLimit')} (${t('common.optional')})`}
            error={errors.weeklySessionsLimit}
            {...register('weeklySessionsLimit')}
          />
        )}
      </div>
      <Controller
        control={control}
        name="features"
        render={({ field, fieldState }) => (
          <ServicesEditor value={field.value} onChange={field.onChange} error={fieldState.error} />
        )}
      />
      <div className={isRecurring ? '' : 'hidden'}>
        <label className="flex cursor-pointer items-center gap-2">
          <input
            type="checkbox"
            className="toggle toggle-success"
            aria-describedby="plan-renews-hint"
            {...register('renewsAutomatically')}
          />
          {t('customerPlans.fields.renewsAutomatically')}
        </label>
        {/* Outside the label: the label names the switch alone. */}
        <p id="plan-renews-hint" className="mt-1 text-xs text-base-content/70">
          {t('customerPlans.fields.renewsAutomaticallyHint')}
        </p>
      </div>
      <label className="flex cursor-pointer items-center gap-2">
        <input type="checkbox" className="toggle toggle-success" {...register('isActive')} />
        {t('customerPlans.fields.isActive')}
      </label>
      <div className="modal-action">
        <button type="button" className="btn btn-ghost" onClick={onCancel}>
          {t('common.cancel')}
        </button>
        <button type="submit" className="btn btn-primary" disabled={isPending}>
          {isPending ? t('common.saving') : submitLabel}
        </button>
      </div>
    </form>
  );
}
