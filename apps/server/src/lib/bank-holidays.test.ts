import { nextBusinessDay } from '@reformer/domain/business-days';
import { describe, expect, it } from 'vitest';
import { isBankHoliday } from './bank-holidays.ts';

describe('bank holidays (date-holidays, BR)', () => {
  it('closes banks on the national holidays and on the bank days Banco Central observes', () => {
    for (const date of [
      '2027-01-01', // New Year
      '2027-02-08', // Carnival Monday
      '2027-02-09', // Carnival Tuesday
      '2027-03-26', // Good Friday
      '2027-04-21', // Tiradentes
      '2027-05-27', // Corpus Christi
      '2026-11-20', // Black Consciousness Day, national since 2024
      '2027-12-25',
    ])
      expect(isBankHoliday(date), date).toBe(true);
  });

  it('keeps Ash Wednesday, Christmas and New Year eves and ordinary days as business days', () => {
    for (const date of ['2027-02-10', '2027-12-24', '2027-12-31', '2027-03-03'])
      expect(isBankHoliday(date), date).toBe(false);
  });

  it('moves a Carnival Saturday due date to Ash Wednesday', () => {
    expect(nextBusinessDay('2027-02-06', isBankHoliday)).toBe('2027-02-10');
  });
});
