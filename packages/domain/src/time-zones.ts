import { TZDate, tz } from '@date-fns/tz';
import { format } from 'date-fns';
import { z } from 'zod';
import { isCalendarDate } from './customers.ts';
import { V } from './validation.ts';

/** The organization's zone when none was chosen (ARCHITECTURE §5): the product is sold in Brazil. */
export const DEFAULT_TIME_ZONE = 'America/Sao_Paulo';

/**
 * IANA names only ("America/Sao_Paulo", "UTC"). Intl also accepts fixed offsets such as "-03:00", but an
 * offset carries no daylight-saving rules, so a studio saved with one would drift an hour twice a year.
 */
const IANA_NAME = /^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/;

export function isValidTimeZone(value: string): boolean {
  if (!IANA_NAME.test(value)) return false;
  try {
    return Boolean(Intl.DateTimeFormat('en-US', { timeZone: value }).resolvedOptions().timeZone);
  } catch {
    return false;
  }
}

/** The organization's time-zone setting. */
export const TimeZone = z.string(V.required).trim().refine(isValidTimeZone, V.timeZone);

/** A wall-clock time "HH:mm", 00:00–23:59, as an <input type="time"> gives it. */
const TIME_OF_DAY = /^([01]\d|2[0-3]):([0-5]\d)$/;

export function isTimeOfDay(value: string): boolean {
  return TIME_OF_DAY.test(value);
}

// An empty field is 'This field is required' alone, not also a format error.
const required = { message: V.required, abort: true } as const;

/** A required local time-of-day field, "HH:mm". */
export const TimeOfDay = z.string(V.required).min(1, required).refine(isTimeOfDay, V.time);

/** A required local calendar date field, "YYYY-MM-DD". */
export const LocalDate = z.string(V.required).min(1, required).refine(isCalendarDate, V.date);

/**
 * The UTC instant at which a local date and time happen in `timeZone`. A class at 07:00 in São Paulo stays
 * at 07:00 local whatever the offset of that day. Times that do not exist (a clock jumping forward) move
 * forward by the jump, and times that happen twice (a clock falling back) take the first one — the
 * "compatible" rule of Temporal and of @date-fns/tz.
 */
export function sessionInstant(date: string, time: string, timeZone: string): Date {
  const clock = TIME_OF_DAY.exec(time);
  if (!isCalendarDate(date) || !clock) throw new RangeError(`Invalid local date or time: ${date} ${time}`);
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const local = new TZDate(year, month - 1, day, Number(clock[1]), Number(clock[2]), timeZone);
  if (Number.isNaN(local.getTime())) throw new RangeError(`Invalid time zone: ${timeZone}`);
  return new Date(local.getTime());
}

/** A session's start and end as UTC ISO strings, the `startsAt`/`endsAt` of the API. */
export function sessionInterval(
  date: string,
  startTime: string,
  endTime: string,
  timeZone: string,
): { startsAt: string; endsAt: string } {
  return {
    startsAt: sessionInstant(date, startTime, timeZone).toISOString(),
    endsAt: sessionInstant(date, endTime, timeZone).toISOString(),
  };
}

/** Today's date "YYYY-MM-DD" in the organization's zone: where "this week" starts, whatever the server's zone. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  return format(now, 'yyyy-MM-dd', { in: tz(timeZone) });
}
