import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { billingCycle, firstCycleEnd, nextCycleEnd } from './billing-cycles.ts';

describe('billing cycles', () => {
  it('ends the first cycle the day before the start plus the plan’s months', () => {
    expect(firstCycleEnd('2025-03-01', 1)).toBe('2025-03-31');
    expect(firstCycleEnd('2025-03-15', 3)).toBe('2025-06-14');
    expect(firstCycleEnd('2025-01-01', 12)).toBe('2025-12-31');
    expect(firstCycleEnd('2025-07-10', 6)).toBe('2026-01-09');
  });

  it('clamps at month ends: 31 January + 1 month is the last day of February, less a day', () => {
    expect(firstCycleEnd('2025-01-31', 1)).toBe('2025-02-27');
    expect(firstCycleEnd('2024-01-31', 1)).toBe('2024-02-28');
    expect(firstCycleEnd('2024-02-29', 12)).toBe('2025-02-27');
    expect(firstCycleEnd('2025-12-31', 1)).toBe('2026-01-30');
  });

  it('anchors every cycle on the start, so a start on the 31st does not drift after February', () => {
    const cycles = [0, 1, 2, 3].map((index) => billingCycle('2025-01-31', 1, index));
    expect(cycles.map(({ start, end }) => [start, end])).toEqual([
      ['2025-01-31', '2025-02-27'],
      ['2025-02-28', '2025-03-30'],
      ['2025-03-31', '2025-04-29'],
      ['2025-04-30', '2025-05-30'],
    ]);
    // Consecutive: each cycle starts the day after the previous one ends.
    expect(billingCycle('2025-01-31', 1, 1).start).toBe('2025-02-28');
  });

  it('renews by one cycle from the current end, landing a hand-set end back on the grid', () => {
    expect(nextCycleEnd('2025-03-01', 1, '2025-03-31')).toBe('2025-04-30');
    expect(nextCycleEnd('2025-01-31', 1, '2025-02-27')).toBe('2025-03-30');
    expect(nextCycleEnd('2025-03-01', 3, '2025-05-31')).toBe('2025-08-31');
    // Staff ended it on the 10th: renewal runs to the end of the cycle the 10th falls in.
    expect(nextCycleEnd('2025-03-01', 1, '2025-04-10')).toBe('2025-04-30');
    expect(nextCycleEnd('2024-12-01', 1, '2024-12-31')).toBe('2025-01-31');
  });

  it('finds the next cycle end as walking every cycle from the start would (it skips the early ones)', () => {
    const walk = (start: string, months: number, currentEnd: string) => {
      for (let index = 0; ; index += 1) {
        const cycle = billingCycle(start, months, index);
        if (cycle.end > currentEnd) return cycle.end;
      }
    };
    const isoDate = (min: string, max: string) =>
      fc
        .date({ min: new Date(`${min}T00:00:00Z`), max: new Date(`${max}T00:00:00Z`), noInvalidDate: true })
        .map((date) => date.toISOString().slice(0, 10));
    fc.assert(
      fc.property(
        isoDate('2024-01-01', '2026-12-31'),
        isoDate('2023-12-01', '2028-12-31'),
        fc.constantFrom(1, 3, 6, 12),
        (start, currentEnd, months) => {
          expect(nextCycleEnd(start, months, currentEnd)).toBe(walk(start, months, currentEnd));
        },
      ),
      { numRuns: 100 },
    );
  }, 60_000);
});
