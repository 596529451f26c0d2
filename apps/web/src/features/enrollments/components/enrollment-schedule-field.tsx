import type { ScheduleAvailability } from '@reformer/domain/enrollments';
import { type ComponentProps, useMemo } from 'react';
import type { FieldError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormField } from '@/components/form/form-field.tsx';
import { useFormatTimeRange, useLocaleTag } from '@/lib/format.ts';

type EnrollmentScheduleFieldProps = ComponentProps<'select'> & {
  schedules: ScheduleAvailability[];
  /** The chosen schedule, described under the select (a phone cuts the option's text short). */
  chosenScheduleId: string;
  /** The enrollment's own schedule: on edit it stays offered even when inactive or full. */
  currentScheduleId: string | null;
  error?: FieldError | undefined;
};

/** "Mon, Wed": the weekdays of a weekly class in the user's language (1 January 2023 was a Sunday). */
function useWeekdayNames(): (days: number[]) => string {
  const locale = useLocaleTag();
  return useMemo(() => {
    const formatter = new Intl.DateTimeFormat(locale, { weekday: 'short', timeZone: 'UTC' });
    return (days) => days.map((day) => formatter.format(Date.UTC(2023, 0, 1 + day))).join(', ');
  }, [locale]);
}

/** A schedule's name, when it runs, and how many seats it still has over the enrollment's period. */
function useScheduleText() {
  const { t } = useTranslation();
  const weekdays = useWeekdayNames();
  const timeRange = useFormatTimeRange();
  return (schedule: ScheduleAvailability) => ({
    name: schedule.isActive
      ? schedule.name
      : t('enrollments.form.hints.scheduleInactive', { name: schedule.name }),
    when: `${
      schedule.recurrenceType === 'WEEKLY'
        ? weekdays(schedule.daysOfWeek)
        : t(`schedules.recurrences.${schedule.recurrenceType}`)
    } ${timeRange(schedule.startTime, schedule.endTime)}`,
    seats:
      schedule.freeSeats > 0
        ? t('enrollments.form.hints.seatsFree', { count: schedule.freeSeats })
        : t('enrollments.form.hints.full'),
  });
}

/** Active schedules by establishment; a full one cannot be chosen (the server would refuse it anyway). */
export function EnrollmentScheduleField({
  schedules,
  chosenScheduleId,
  currentScheduleId,
  error,
  ...selectProps
}: EnrollmentScheduleFieldProps) {
  const { t } = useTranslation();
  const textOf = useScheduleText();
  const offered = schedules.filter(
    (schedule) => schedule.isActive || schedule.scheduleId === currentScheduleId,
  );
  const establishments = new Map(
    offered.map((schedule) => [schedule.establishmentId, schedule.establishmentName]),
  );
  const chosen = offered.find((schedule) => schedule.scheduleId === chosenScheduleId);
  const chosenText = chosen && textOf(chosen);
  const hint = chosenText
    ? `${chosen.establishmentName} · ${chosenText.when} · ${chosenText.seats}`
    : offered.length === 0
      ? t('enrollments.form.hints.noSchedules')
      : t('enrollments.form.hints.seatsPeriod');

  return (
    <FormField label={t('enrollments.form.fields.schedule')} error={error} hint={hint}>
      {(control, isInvalid) => (
        <select {...control} className={`select w-full ${isInvalid ? 'select-error' : ''}`} {...selectProps}>
          <option value="">{t('enrollments.form.placeholders.schedule')}</option>
          {[...establishments].map(([establishmentId, establishmentName]) => (
            <optgroup key={establishmentId} label={establishmentName}>
              {offered
                .filter((schedule) => schedule.establishmentId === establishmentId)
                .map((schedule) => ({ schedule, text: textOf(schedule) }))
                .map(({ schedule, text }) => (
                  <option
                    key={schedule.scheduleId}
                    value={schedule.scheduleId}
                    disabled={schedule.freeSeats <= 0 && schedule.scheduleId !== currentScheduleId}
                  >
                    {`${text.name} — ${text.when} — ${text.seats}`}
                  </option>
                ))}
            </optgroup>
          ))}
        </select>
      )}
    </FormField>
  );
}
