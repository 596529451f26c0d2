import { type DayOfWeek, dayOfWeekName, type Schedule } from '@reformer/domain/schedules';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatLocalDate, useLocaleTag } from '@/lib/format.ts';
import { daysOfWeekFrom, useWeekStartsOn } from '@/lib/week-start.ts';

type Recurrence = Pick<Schedule, 'recurrenceType' | 'daysOfWeek' | 'startDate' | 'endDate'>;

/**
 * When a schedule happens, in words: "Mon, Wed" (short names from Intl, in the user's week order),
 * "Monthly, on day 31", or the single date.
 */
export function useScheduleDays(): (schedule: Recurrence) => string {
  const { t } = useTranslation();
  const locale = useLocaleTag();
  const weekStartsOn = useWeekStartsOn();
  const formatDate = useFormatLocalDate();
  return useCallback(
    (schedule: Recurrence) => {
      if (schedule.recurrenceType === 'SINGLE') {
        return t('schedules.display.singleDate', { date: formatDate(schedule.startDate) });
      }
      if (schedule.recurrenceType === 'MONTHLY') {
        return t('schedules.display.monthlyDay', { day: Number(schedule.startDate.slice(8, 10)) });
      }
      const days = new Set(schedule.daysOfWeek);
      return daysOfWeekFrom(weekStartsOn)
        .filter((day) => days.has(day))
        .map((day: DayOfWeek) => dayOfWeekName(day, locale, 'short'))
        .join(', ');
    },
    [t, locale, weekStartsOn, formatDate],
  );
}

/**
 * The dates a schedule runs: "Mar 1, 2026 to Jun 30, 2026", "From Mar 1, 2026 · No end date", or its one
 * date.
 */
export function useSchedulePeriod(): (schedule: Recurrence) => string {
  const { t } = useTranslation();
  const formatDate = useFormatLocalDate();
  return useCallback(
    (schedule: Recurrence) => {
      const start = formatDate(schedule.startDate);
      if (schedule.recurrenceType === 'SINGLE') return start;
      if (!schedule.endDate) return t('schedules.display.openEndedRange', { start });
      return t('schedules.display.dateRange', { start, end: formatDate(schedule.endDate) });
    },
    [t, formatDate],
  );
}
