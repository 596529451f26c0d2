/**
 * Whether banks are closed on a weekday date "YYYY-MM-DD" for a holiday. The server answers it from a
 * maintained holiday library (apps/server/src/lib/bank-holidays.ts, decision 035); the domain takes it as a
 * parameter so that library stays out of this package and of the web app's bundle.
 */
export type IsHoliday = (date: string) => boolean;

/** No run of days off is this long (Carnival is four: Saturday to Tuesday); a lookup that says so is broken. */
const LONGEST_CLOSURE_DAYS = 31;

/**
 * A date-only ISO string is UTC midnight to `Date.parse` and a UTC day is always 86,400,000 ms (as
 * calendar-dates `daysBetween`), so the weekday and the day after need no time zone: date-fns with a UTC zone
 * cost ~70 µs a step (calendar-dates), and every billing cycle shown is judged here.
 */
const DAY_MS = 86_400_000;
const weekDayOf = (date: string) => new Date(Date.parse(date)).getUTCDay();
const stepDay = (date: string, step: number) =>
  new Date(Date.parse(date) + step * DAY_MS).toISOString().slice(0, 10);

export function isBusinessDay(date: string, isHoliday: IsHoliday): boolean {
  const weekDay = weekDayOf(date);
  return weekDay !== 0 && weekDay !== 6 && !isHoliday(date);
}

function firstBusinessDay(date: string, step: 1 | -1, isHoliday: IsHoliday): string {
  let day = date;
  for (let tries = 0; tries < LONGEST_CLOSURE_DAYS; tries += 1) {
    if (isBusinessDay(day, isHoliday)) return day;
    day = stepDay(day, step);
  }
  throw new Error(`No business day within ${LONGEST_CLOSURE_DAYS} days of ${date}`);
}

/** The date itself when it is a business day, else the first business day after it. */
export function nextBusinessDay(date: string, isHoliday: IsHoliday): string {
  return firstBusinessDay(date, 1, isHoliday);
}

/** The date itself when it is a business day, else the last business day before it. */
export function previousBusinessDay(date: string, isHoliday: IsHoliday): string {
  return firstBusinessDay(date, -1, isHoliday);
}

/**
 * Issue #26 §3: a charge due on a weekend or a bank holiday stays payable until the next business day, as
 * banks settle it (a boleto or PIX charge due on a Saturday is paid on time on Monday).
 */
export const payableUntil = nextBusinessDay;

/** A cycle (or charge) due on `dueDate` is overdue from the day after the last day it is payable. */
export function isOverdue(dueDate: string, today: string, isHoliday: IsHoliday): boolean {
  return today > payableUntil(dueDate, isHoliday);
}

/**
 * The latest due date that is overdue on `today`: the last business day before today. As `payableUntil`
 * never decreases with the due date, a due date D is overdue exactly when D <= this — one date the SQL twin
 * compares against (db/billing-cycles.ts `overdueCycles`) instead of a holiday list per row.
 */
export function lastOverdueDueDate(today: string, isHoliday: IsHoliday): string {
  return previousBusinessDay(stepDay(today, -1), isHoliday);
}
