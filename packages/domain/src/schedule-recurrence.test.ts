import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  isOpenEnded,
  OPEN_ENDED_HORIZON_MONTHS,
  scheduleOccurrenceDates,
  sessionHorizon,
  sessionsFrom,
  sessionsThrough,
} from './schedule-recurrence.ts';

const weekly = (startDate: string, endDate: string | null, daysOfWeek: number[]) => ({
  recurrenceType: 'WEEKLY' as const,
  startDate,
  endDate,
  daysOfWeek,
});
const monthly = (startDate: string, endDate: string | null) => ({
  recurrenceType: 'MONTHLY' as const,
  startDate,
  endDate,
  daysOfWeek: [],
});

describe('scheduleOccurrenceDates', () => {
  it('gives a single schedule its start date, and nothing outside the window', () => {
    const single = {
      recurrenceType: 'SINGLE' as const,
      startDate: '2025-05-10',
      endDate: null,
      daysOfWeek: [],
    };
    expect(scheduleOccurrenceDates(single)).toEqual(['2025-05-10']);
    expect(scheduleOccurrenceDates(single, { from: '2025-05-11' })).toEqual([]);
    expect(scheduleOccurrenceDates(single, { to: '2025-05-09' })).toEqual([]);
  });

  it('gives a weekly Monday/Wednesday class from 1 March to 30 June its 35 dates', () => {
    const dates = scheduleOccurrenceDates(weekly('2025-03-01', '2025-06-30', [1, 3]));
    expect(dates).toHaveLength(35);
    expect(dates.slice(0, 3)).toEqual(['2025-03-03', '2025-03-05', '2025-03-10']);
    expect(dates.at(-1)).toBe('2025-06-30');
    expect(dates.every((date) => [1, 3].includes(new Date(`${date}T12:00:00Z`).getUTCDay()))).toBe(true);
  });

  it('includes the start and end dates when they fall on a chosen day, Sunday being 0', () => {
    expect(scheduleOccurrenceDates(weekly('2025-03-02', '2025-03-16', [0]))).toEqual([
      '2025-03-02',
      '2025-03-09',
      '2025-03-16',
    ]);
  });

  it('crosses the year end day by day', () => {
    expect(scheduleOccurrenceDates(weekly('2025-12-29', '2026-01-05', [0, 1, 2, 3, 4, 5, 6]))).toEqual([
      '2025-12-29',
      '2025-12-30',
      '2025-12-31',
      '2026-01-01',
      '2026-01-02',
      '2026-01-03',
      '2026-01-04',
      '2026-01-05',
    ]);
    expect(scheduleOccurrenceDates(weekly('2025-12-01', '2026-01-31', [1]), { from: '2025-12-29' })).toEqual([
      '2025-12-29',
      '2026-01-05',
      '2026-01-12',
      '2026-01-19',
      '2026-01-26',
    ]);
  });

  it('gives a weekly schedule nothing without days', () => {
    expect(scheduleOccurrenceDates(weekly('2025-03-01', '2025-06-30', []))).toEqual([]);
  });

  it('limits to the window, inclusive at both ends', () => {
    expect(
      scheduleOccurrenceDates(weekly('2025-03-01', '2025-06-30', [1, 3]), {
        from: '2025-03-10',
        to: '2025-03-17',
      }),
    ).toEqual(['2025-03-10', '2025-03-12', '2025-03-17']);
    expect(
      scheduleOccurrenceDates(weekly('2025-03-01', '2025-06-30', [1]), {
        from: '2025-07-01',
        to: '2025-07-31',
      }),
    ).toEqual([]);
  });

  it('clamps a monthly class on the 31st to the last day of shorter months, without drifting', () => {
    expect(scheduleOccurrenceDates(monthly('2025-01-31', '2025-07-31'))).toEqual([
      '2025-01-31',
      '2025-02-28',
      '2025-03-31',
      '2025-04-30',
      '2025-05-31',
      '2025-06-30',
      '2025-07-31',
    ]);
    expect(scheduleOccurrenceDates(monthly('2024-01-30', '2024-03-30'))).toEqual([
      '2024-01-30',
      '2024-02-29',
      '2024-03-30',
    ]);
  });

  it('keeps a monthly class on its day across the year end, and respects the window', () => {
    expect(scheduleOccurrenceDates(monthly('2025-11-15', '2026-02-14'))).toEqual([
      '2025-11-15',
      '2025-12-15',
      '2026-01-15',
    ]);
    expect(
      scheduleOccurrenceDates(monthly('2025-01-31', '2025-12-31'), { from: '2025-02-01', to: '2025-03-31' }),
    ).toEqual(['2025-02-28', '2025-03-31']);
  });

  describe('whatever the server time zone', () => {
    // São Paulo's clocks skipped midnight on 2018-11-04: local-midnight arithmetic would lose or repeat a day.
    beforeAll(() => vi.stubEnv('TZ', 'America/Sao_Paulo'));
    afterAll(() => vi.unstubAllEnvs());

    it('counts days across a daylight-saving change as calendar days', () => {
      expect(new Date(2018, 10, 4).getHours(), 'the trap is set: local midnight does not exist').toBe(1);
      expect(scheduleOccurrenceDates(weekly('2018-11-02', '2018-11-06', [0, 1, 2, 3, 4, 5, 6]))).toEqual([
        '2018-11-02',
        '2018-11-03',
        '2018-11-04',
        '2018-11-05',
        '2018-11-06',
      ]);
      expect(scheduleOccurrenceDates(monthly('2018-10-04', '2018-12-04'))).toEqual([
        '2018-10-04',
        '2018-11-04',
        '2018-12-04',
      ]);
    });
  });
});

