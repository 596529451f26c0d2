import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, addMonths, dayOfWeekOf, daysBetween, firstOfMonth, startOfWeek } from './calendar-dates.ts';

describe('calendar dates', () => {
  it('adds days across month, year and daylight-saving boundaries', () => {
    expect(addDays('2026-12-29', 7)).toBe('2027-01-05');
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2025-03-08', 2)).toBe('2025-03-10');
    expect(addDays('2025-11-03', -2)).toBe('2025-11-01');
  });

  it('counts the days between two dates as adding them back gives', () => {
    expect(daysBetween('2026-11-23', '2026-11-29')).toBe(6);
    expect(daysBetween('2024-02-28', '2024-03-01')).toBe(2);
    expect(daysBetween('2025-03-08', '2025-03-10')).toBe(2);
    expect(daysBetween('2026-12-31', '2026-01-01')).toBe(-364);
    const isoDate = fc
      .date({
        min: new Date('1900-01-01T00:00:00Z'),
        max: new Date('2199-12-31T00:00:00Z'),
        noInvalidDate: true,
      })
      .map((date) => date.toISOString().slice(0, 10));
    fc.assert(
      fc.property(isoDate, fc.integer({ min: -800, max: 800 }), (from, days) => {
        expect(daysBetween(from, addDays(from, days))).toBe(days);
      }),
    );
  });

  it('adds months clamped to the last day', () => {
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2024-01-31', 1)).toBe('2024-02-29');
    expect(addMonths('2026-03-31', -1)).toBe('2026-02-28');
  });

  it('finds the week start for Monday (pt-BR) and Sunday (en-US) weeks', () => {
    expect(dayOfWeekOf('2026-11-23')).toBe(1);
    expect(startOfWeek('2026-11-29', 1)).toBe('2026-11-23');
    expect(startOfWeek('2026-11-29', 0)).toBe('2026-11-29');
    expect(startOfWeek('2027-01-01', 1)).toBe('2026-12-28');
    expect(firstOfMonth('2026-11-23')).toBe('2026-11-01');
  });
});
