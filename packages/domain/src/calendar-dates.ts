/**
 * Calendar days "YYYY-MM-DD": schedule occurrences and the days a calendar view shows. Their arithmetic
 * runs in UTC, where no day is 23 or 25 hours long whatever the device's or server's zone; the
 * organization's zone only matters when a date meets a time (time-zones.ts `sessionInstant`).
 *
 * A date-only ISO string is UTC midnight to `Date.parse` (ECMAScript) and a UTC day is always 86,400,000 ms,
 * so the arithmetic below is on those milliseconds and the `Date`'s UTC fields: date-fns with a UTC zone
 * cost about 70 µs a call, and the dashboard alone made hundreds of calls a request (decision 018). The
 * domain's property test holds each function to date-fns's answer over four centuries of dates.
 */

const DAY_MS = 86_400_000;

export type WeekDay = 0 | 1 | 2 | 3 | 4 | 5 | 6;

const toCalendarDate = (isoDate: string): Date => new Date(Date.parse(isoDate));
const toIsoDate = (date: Date): string => date.toISOString().slice(0, 10);

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS);
}

export function addDays(date: string, days: number): string {
  return toIsoDate(new Date(Date.parse(date) + days * DAY_MS));
}

/** The same day of the month `months` away, clamped to that month's last day (31 Jan + 1 → 28/29 Feb). */
export function addMonths(date: string, months: number): string {
  const start = toCalendarDate(date);
  const month = start.getUTCMonth() + months;
  const result = new Date(0);
  // Day 0 of the month after is the target month's last day (setUTCFullYear, unlike Date.UTC, keeps years 0–99).
  result.setUTCFullYear(start.getUTCFullYear() + Math.floor(month / 12), (((month % 12) + 12) % 12) + 1, 0);
  result.setUTCDate(Math.min(start.getUTCDate(), result.getUTCDate()));
  return toIsoDate(result);
}

/** 0 = Sunday … 6 = Saturday, as `DayOfWeek` in schedules. */
export function dayOfWeekOf(date: string): WeekDay {
  return toCalendarDate(date).getUTCDay() as WeekDay;
}

export function startOfWeek(date: string, weekStartsOn: WeekDay): string {
  return addDays(date, -((dayOfWeekOf(date) - weekStartsOn + 7) % 7));
}

export function firstOfMonth(date: string): string {
  return `${date.slice(0, 8)}01`;
}