describe('open-ended schedules', () => {
  const single = {
    recurrenceType: 'SINGLE' as const,
    startDate: '2027-03-05',
    endDate: null,
    daysOfWeek: [],
  };

  it('are the recurring ones with no end date', () => {
    expect(isOpenEnded(weekly('2027-03-01', null, [1]))).toBe(true);
    expect(isOpenEnded(monthly('2027-03-01', null))).toBe(true);
    expect(isOpenEnded(weekly('2027-03-01', '2027-06-30', [1]))).toBe(false);
    expect(isOpenEnded(single)).toBe(false);
  });

  it('keep their sessions 12 months ahead of today, clamped to the month’s end', () => {
    expect(OPEN_ENDED_HORIZON_MONTHS).toBe(12);
    expect(sessionHorizon('2027-03-01')).toBe('2028-03-01');
    expect(sessionHorizon('2028-02-29')).toBe('2029-02-28');
    expect(sessionsThrough(weekly('2027-03-01', null, [1]), '2027-05-10')).toBe('2028-05-10');
    // Before the class starts the horizon still counts from today: a year of notice, not a year of classes.
    expect(sessionsThrough(weekly('2027-09-01', null, [1]), '2027-05-10')).toBe('2028-05-10');
  });

  it('start their sessions no more than 12 months back, so they span 2 years at most', () => {
    expect(sessionsFrom(weekly('2027-03-01', null, [1]), '2027-05-10')).toBe('2027-03-01');
    expect(sessionsFrom(weekly('1900-01-01', null, [1]), '2027-05-10')).toBe('2026-05-10');
    expect(sessionsFrom(monthly('2024-02-29', null), '2025-02-28')).toBe('2024-02-29');
  });

  it('leave every other schedule’s range as it is', () => {
    expect(sessionsThrough(weekly('2027-03-01', '2027-06-30', [1]), '2027-05-10')).toBe('2027-06-30');
    expect(sessionsThrough(single, '2027-05-10')).toBe('2027-03-05');
    expect(sessionsFrom(weekly('1900-01-01', '1901-12-31', [1]), '2027-05-10')).toBe('1900-01-01');
    expect(sessionsFrom(single, '2027-05-10')).toBe('2027-03-05');
  });

  it('yield their dates up to the window’s end, and only the start without one', () => {
    const mondays = weekly('2027-03-01', null, [1]);
    expect(scheduleOccurrenceDates(mondays, { to: '2027-03-22' })).toEqual([
      '2027-03-01',
      '2027-03-08',
      '2027-03-15',
      '2027-03-22',
    ]);
    expect(scheduleOccurrenceDates(mondays, { from: '2027-03-09', to: '2027-03-22' })).toEqual([
      '2027-03-15',
      '2027-03-22',
    ]);
    expect(scheduleOccurrenceDates(mondays)).toEqual(['2027-03-01']);
    const through = sessionsThrough(monthly('2027-01-31', null), '2027-01-31');
    expect(scheduleOccurrenceDates(monthly('2027-01-31', null), { to: through })).toHaveLength(13);
  });
});
