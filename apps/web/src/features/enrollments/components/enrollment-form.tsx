import type { EnrollmentPlanOption, EnrollmentValues } from '@reformer/domain/enrollments';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { DateField } from '@/components/form/date-field.tsx';
import { FormSection } from '@/components/form/form-section.tsx';
import { TextareaField } from '@/components/form/textarea-field.tsx';
import { DialogActions } from '@/components/ui/dialog-actions.tsx';
import { useFormatLocalDate } from '@/lib/format.ts';
import { fieldErrorText } from '@/lib/forms.ts';
import { enrollmentOptionsQueryOptions } from '../api/get-enrollment-options.ts';
import { EnrollmentCustomerField, type PickedCustomer } from './enrollment-customer-field.tsx';
import { showEnrollmentServerErrors } from './enrollment-form-errors.ts';
import {
  cycleEndDate,
  type EnrollmentFormValues,
  enrollmentFormResolver,
  formKeepsRenewing,
  optionsPeriod,
  type RenewalOfCurrent,
} from './enrollment-form-values.ts';
import { EnrollmentPlanField } from './enrollment-plan-field.tsx';
import { EnrollmentScheduleField } from './enrollment-schedule-field.tsx';

type EnrollmentFormProps = {
  organizationId: string;
  defaultValues: EnrollmentFormValues;
  initialCustomer: PickedCustomer | null;
  /** On edit: its plan and schedule stay offered when inactive; an end date staff chose is kept. */
  current?: (RenewalOfCurrent & { id: string; scheduleId: string; isEndDateExplicit: boolean }) | undefined;
  submitLabel: string;
  isPending: boolean;
  /** Resolves when the call has settled; rejects with the API error (shown at its field). */
  onSubmit: (values: EnrollmentValues) => Promise<unknown>;
  onCancel: () => void;
};

/**
 * Every enrollment field of spec §3, validated by the shared EnrollmentInput. The end date follows the plan's
 * billing cycle whenever the plan or the start changes, until staff type another (ARCHITECTURE §5).
 */
export function EnrollmentForm({
  organizationId,
  defaultValues,
  initialCustomer,
  current,
  submitLabel,
  isPending,
  onSubmit,
  onCancel,
}: EnrollmentFormProps) {
  const { t } = useTranslation();
  const formatDate = useFormatLocalDate();
  const { register, handleSubmit, formState, setError, setValue, getValues, control } = useForm<
    EnrollmentFormValues,
    unknown,
    EnrollmentValues
  >({ resolver: enrollmentFormResolver, defaultValues });
  const { errors, isSubmitted } = formState;
  const [customer, setCustomer] = useState(initialCustomer);
  const [isEndDateFromPlan, setIsEndDateFromPlan] = useState(!current?.isEndDateExplicit);
  const [planId, scheduleId, startDate, endDate] = useWatch({
    control,
    name: ['planId', 'scheduleId', 'startDate', 'endDate'],
  });
  // The plans come with the free seats; until they do, the period is the one the route loaded.
  const [plans, setPlans] = useState<EnrollmentPlanOption[]>([]);
  const renewing = formKeepsRenewing(planId, plans, current);
  const options = useQuery({
    ...enrollmentOptionsQueryOptions(
      organizationId,
      optionsPeriod(startDate, endDate, current?.id, renewing),
    ),
    placeholderData: keepPreviousData,
  });
  const loadedPlans = options.data?.plans;
  useEffect(() => {
    if (loadedPlans) setPlans(loadedPlans);
  }, [loadedPlans]);

  const fillEndDate = (next: Partial<EnrollmentFormValues>, force = false) => {
    if (!isEndDateFromPlan && !force) return;
    const values = { ...getValues(), ...next };
    const plan = plans.find((candidate) => candidate.id === values.planId);
    setValue('endDate', cycleEndDate(values.startDate, plan), { shouldValidate: isSubmitted });
  };

  const submit = handleSubmit(async (values) => {
    await onSubmit(values).catch((error: unknown) => showEnrollmentServerErrors(error, setError, formatDate));
  });

  return (
    <form className="flex flex-col gap-4" noValidate onSubmit={submit}>
      <FormSection title={t('enrollments.form.sections.customerAndPlan')}>
        <div className="grid gap-3">
          <EnrollmentCustomerField
            organizationId={organizationId}
            value={customer}
            onChange={(picked) => {
              setCustomer(picked);
              setValue('customerId', picked?.id ?? '', { shouldValidate: isSubmitted });
            }}
            error={fieldErrorText(errors.customerId)}
          />
          <EnrollmentPlanField
            plans={plans}
            chosenPlanId={planId}
            currentPlanId={current?.planId ?? null}
            error={errors.planId}
            {...register('planId', { onChange: (event) => fillEndDate({ planId: event.target.value }) })}
          />
        </div>
      </FormSection>
      <FormSection title={t('enrollments.form.sections.class')}>
        <div className="grid gap-3 md:grid-cols-2">
          <div className="md:col-span-2">
            <EnrollmentScheduleField
              schedules={options.data?.schedules ?? []}
              chosenScheduleId={scheduleId}
              currentScheduleId={current?.scheduleId ?? null}
              aria-busy={options.isFetching || undefined}
              error={errors.scheduleId}
              {...register('scheduleId')}
            />
          </div>
          <Controller
            control={control}
            name="startDate"
            render={({ field }) => (
              <DateField
                label={t('enrollments.form.fields.startDate')}
                error={errors.startDate}
                {...field}
                onChange={(startDate) => {
                  field.onChange(startDate);
                  fillEndDate({ startDate });
                }}
              />
            )}
          />
          <div className="flex flex-col gap-1">
            <Controller
              control={control}
              name="endDate"
              render={({ field }) => (
                <DateField
                  label={t('enrollments.form.fields.endDate')}
                  hint={
                    isEndDateFromPlan
                      ? t('enrollments.form.hints.endDateFromPlan')
                      : t('enrollments.form.hints.endDateChosen')
                  }
                  error={errors.endDate}
                  {...field}
                  onChange={(endDate) => {
                    field.onChange(endDate);
                    setIsEndDateFromPlan(false);
                  }}
                />
              )}
            />
            {!isEndDateFromPlan && planId && (
              <button
                type="button"
                className="btn btn-ghost btn-xs self-start"
                onClick={() => {
                  setIsEndDateFromPlan(true);
                  fillEndDate({}, true);
                }}
              >
                {t('enrollments.form.hints.useCycle')}
              </button>
            )}
          </div>
        </div>
      </FormSection>
      <FormSection title={t('enrollments.form.sections.notes')}>
        <TextareaField
          label={`${t('enrollments.form.fields.notes')} (${t('common.optional')})`}
          placeholder={t('enrollments.form.placeholders.notes')}
          rows={3}
          error={errors.notes}
          {...register('notes')}
        />
      </FormSection>
      <DialogActions onCancel={onCancel}>
        <button type="submit" className="btn btn-primary" disabled={isPending}>
          {isPending ? t('common.saving') : submitLabel}
        </button>
      </DialogActions>
    </form>
  );
}
