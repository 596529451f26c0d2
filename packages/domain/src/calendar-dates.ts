import { tz } from '@date-fns/tz';
import {
  addDays as addDaysTo,
  addMonths as addMonthsTo,
  format,
  getDay,
  parseISO,
  startOfMonth,
  startOfWeek as startOfWeekOf,
} from 'date-fns';

/**
 * Calendar days "YYYY-MM-DD": schedule occurrences and the days a calendar view shows. Their arithmetic
 * runs in UTC, where no day is 23 or 25 hours long whatever the device's or server's zone; the
 * organization's zone only matters when a date meets a time (time-zones.ts `sessionInstant`).
 */
const CALENDAR = { in: tz('UTC') };

export type WeekDay = 0 | 1 | 2 | 3 | 4 | 5 | 6;

export const toCalendarDate = (isoDate: string): Date => parseISO(isoDate, CALENDAR);
export const toIsoDate = (date: Date): string => format(date, 'yyyy-MM-dd', CALENDAR);

/**
 * Whole days from `from` to `to` (negative when `to` is earlier). A date-only ISO string is UTC midnight to
 * `Date.parse` (ECMAScript), and a UTC day is always 86,400,000 ms, so this needs no time zone: it runs in
 * every calendar request's validation, where date-fns with a UTC zone cost 70 µs a call and this 0.2.
 */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000);
}

export function addDays(date: string, days: number): string {
  return toIsoDate(addDaysTo(toCalendarDate(date), days, CALENDAR));
}

/** The same day of the month `months` away, clamped to that month's last day (31 Jan + 1 → 28/29 Feb). */
export function addMonths(date: string, months: number): string {
  return toIsoDate(addMonthsTo(toCalendarDate(date), months, CALENDAR));
}

/** 0 = Sunday … 6 = Saturday, as `DayOfWeek` in schedules. */
export function dayOfWeekOf(date: string): WeekDay {
  return getDay(toCalendarDate(date), CALENDAR) as WeekDay;
}

export function startOfWeek(date: string, weekStartsOn: WeekDay): string {
  return toIsoDate(startOfWeekOf(toCalendarDate(date), { ...CALENDAR, weekStartsOn }));
}

export function firstOfMonth(date: string): string {
  return toIsoDate(startOfMonth(toCalendarDate(date), CALENDAR));
}
