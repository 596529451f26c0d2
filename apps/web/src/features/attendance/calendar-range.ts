// The days a view shows, from the domain's calendar arithmetic (date-fns, on UTC calendar days).
import { addDays, addMonths, firstOfMonth, startOfWeek } from '@reformer/domain/calendar-dates';
import type { DayOfWeek } from '@reformer/domain/schedules';
import type { AttendanceView } from '@reformer/domain/sessions';

export type VisibleRange = { from: string; to: string; days: string[] };

/**
 * What a view shows around `date`: its week (week, table and cards), or the six weeks of the month grid
 * (42 days, within the API's 62-day limit) starting on the week that holds the 1st.
 */
export function visibleRange(view: AttendanceView, date: string, weekStartsOn: DayOfWeek): VisibleRange {
  const from =
    view === 'month' ? startOfWeek(firstOfMonth(date), weekStartsOn) : startOfWeek(date, weekStartsOn);
  const count = view === 'month' ? 42 : 7;
  const days = Array.from({ length: count }, (_, index) => addDays(from, index));
  return { from, to: days[days.length - 1] ?? from, days };
}

/** The date one period before (-1) or after (+1): a week, or a month for the month view. */
export function shiftPeriod(view: AttendanceView, date: string, direction: -1 | 1): string {
  return view === 'month' ? addMonths(date, direction) : addDays(date, 7 * direction);
}

export function isSameMonth(date: string, other: string): boolean {
  return date.slice(0, 7) === other.slice(0, 7);
}
