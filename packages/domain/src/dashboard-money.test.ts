import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { billingCycle } from './billing-cycles.ts';
import { addDays } from './calendar-dates.ts';
import {
  billedThrough,
  cycleDueDates,
  monthlyShareCents,
  monthOf,
  monthsAfter,
  recurringRevenueCents,
} from './dashboard-money.ts';

describe('the recurring revenue', () => {
  it('spreads a cycle’s price over its months: quarterly / 3, semi-annual / 6, annual / 12', () => {
    expect(monthlyShareCents(34_900, 1)).toBe(34_900);
    expect(monthlyShareCents(74_700, 3)).toBe(24_900);
    expect(monthlyShareCents(120_000, 6)).toBe(20_000);
    expect(monthlyShareCents(240_000, 12)).toBe(20_000);
  });

  it('rounds the total once, not each subscription', () => {
    const quarterly = { priceCents: 100, cycleMonths: 3 };
    // 33.33… each: rounding each would give 99, the total is 100.
    expect(recurringRevenueCents([quarterly, quarterly, quarterly])).toBe(100);
    expect(recurringRevenueCents([{ priceCents: 100_00, cycleMonths: 3 }])).toBe(33_33);
    expect(recurringRevenueCents([])).toBe(0);
  });
});

describe('the forecast months', () => {
  it('are the whole months after this one, across a year end', () => {
    expect(monthOf('2027-02-14')).toEqual({ from: '2027-02-01', to: '2027-02-28' });
    expect(monthsAfter('2027-11-30', 3)).toEqual([
      { from: '2027-12-01', to: '2027-12-31' },
      { from: '2028-01-01', to: '2028-01-31' },
      { from: '2028-02-01', to: '2028-02-29' },
    ]);
  });
});

describe('how far an enrollment is billed', () => {
  const terms = { lastCoveredDate: '2027-03-31', scheduleEndDate: null };

  it('renewing: until its schedule ends, or for ever', () => {
    expect(billedThrough({ ...terms, renewing: true })).toBeNull();
    expect(billedThrough({ ...terms, renewing: true, scheduleEndDate: '2027-12-20' })).toBe('2027-12-20');
    // An end staff set past the schedule's end is still billed (the cycles up to it are charged).
    expect(billedThrough({ ...terms, renewing: true, scheduleEndDate: '2027-03-10' })).toBe('2027-03-31');
  });

  it('set to end, or cancelled ahead: the last day it covers', () => {
    expect(billedThrough({ ...terms, renewing: false })).toBe('2027-03-31');
    expect(billedThrough({ ...terms, renewing: false, scheduleEndDate: '2027-12-20' })).toBe('2027-03-31');
  });
});

describe('the cycles due in a period', () => {
  const april = { from: '2027-04-01', to: '2027-04-30' };

  it('a monthly enrollment is due once a month on its start’s day, clamped to short months', () => {
    expect(cycleDueDates('2027-01-31', 1, { from: '2027-02-01', to: '2027-05-31' }, null)).toEqual([
      '2027-02-28',
      '2027-03-31',
      '2027-04-30',
      '2027-05-31',
    ]);
  });

  it('a quarterly enrollment only in the months its cycles start', () => {
    expect(cycleDueDates('2027-01-15', 3, april, null)).toEqual(['2027-04-15']);
    expect(cycleDueDates('2027-02-15', 3, april, null)).toEqual([]);
    expect(cycleDueDates('2026-04-10', 12, april, null)).toEqual(['2027-04-10']);
  });

  it('stops at the last day billed: a cycle starting after it never comes', () => {
    expect(cycleDueDates('2027-01-15', 1, april, '2027-04-14')).toEqual([]);
    expect(cycleDueDates('2027-01-15', 1, april, '2027-04-15')).toEqual(['2027-04-15']);
    expect(cycleDueDates('2027-05-02', 1, april, null)).toEqual([]);
  });

  it('finds exactly the cycles of the whole series that start in the period, by the end billed', () => {
    const date = fc.integer({ min: 0, max: 1_500 }).map((days) => addDays('2024-01-01', days));
    fc.assert(
      fc.property(
        date,
        fc.constantFrom(1, 3, 6, 12),
        date,
        fc.integer({ min: 0, max: 120 }),
        fc.option(date, { nil: null }),
        (start, months, from, length, through) => {
          const period = { from, to: addDays(from, length) };
          const expected: string[] = [];
          for (let index = 0; ; index += 1) {
            const cycle = billingCycle(start, months, index).start;
            if (cycle > period.to) break;
            const isBilled = through === null || cycle <= through;
            if (cycle >= period.from && cycle <= period.to && isBilled) expected.push(cycle);
          }
          expect(cycleDueDates(start, months, period, through)).toEqual(expected);
        },
      ),
      { numRuns: 60 },
    );
  });
});
