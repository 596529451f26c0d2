import { billingCycle, monthsBetween } from './billing-cycles.ts';
import { addDays, addMonths, firstOfMonth } from './calendar-dates.ts';

/**
 * The owner's money at a glance (issue #26 §5, docs/decisions/020): the pure rules behind the recurring
 * revenue and the forecast of the dashboard. Their SQL twins live in the dashboard's repository, and its
 * integration test compares the two.
 */

/** The forecast reaches the three whole months after this one. */
export const FORECAST_MONTHS = 3;

type Period = { from: string; to: string };

/** The whole calendar month of `date`, first to last day. */
export function monthOf(date: string): Period {
  const from = firstOfMonth(date);
  return { from, to: addDays(addMonths(from, 1), -1) };
}

/** The `count` whole months after `today`'s month, in order. */
export function monthsAfter(today: string, count: number): Period[] {
  const thisMonth = firstOfMonth(today);
  return Array.from({ length: count }, (_, index) => monthOf(addMonths(thisMonth, index + 1)));
}

/**
 * Monthly recurring revenue of one subscription: its cycle's price spread evenly over the cycle's months (a
 * quarterly plan counts its price / 3 each month, semi-annual / 6, annual / 12). Left unrounded: the total
 * is rounded once (`recurringRevenueCents`), so a hundred quarterly plans do not drift by 50 cents.
 */
export function monthlyShareCents(priceCents: number, cycleMonths: number): number {
  return priceCents / cycleMonths;
}

/** The recurring revenue of subscriptions in one currency: their monthly shares summed, to the nearest cent. */
export function recurringRevenueCents(
  subscriptions: readonly { priceCents: number; cycleMonths: number }[],
): number {
  const total = subscriptions.reduce(
    (sum, subscription) => sum + monthlyShareCents(subscription.priceCents, subscription.cycleMonths),
    0,
  );
  return Math.round(total);
}

export type BilledEnrollment = {
  /** enrollments `lastCoveredDate`: its end, or the day before a cancellation. */
  lastCoveredDate: string;
  /** enrollments `keepsRenewing`: it runs and it (or else its plan) renews by itself. */
  renewing: boolean;
  /** Its schedule's end; null when the schedule runs for ever. */
  scheduleEndDate: string | null;
};

/**
 * The last day whose cycle an enrollment will be charged for: one that keeps renewing goes on until its
 * schedule ends (renewals stop there, enrollments `renewedEndDate`) or for ever (null); any other — set to
 * end, a plan that does not renew, a cancellation ahead — stops at the last day it covers.
 */
export function billedThrough(enrollment: BilledEnrollment): string | null {
  if (!enrollment.renewing) return enrollment.lastCoveredDate;
  if (enrollment.scheduleEndDate === null) return null;
  return enrollment.scheduleEndDate > enrollment.lastCoveredDate
    ? enrollment.scheduleEndDate
    : enrollment.lastCoveredDate;
}

/**
 * The due dates (billing-cycles `billingCycle` starts: a cycle is due on its first day) of an enrollment's
 * cycles that fall in `period` and start by `through` (`billedThrough`; null: no end). The search starts
 * a cycle before the one holding `period.from`, so an enrollment years old looks at a handful of cycles.
 */
export function cycleDueDates(
  startDate: string,
  cycleMonths: number,
  period: Period,
  through: string | null,
): string[] {
  const last = through !== null && through < period.to ? through : period.to;
  const dates: string[] = [];
  const first = Math.max(0, Math.floor(monthsBetween(startDate, period.from) / cycleMonths) - 1);
  for (let index = first; ; index += 1) {
    const { start } = billingCycle(startDate, cycleMonths, index);
    if (start > last) return dates;
    if (start >= period.from) dates.push(start);
  }
}
