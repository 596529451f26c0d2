import type { IsHoliday } from '@reformer/domain/business-days';
import Holidays from 'date-holidays';

/**
 * Brazil's national bank holidays, from the maintained `date-holidays` library (decision 035): its `public`
 * days (New Year, Good Friday, Tiradentes, …, Black Consciousness Day) and `bank` days (Carnival Monday and
 * Tuesday, Corpus Christi), the days Banco Central's calendar closes banks nationwide. Its `optional` days
 * (Ash Wednesday, opening at noon; 24 and 31 December) and observances are business days.
 */
const CLOSING_TYPES: ReadonlySet<string> = new Set(['public', 'bank']);

const calendar = new Holidays('BR');

/** One year's holidays as "YYYY-MM-DD": the library's own lookup costs about a millisecond a call. */
const holidaysByYear = new Map<number, ReadonlySet<string>>();

function holidaysOf(year: number): ReadonlySet<string> {
  const cached = holidaysByYear.get(year);
  if (cached) return cached;
  const dates = new Set(
    calendar
      .getHolidays(year)
      .filter((holiday) => CLOSING_TYPES.has(holiday.type))
      .map((holiday) => holiday.date.slice(0, 10)),
  );
  holidaysByYear.set(year, dates);
  return dates;
}

export const isBankHoliday: IsHoliday = (date) => holidaysOf(Number(date.slice(0, 4))).has(date);
