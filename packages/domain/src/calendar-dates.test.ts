import { describe, expect, it } from 'vitest';
import { addDays, addMonths, dayOfWeekOf, firstOfMonth, startOfWeek } from './calendar-dates.ts';

describe('calendar dates', () => {
  it('adds days across month, year and daylight-saving boundaries', () => {
    expect(addDays('2026-12-29', 7)).toBe('2027-01-05');
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2025-03-08', 2)).toBe('2025-03-10');
    expect(addDays('2025-11-03', -2)).toBe('2025-11-01');
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
