import { addDays, addMonths, dayOfWeekOf } from './calendar-dates.ts';
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
 * A recurring schedule without an end date runs until ended: its dates stop at the window's end (without
 * one, at its start date), so generation is always finite (`sessionsThrough` gives the end to ask for).
 */
export function scheduleOccurrenceDates(schedule: ScheduleRecurrence, window: DateWindow = {}): string[] {
  const first = latest(schedule.startDate, window.from);
  const last = earliest(schedule.endDate ?? window.to ?? schedule.startDate, window.to);
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

/**
 * How far ahead an open-ended schedule's sessions exist (issue #26 §1; decision 040). Sessions stay rows
 * (decision 011), so one that runs until ended has them up to a rolling horizon, moved on by the hourly
 * `schedules.extend-sessions` job. 12 months: the longest billing cycle, so a renewing enrollment's whole
 * period — and the seat checks, rosters, calendar, make-up credits and churn risk that read it — always has
 * its sessions; half the rows of the longest bounded schedule (2 years).
 */
export const OPEN_ENDED_HORIZON_MONTHS = 12;

/** Whether the schedule runs until ended: recurring, with no end date. */
export function isOpenEnded(schedule: Pick<ScheduleRecurrence, 'recurrenceType' | 'endDate'>): boolean {
  return schedule.recurrenceType !== 'SINGLE' && schedule.endDate === null;
}

/** The last date an open-ended schedule has sessions for while `today` is the organization's day. */
export function sessionHorizon(today: string): string {
  return addMonths(today, OPEN_ENDED_HORIZON_MONTHS);
}

/**
 * The first date whose session a schedule gets when it is saved: its start date — for an open-ended one no
 * more than 12 months before today, so its rows span at most 2 years as a bounded schedule's do (a start
 * typed as 1900 would otherwise be tens of thousands of sessions nobody needs).
 */
export function sessionsFrom(schedule: ScheduleRecurrence, today: string): string {
  if (!isOpenEnded(schedule)) return schedule.startDate;
  const earliest = addMonths(today, -OPEN_ENDED_HORIZON_MONTHS);
  return schedule.startDate > earliest ? schedule.startDate : earliest;
}

/**
 * The last date whose sessions a schedule has on `today`: its single date, its end date, or for an
 * open-ended one the horizon.
 */
export function sessionsThrough(schedule: ScheduleRecurrence, today: string): string {
  if (schedule.recurrenceType === 'SINGLE') return schedule.startDate;
  return schedule.endDate ?? sessionHorizon(today);
}

function weeklyDates(first: string, last: string, daysOfWeek: readonly number[]): string[] {
  const days = new Set(daysOfWeek);
  if (days.size === 0) return [];
  const dates: string[] = [];
  // "YYYY-MM-DD" strings compare as the dates they name.
  for (let date = first; date <= last; date = addDays(date, 1)) {
    if (days.has(dayOfWeekOf(date))) dates.push(date);
  }
  return dates;
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
