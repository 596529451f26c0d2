import { eachDayOfInterval, getDay } from 'date-fns';
import { addMonths, toCalendarDate, toIsoDate } from './calendar-dates.ts';
import type { RecurrenceType } from './schedules.ts';

/** What generation needs from a schedule: `ScheduleValues` and `Schedule` both fit. */
export type ScheduleRecurrence = {
  recurrenceType: RecurrenceType;
  startDate: string;
  endDate: string | null;
  daysOfWeek: readonly number[];
};

/** An optional inclusive window "YYYY-MM-DD", such as the week or month on screen. */
export type DateWindow = { from?: string | undefined; to?: string | undefined };

/**
 * The local dates "YYYY-MM-DD" on which a schedule has a session, ascending, inside [startDate, endDate]
 * and the optional window:
 * - SINGLE: the start date (the end date is ignored);
 * - WEEKLY: every date whose day of week (0 = Sunday) is in `daysOfWeek`;
 * - MONTHLY: the start date's day of the month, every month. A day the month lacks is clamped to the
 *   month's last day (31 Jan → 28/29 Feb → 31 Mar → 30 Apr): each date is counted from the start date,
 *   never from the previous occurrence, so a clamp does not drift the following months to the 28th.
 * A recurring schedule without an end date yields only dates up to its start date; the schema requires
 * one, which keeps generation finite.
 */
export function scheduleOccurrenceDates(schedule: ScheduleRecurrence, window: DateWindow = {}): string[] {
  const first = latest(schedule.startDate, window.from);
  const last = earliest(schedule.endDate ?? schedule.startDate, window.to);
  if (first > last) return [];
  switch (schedule.recurrenceType) {
    case 'SINGLE':
      return schedule.startDate >= first && schedule.startDate <= last ? [schedule.startDate] : [];
    case 'WEEKLY':
      return weeklyDates(first, last, schedule.daysOfWeek);
    case 'MONTHLY':
      return monthlyDates(schedule.startDate, last).filter((date) => date >= first);
  }
}

function weeklyDates(first: string, last: string, daysOfWeek: readonly number[]): string[] {
  const days = new Set(daysOfWeek);
  if (days.size === 0) return [];
  return eachDayOfInterval({ start: toCalendarDate(first), end: toCalendarDate(last) })
    .filter((date) => days.has(getDay(date)))
    .map(toIsoDate);
}

function monthlyDates(startDate: string, last: string): string[] {
  const dates: string[] = [];
  for (let months = 0; ; months += 1) {
    const date = addMonths(startDate, months);
    if (date > last) return dates;
    dates.push(date);
  }
}

// ISO dates compare correctly as strings.
const latest = (date: string, other: string | undefined) => (other && other > date ? other : date);
const earliest = (date: string, other: string | undefined) => (other && other < date ? other : date);
