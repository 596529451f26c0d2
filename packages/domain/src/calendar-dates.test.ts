import { tz } from '@date-fns/tz';
import {
  addDays as addDaysTo,
  addMonths as addMonthsTo,
  format,
  getDay,
  parseISO,
  startOfMonth,
  startOfWeek as startOfWeekOf,
} from 'date-fns';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  addMonths,
  dayOfWeekOf,
  daysBetween,
  firstOfMonth,
  startOfWeek,
  type WeekDay,
} from './calendar-dates.ts';

const isoDate = fc
  .date({ min: new Date('1900-01-01T00:00:00Z'), max: new Date('2299-12-31T00:00:00Z'), noInvalidDate: true })
  .map((date) => date.toISOString().slice(0, 10));

/** date-fns in a UTC zone, what calendar-dates did before it computed on UTC milliseconds: the oracle. */
const UTC = { in: tz('UTC') };
const dateFns = {
  parse: (date: string) => parseISO(date, UTC),
  print: (date: Date) => format(date, 'yyyy-MM-dd', UTC),
};

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

  it('answers as date-fns in UTC does, for every date of four centuries', () => {
    fc.assert(
      fc.property(
        isoDate,
        fc.integer({ min: -1_000, max: 1_000 }),
        fc.integer({ min: 0, max: 6 }),
        (date, n, w) => {
          const weekStartsOn = w as WeekDay;
          const parsed = dateFns.parse(date);
          expect(addDays(date, n)).toBe(dateFns.print(addDaysTo(parsed, n, UTC)));
          expect(addMonths(date, n % 40)).toBe(dateFns.print(addMonthsTo(parsed, n % 40, UTC)));
          expect(dayOfWeekOf(date)).toBe(getDay(parsed, UTC));
          expect(startOfWeek(date, weekStartsOn)).toBe(
            dateFns.print(startOfWeekOf(parsed, { ...UTC, weekStartsOn })),
          );
          expect(firstOfMonth(date)).toBe(dateFns.print(startOfMonth(parsed, UTC)));
        },
      ),
      { numRuns: 2_000 },
    );
  });
});
