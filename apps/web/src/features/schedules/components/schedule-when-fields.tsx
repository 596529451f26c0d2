import { RECURRENCE_TYPES } from '@reformer/domain/schedules';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { DateField } from '@/components/form/date-field.tsx';
import { SelectField } from '@/components/form/select-field.tsx';
import { TimeField } from '@/components/form/time-field.tsx';
import { DaysOfWeekField } from './days-of-week-field.tsx';
import { NoEndDateField } from './no-end-date-field.tsx';
import type { ScheduleFormValues } from './schedule-form-values.ts';

const RECURRENCE_HINTS = {
  SINGLE: 'schedules.form.hints.single',
  WEEKLY: 'schedules.form.hints.weekly',
  MONTHLY: 'schedules.form.hints.monthly',
} as const;

/**
 * Times, recurrence and its dates: a single session has one date; a recurring one a range (and days), or no
 * end date.
 */
export function ScheduleWhenFields() {
  const { t } = useTranslation();
  const { register, formState, control } = useFormContext<ScheduleFormValues>();
  const { errors } = formState;
  const [recurrenceType, isOpenEnded] = useWatch({ control, name: ['recurrenceType', 'isOpenEnded'] });
  const isRecurring = recurrenceType !== 'SINGLE';

  return (
    <div className="grid gap-3 md:grid-cols-2">
      <Controller
        control={control}
        name="startTime"
        render={({ field }) => (
          <TimeField label={t('schedules.form.fields.startTime')} error={errors.startTime} {...field} />
        )}
      />
      <Controller
        control={control}
        name="endTime"
        render={({ field }) => (
          <TimeField label={t('schedules.form.fields.endTime')} error={errors.endTime} {...field} />
        )}
      />
      <div className="md:col-span-2">
        <SelectField
          label={t('schedules.form.fields.recurrence')}
          options={RECURRENCE_TYPES.map((value) => ({ value, label: t(`schedules.recurrences.${value}`) }))}
          error={errors.recurrenceType}
          {...register('recurrenceType')}
        />
        <p className="mt-1 text-xs text-base-content/70">{t(RECURRENCE_HINTS[recurrenceType])}</p>
      </div>
      <Controller
        control={control}
        name="startDate"
        render={({ field }) => (
          <DateField
            label={isRecurring ? t('schedules.form.fields.startDate') : t('schedules.form.fields.date')}
            error={errors.startDate}
            {...field}
          />
        )}
      />
      {isRecurring && !isOpenEnded && (
        <Controller
          control={control}
          name="endDate"
          render={({ field }) => (
            <DateField
              label={t('schedules.form.fields.endDate')}
              hint={t('schedules.form.hints.endDate')}
              error={errors.endDate}
              {...field}
            />
          )}
        />
      )}
      {isRecurring && <NoEndDateField />}
      {recurrenceType === 'WEEKLY' && (
        <div className="md:col-span-2">
          <DaysOfWeekField />
        </div>
      )}
    </div>
  );
}
