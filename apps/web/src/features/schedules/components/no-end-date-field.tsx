import { useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { ScheduleFormValues } from './schedule-form-values.ts';

/**
 * "No end date" beside a recurring schedule's end date (issue #26 §1): the class runs until ended, its
 * sessions kept 12 months ahead. Ticked, the end-date input goes away.
 */
export function NoEndDateField() {
  const { t } = useTranslation();
  const { register } = useFormContext<ScheduleFormValues>();
  return (
    <div className="flex flex-col justify-end gap-1">
      <label className="flex cursor-pointer items-center gap-2 text-sm">
        <input type="checkbox" className="checkbox checkbox-sm" {...register('isOpenEnded')} />
        {t('schedules.form.fields.noEndDate')}
      </label>
      <p className="text-xs text-base-content/70">{t('schedules.form.hints.noEndDate')}</p>
    </div>
  );
}
