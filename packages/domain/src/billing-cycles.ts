import { addDays, addMonths } from './calendar-dates.ts';

/** Calendar months from `from`'s month to `to`'s, ignoring the days ("2025-01-31" → "2025-03-01": 2). */
export function monthsBetween(from: string, to: string): number {
  const [fromYear = 0, fromMonth = 0] = from.split('-').map(Number);
  const [toYear = 0, toMonth = 0] = to.split('-').map(Number);
  return (toYear - fromYear) * 12 + (toMonth - fromMonth);
}

/**
 * Billing cycles are anchored on the enrollment's start date: cycle k runs from start + k·months to the day
 * before start + (k+1)·months (ARCHITECTURE §5: end = start + the plan's months − 1 day). Anchoring on the
 * start, not chaining from the previous end, keeps a 31 January start on the 31st (or the month's last day)
 * for every later cycle instead of drifting to the 28th after February.
 */
export function billingCycle(startDate: string, months: number, index: number) {
  return {
    index,
    start: addMonths(startDate, index * months),
    end: addDays(addMonths(startDate, (index + 1) * months), -1),
  };
}

/** The end date of an enrollment's first cycle: what the form fills and the server assumes when none is set. */
export function firstCycleEnd(startDate: string, months: number): string {
  return billingCycle(startDate, months, 0).end;
}

/**
 * Renewal adds one cycle: the end of the first cycle that ends after `currentEnd` (one that staff set by
 * hand lands back on the cycle grid).
 */
export function nextCycleEnd(startDate: string, months: number, currentEnd: string): string {
  // Every cycle at least two cycles before the one holding `currentEnd` ends before it, so the search starts
  // there: a subscription two years old renews after 3 cycles looked at, not 25 (the daily job renews
  // thousands at once, and each cycle is two calls of date-fns).
  for (let index = Math.max(0, Math.floor(monthsBetween(startDate, currentEnd) / months) - 2); ; index += 1) {
    const cycle = billingCycle(startDate, months, index);
    if (cycle.end > currentEnd) return cycle.end;
  }
}
