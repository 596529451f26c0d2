import { addDays, addMonths } from './calendar-dates.ts';

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
  for (let index = 0; ; index += 1) {
    const cycle = billingCycle(startDate, months, index);
    if (cycle.end > currentEnd) return cycle.end;
  }
}
