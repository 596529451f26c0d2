import { RECURRENCE_TYPES } from '@reformer/domain/schedules';
import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { SelectField } from '@/components/form/select-field.tsx';
import { TextField } from '@/components/form/text-field.tsx';
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
      <TextField
        type="time"
        label={t('schedules.form.fields.startTime')}
        error={errors.startTime}
        {...register('startTime')}
      />
      <TextField
        type="time"
        label={t('schedules.form.fields.endTime')}
        error={errors.endTime}
        {...register('endTime')}
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
      <TextField
        type="date"
        label={isRecurring ? t('schedules.form.fields.startDate') : t('schedules.form.fields.date')}
        error={errors.startDate}
        {...register('startDate')}
      />
      {isRecurring && !isOpenEnded && (
        <TextField
          type="date"
          label={t('schedules.form.fields.endDate')}
          hint={t('schedules.form.hints.endDate')}
          error={errors.endDate}
          {...register('endDate')}
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
