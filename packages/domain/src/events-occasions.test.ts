import { describe, expect, it } from 'vitest';
import { daysBetween } from './calendar-dates.ts';
import {
  ageOn,
  amountDueCents,
  birthdayIn,
  birthMonthDaysOn,
  isBirthdayOn,
  nextBirthday,
  occasionDateFor,
  reminderSendDate,
  unpaidCycles,
  upcomingBirthday,
} from './events-occasions.ts';
import { noHolidays } from './test-helpers.ts';

describe('the 30-day birthday window', () => {
  it('reaches into the next year at the year end, with the age they turn then', () => {
    expect(upcomingBirthday('1990-01-05', '2026-12-20', 30)).toEqual({
      birthday: '2027-01-05',
      daysUntil: 16,
      age: 37,
    });
    expect(upcomingBirthday('1990-12-31', '2026-12-20', 30)).toEqual({
      birthday: '2026-12-31',
      daysUntil: 11,
      age: 36,
    });
  });

  it('includes today and the 30th day, not the 31st', () => {
    expect(upcomingBirthday('1985-03-15', '2027-03-15', 30)?.daysUntil).toBe(0);
    expect(upcomingBirthday('1985-04-14', '2027-03-15', 30)?.daysUntil).toBe(30);
    expect(upcomingBirthday('1985-04-15', '2027-03-15', 30)).toBeNull();
  });

  it('puts a birthday just passed a year ahead', () => {
    expect(nextBirthday('1985-03-14', '2027-03-15')).toBe('2028-03-14');
    expect(upcomingBirthday('1985-03-14', '2027-03-15', 30)).toBeNull();
  });

  it('celebrates 29 February on 28 February in a common year and on the 29th in a leap year', () => {
    expect(birthdayIn('2000-02-29', 2027)).toBe('2027-02-28');
    expect(birthdayIn('2000-02-29', 2028)).toBe('2028-02-29');
    expect(upcomingBirthday('2000-02-29', '2027-02-10', 30)).toEqual({
      birthday: '2027-02-28',
      daysUntil: 18,
      age: 27,
    });
    expect(upcomingBirthday('2000-02-29', '2028-02-10', 30)?.birthday).toBe('2028-02-29');
    // On 1 March of a common year it has passed: next year's, a leap year, is the 29th.
    expect(nextBirthday('2000-02-29', '2027-03-01')).toBe('2028-02-29');
    expect(isBirthdayOn('2000-02-29', '2027-02-28')).toBe(true);
    expect(isBirthdayOn('2000-02-29', '2028-02-28')).toBe(false);
    // The days of birth the daily job asks the database for, the same rule.
    expect(birthMonthDaysOn('2027-02-28')).toEqual(['02-28', '02-29']);
    expect(birthMonthDaysOn('2028-02-28')).toEqual(['02-28']);
    expect(birthMonthDaysOn('2028-02-29')).toEqual(['02-29']);
    expect(birthMonthDaysOn('2027-12-31')).toEqual(['12-31']);
  });

  it('never counts the day of birth itself', () => {
    expect(nextBirthday('2027-03-15', '2027-03-15')).toBe('2028-03-15');
    expect(isBirthdayOn('2027-03-15', '2027-03-15')).toBe(false);
    expect(ageOn('2027-03-15', '2028-03-15')).toBe(1);
  });
});

describe('timing', () => {
  it('finds the occasion a day’s messages are about', () => {
    expect(occasionDateFor('2026-12-29', 'BEFORE', 3)).toBe('2027-01-01');
    expect(occasionDateFor('2027-03-01', 'ON_DAY', 0)).toBe('2027-03-01');
    expect(occasionDateFor('2027-03-01', 'AFTER', 2)).toBe('2027-02-27');
    expect(daysBetween('2027-03-01', '2027-02-27')).toBe(-2);
  });
});

describe('due and overdue cycles', () => {
  const enrollment = {
    startDate: '2027-01-31',
    endDate: '2027-12-30',
    pausedFrom: null,
    resumeOn: null,
    canceledFrom: null,
    months: 1,
    priceCents: 34_900,
  };

  it('lists unpaid cycles up to the horizon, overdue ones first, as the billing tab counts them', () => {
    const paid = new Map([['2027-02-28', 34_900]]);
    const cycles = unpaidCycles(enrollment, paid, '2027-03-15', 30, noHolidays);
    expect(cycles.map((cycle) => [cycle.dueDate, cycle.state])).toEqual([
      ['2027-01-31', 'OVERDUE'],
      ['2027-03-31', 'UPCOMING'],
    ]);
  });

  it('keeps a partly paid cycle with what is left to pay, and a cycle due today as DUE', () => {
    const paid = new Map([
      ['2027-01-31', 34_900],
      ['2027-02-28', 10_000],
    ]);
    const [cycle] = unpaidCycles(enrollment, paid, '2027-02-28', 0, noHolidays);
    expect(cycle?.state).toBe('DUE');
    expect(cycle && amountDueCents(cycle)).toBe(24_900);
  });

  it('stops at the last day an enrollment covers', () => {
    const canceled = { ...enrollment, canceledFrom: '2027-03-01' };
    const cycles = unpaidCycles(canceled, new Map(), '2027-03-15', 30, noHolidays);
    expect(cycles.map((cycle) => cycle.dueDate)).toEqual(['2027-01-31', '2027-02-28']);
  });
});

describe('when a payment reminder goes out', () => {
  // A cycle due on Saturday 6 March 2027, payable until Monday 8 March.
  const saturday = { dueDate: '2027-03-06', payableUntil: '2027-03-08' };

  it('sends an overdue reminder once the cycle is overdue, not the day after a Saturday', () => {
    expect(reminderSendDate(saturday, 'AFTER', 1)).toBe('2027-03-09');
    expect(reminderSendDate(saturday, 'AFTER', 3)).toBe('2027-03-09');
    expect(reminderSendDate(saturday, 'AFTER', 5)).toBe('2027-03-11');
    const weekday = { dueDate: '2027-03-03', payableUntil: '2027-03-03' };
    expect(reminderSendDate(weekday, 'AFTER', 1)).toBe('2027-03-04');
  });

  it('sends the other reminders on the due date or the days before it, weekend or not', () => {
    expect(reminderSendDate(saturday, 'ON_DAY', 0)).toBe('2027-03-06');
    expect(reminderSendDate(saturday, 'BEFORE', 3)).toBe('2027-03-03');
  });
});
