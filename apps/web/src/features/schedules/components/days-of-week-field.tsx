import { dayOfWeekName } from '@reformer/domain/schedules';
import { useId } from 'react';
import { type FieldError, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useLocaleTag } from '@/lib/format.ts';
import { fieldErrorText } from '@/lib/forms.ts';
import { daysOfWeekFrom, useWeekStartsOn } from '@/lib/week-start.ts';
import type { ScheduleFormValues } from './schedule-form-values.ts';

/** One checkbox a day, in the order the user's week runs, named by Intl in the user's language. */
export function DaysOfWeekField() {
  const { t } = useTranslation();
  const id = useId();
  const locale = useLocaleTag();
  const weekStartsOn = useWeekStartsOn();
  const { register, formState } = useFormContext<ScheduleFormValues>();
  // The schema's issue is on the list as a whole, never on one day.
  const message = fieldErrorText(formState.errors.daysOfWeek as FieldError | undefined);

  return (
    <fieldset
      className="flex flex-col gap-1"
      aria-invalid={message ? true : undefined}
      aria-describedby={message ? `${id}-error` : undefined}
    >
      <legend className="mb-1 text-sm font-medium">{t('schedules.form.fields.daysOfWeek')}</legend>
      <div className="flex flex-wrap gap-2">
        {daysOfWeekFrom(weekStartsOn).map((day) => (
          <label
            key={day}
            className="flex cursor-pointer items-center gap-2 rounded-field border border-base-300 px-3 py-2 text-sm has-checked:border-primary"
          >
            <input
              type="checkbox"
              className="checkbox checkbox-sm"
              value={String(day)}
              {...register('daysOfWeek')}
            />
            <span aria-hidden="true">{dayOfWeekName(day, locale, 'short')}</span>
            <span className="sr-only">{dayOfWeekName(day, locale, 'long')}</span>
          </label>
        ))}
      </div>
      {message && (
        <p id={`${id}-error`} className="border-l-2 border-error pl-2 text-sm font-medium">
          {message}
        </p>
      )}
    </fieldset>
  );
}
