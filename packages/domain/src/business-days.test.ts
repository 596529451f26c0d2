import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  isBusinessDay,
  isOverdue,
  lastOverdueDueDate,
  nextBusinessDay,
  previousBusinessDay,
} from './business-days.ts';
import { addDays } from './calendar-dates.ts';

// Brazil's 2027 bank holidays around the cases below (the server takes them from date-holidays).
const holidays2027 = new Set(['2027-02-08', '2027-02-09', '2027-03-26', '2027-04-21', '2027-05-27']);
const isHoliday = (date: string) => holidays2027.has(date);

describe('business days', () => {
  it('knows weekends and holidays from working days', () => {
    expect(isBusinessDay('2027-03-01', isHoliday)).toBe(true); // Monday
    expect(isBusinessDay('2027-03-06', isHoliday)).toBe(false); // Saturday
    expect(isBusinessDay('2027-03-07', isHoliday)).toBe(false); // Sunday
    expect(isBusinessDay('2027-04-21', isHoliday)).toBe(false); // Tiradentes, a Wednesday
  });

  it('moves a day off to the next business day and keeps a business day', () => {
    expect(nextBusinessDay('2027-03-03', isHoliday)).toBe('2027-03-03');
    expect(nextBusinessDay('2027-03-06', isHoliday)).toBe('2027-03-08');
    // Carnival: Saturday to Tuesday are all closed, Ash Wednesday opens.
    expect(nextBusinessDay('2027-02-06', isHoliday)).toBe('2027-02-10');
    // Good Friday runs into the weekend.
    expect(nextBusinessDay('2027-03-26', isHoliday)).toBe('2027-03-29');
    expect(previousBusinessDay('2027-02-09', isHoliday)).toBe('2027-02-05');
  });

  it('makes a cycle due on a Saturday overdue on Tuesday, not on Sunday nor Monday', () => {
    expect(isOverdue('2027-03-06', '2027-03-06', isHoliday)).toBe(false);
    expect(isOverdue('2027-03-06', '2027-03-07', isHoliday)).toBe(false);
    expect(isOverdue('2027-03-06', '2027-03-08', isHoliday)).toBe(false);
    expect(isOverdue('2027-03-06', '2027-03-09', isHoliday)).toBe(true);
  });

  it('makes a cycle due on a holiday overdue the day after the next business day', () => {
    expect(isOverdue('2027-04-21', '2027-04-22', isHoliday)).toBe(false);
    expect(isOverdue('2027-04-21', '2027-04-23', isHoliday)).toBe(true);
    expect(isOverdue('2027-05-26', '2027-05-27', isHoliday)).toBe(true); // a Wednesday's, on Corpus Christi
  });

  it('names the latest overdue due date so that comparing with it is the overdue rule', () => {
    expect(lastOverdueDueDate('2027-03-09', isHoliday)).toBe('2027-03-08');
    expect(lastOverdueDueDate('2027-03-08', isHoliday)).toBe('2027-03-05');
    expect(lastOverdueDueDate('2027-02-10', isHoliday)).toBe('2027-02-05');
    const day = fc.integer({ min: 0, max: 500 }).map((days) => addDays('2026-10-01', days));
    fc.assert(
      fc.property(day, fc.integer({ min: 0, max: 20 }), (dueDate, later) => {
        const today = addDays(dueDate, later);
        expect(dueDate <= lastOverdueDueDate(today, isHoliday)).toBe(isOverdue(dueDate, today, isHoliday));
      }),
    );
  });

  it('refuses a lookup that never lets banks open', () => {
    expect(() => nextBusinessDay('2027-03-01', () => true)).toThrow(/No business day/);
  });
});
