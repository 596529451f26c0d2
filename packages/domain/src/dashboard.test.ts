import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays } from './calendar-dates.ts';
import {
  attendanceRate,
  BIRTHDAY_WINDOW_DAYS,
  birthdayMonthDays,
  dashboardPeriods,
  occupancyRate,
  toPercent,
} from './dashboard.ts';
import { upcomingBirthday } from './events-occasions.ts';
import { todayIn } from './time-zones.ts';

describe('the dashboard periods', () => {
  it('compares the month so far with the whole month before', () => {
    expect(dashboardPeriods('2027-03-15')).toEqual({
      today: '2027-03-15',
      thisMonth: { from: '2027-03-01', to: '2027-03-15' },
      lastMonth: { from: '2027-02-01', to: '2027-02-28' },
      attendance: { from: '2027-02-13', to: '2027-03-14' },
      birthdays: { from: '2027-03-15', to: '2027-03-21' },
      wholeMonth: { from: '2027-03-01', to: '2027-03-31' },
      forecast: [
        { from: '2027-04-01', to: '2027-04-30' },
        { from: '2027-05-01', to: '2027-05-31' },
        { from: '2027-06-01', to: '2027-06-30' },
      ],
    });
  });

  it('crosses the year end: January compares with December, the week reaches January', () => {
    const periods = dashboardPeriods('2027-01-01');
    expect(periods.lastMonth).toEqual({ from: '2026-12-01', to: '2026-12-31' });
    expect(periods.thisMonth).toEqual({ from: '2027-01-01', to: '2027-01-01' });
    expect(dashboardPeriods('2026-12-29').birthdays).toEqual({ from: '2026-12-29', to: '2027-01-04' });
  });

  it('takes the month from the organization’s zone, not UTC', () => {
    // 02:00 UTC on 1 March is still 28 February 23:00 in São Paulo: the month there is February.
    const now = new Date('2027-03-01T02:00:00Z');
    expect(dashboardPeriods(todayIn('America/Sao_Paulo', now)).thisMonth).toEqual({
      from: '2027-02-01',
      to: '2027-02-28',
    });
    expect(dashboardPeriods(todayIn('UTC', now)).thisMonth).toEqual({ from: '2027-03-01', to: '2027-03-01' });
    // And in a leap year the month before March ends on the 29th.
    expect(dashboardPeriods('2028-03-10').lastMonth).toEqual({ from: '2028-02-01', to: '2028-02-29' });
  });

  it('looks at the 30 days before today for attendance, today excluded', () => {
    const { attendance } = dashboardPeriods('2027-03-01');
    expect(attendance).toEqual({ from: '2027-01-30', to: '2027-02-28' });
    expect(addDays(attendance.to, 1)).toBe('2027-03-01');
  });
});

describe('the rates', () => {
  it('attendance: check-ins over expected, none expected is no rate, capped at 1', () => {
    expect(attendanceRate(3, 4)).toBe(0.75);
    expect(attendanceRate(0, 4)).toBe(0);
    expect(attendanceRate(0, 0)).toBeNull();
    expect(attendanceRate(5, 4)).toBe(1);
  });

  it('occupancy: seats taken over seats offered; overbooking shows', () => {
    expect(occupancyRate(3, 6)).toBe(0.5);
    expect(occupancyRate(0, 0)).toBeNull();
    expect(occupancyRate(7, 6)).toBeCloseTo(7 / 6);
    expect(toPercent(2 / 3)).toBe(67);
  });
});

describe('the month-days of birthdays this week', () => {
  it('spans the year end', () => {
    expect(birthdayMonthDays('2026-12-29', BIRTHDAY_WINDOW_DAYS)).toEqual([
      '01-01',
      '01-02',
      '01-03',
      '01-04',
      '12-29',
      '12-30',
      '12-31',
    ]);
  });

  it('takes 29 February on a common year’s 28 February, not on a leap year’s', () => {
    expect(birthdayMonthDays('2027-02-25', 6)).toContain('02-29');
    expect(birthdayMonthDays('2028-02-22', 6)).not.toContain('02-29');
    expect(birthdayMonthDays('2028-02-25', 6)).toContain('02-29');
  });

  it('agrees with upcomingBirthday for every date of birth and any week', () => {
    const day = fc.integer({ min: 0, max: 365 * 8 });
    fc.assert(
      fc.property(day, day, (birthOffset, todayOffset) => {
        const dateOfBirth = addDays('1980-01-01', birthOffset);
        const today = addDays('2026-01-01', todayOffset);
        const isCandidate = birthdayMonthDays(today, BIRTHDAY_WINDOW_DAYS).includes(dateOfBirth.slice(5));
        const isUpcoming = upcomingBirthday(dateOfBirth, today, BIRTHDAY_WINDOW_DAYS) !== null;
        expect(isCandidate).toBe(isUpcoming);
      }),
      { numRuns: 400 },
    );
  });

  it('agrees with upcomingBirthday on every day around the end of February, leap years or not', () => {
    for (const birthStart of ['1984-02-20', '1985-02-20']) {
      for (const todayStart of ['2027-02-15', '2028-02-15']) {
        for (let b = 0; b < 14; b += 1) {
          for (let d = 0; d < 20; d += 1) {
            const dateOfBirth = addDays(birthStart, b);
            const today = addDays(todayStart, d);
            const isCandidate = birthdayMonthDays(today, BIRTHDAY_WINDOW_DAYS).includes(dateOfBirth.slice(5));
            expect(isCandidate, `${dateOfBirth} on ${today}`).toBe(
              upcomingBirthday(dateOfBirth, today, BIRTHDAY_WINDOW_DAYS) !== null,
            );
          }
        }
      }
    }
  });
});
