import type { IsHoliday } from './business-days.ts';
import { addDays, daysBetween } from './calendar-dates.ts';
import type { EnrollmentCoverage } from './enrollments.ts';
import { type BillingCycleState, billingCycleStates } from './payments.ts';

/**
 * When an event's message goes out, relative to its occasion (the birthday, the cycle's due date): some days
 * before, on the day, or some days after. Spec document 2 §3.
 */
export const EVENT_TIMINGS = ['BEFORE', 'ON_DAY', 'AFTER'] as const;
export type EventTiming = (typeof EVENT_TIMINGS)[number];

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

const yearOf = (date: string) => Number(date.slice(0, 4));

/**
 * The day a birthday falls on in `year`. Someone born on 29 February celebrates on 28 February in a common
 * year: still in their birthday month, and the day Brazilian registries count a year of age complete.
 */
export function birthdayIn(dateOfBirth: string, year: number): string {
  const monthDay = dateOfBirth.slice(5);
  const day = monthDay === '02-29' && !isLeapYear(year) ? '02-28' : monthDay;
  return `${String(year).padStart(4, '0')}-${day}`;
}

/** The first birthday on or after `today` (never the day of birth itself). */
export function nextBirthday(dateOfBirth: string, today: string): string {
  const thisYear = birthdayIn(dateOfBirth, yearOf(today));
  if (thisYear >= today && thisYear > dateOfBirth) return thisYear;
  const nextYear = birthdayIn(dateOfBirth, yearOf(today) + 1);
  return nextYear > dateOfBirth ? nextYear : birthdayIn(dateOfBirth, yearOf(dateOfBirth) + 1);
}

/** The age someone turns on the birthday `birthday`. */
export function ageOn(dateOfBirth: string, birthday: string): number {
  return yearOf(birthday) - yearOf(dateOfBirth);
}

export type UpcomingBirthday = { birthday: string; daysUntil: number; age: number };

/**
 * Spec §9's window: the birthday falls from today up to `days` days ahead, both ends included, so a window of
 * 30 on 20 December reaches 19 January of the next year.
 */
export function upcomingBirthday(dateOfBirth: string, today: string, days: number): UpcomingBirthday | null {
  const birthday = nextBirthday(dateOfBirth, today);
  const daysUntil = daysBetween(today, birthday);
  if (daysUntil > days) return null;
  return { birthday, daysUntil, age: ageOn(dateOfBirth, birthday) };
}

/** Days from the message to its occasion: 3 days BEFORE a birthday means the birthday is 3 days after. */
export function occasionOffset(timing: EventTiming, days: number): number {
  if (timing === 'ON_DAY') return 0;
  return timing === 'BEFORE' ? days : -days;
}

/** The occasion whose message goes out on `sendDate` under this timing. */
export function occasionDateFor(sendDate: string, timing: EventTiming, days: number): string {
  return addDays(sendDate, occasionOffset(timing, days));
}

/** Whether the customer's birthday (the one in that year) is `date`. */
export function isBirthdayOn(dateOfBirth: string, date: string): boolean {
  return date > dateOfBirth && birthdayIn(dateOfBirth, yearOf(date)) === date;
}

/** The days of birth ("MM-DD") whose birthday falls on `date`: 28 February of a common year has two. */
export function birthMonthDaysOn(date: string): string[] {
  const monthDay = date.slice(5);
  return monthDay === '02-28' && !isLeapYear(yearOf(date)) ? ['02-28', '02-29'] : [monthDay];
}

type BilledEnrollment = EnrollmentCoverage & { months: number; priceCents: number };

/**
 * The cycles a payment reminder is about: the enrollment's cycles (payments.ts `billingCycleStates`, the
 * same rule as the customer's billing tab) that are not paid — overdue ones and those due up to `days` ahead.
 */
export function unpaidCycles(
  enrollment: BilledEnrollment,
  paidByCycleStart: ReadonlyMap<string, number>,
  today: string,
  days: number,
  isHoliday: IsHoliday,
  chargedByCycleStart?: ReadonlyMap<string, number>,
): BillingCycleState[] {
  const horizon = addDays(today, Math.max(0, days));
  return billingCycleStates(
    enrollment,
    paidByCycleStart,
    today,
    horizon,
    isHoliday,
    chargedByCycleStart,
  ).filter((cycle) => cycle.state !== 'PAID' && cycle.dueDate <= horizon);
}

/** What is still to pay of a cycle. */
export function amountDueCents(cycle: Pick<BillingCycleState, 'priceCents' | 'paidCents'>): number {
  return Math.max(0, cycle.priceCents - cycle.paidCents);
}

/**
 * The day a cycle's reminder goes out under this timing. An AFTER (overdue) reminder waits until the cycle is
 * overdue, the day after it stops being payable (decision 035): "1 day after" a Saturday's cycle, payable
 * until Monday, goes out on Tuesday rather than on Sunday, while "5 days after" still goes out on Thursday.
 */
export function reminderSendDate(
  cycle: Pick<BillingCycleState, 'dueDate' | 'payableUntil'>,
  timing: EventTiming,
  days: number,
): string {
  const sendDate = addDays(cycle.dueDate, -occasionOffset(timing, days));
  if (timing !== 'AFTER') return sendDate;
  const firstOverdueDay = addDays(cycle.payableUntil, 1);
  return sendDate > firstOverdueDay ? sendDate : firstOverdueDay;
}
