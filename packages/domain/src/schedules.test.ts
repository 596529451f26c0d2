import { describe, expect, it } from 'vitest';
import enUS from './i18n/en_US.json' with { type: 'json' };
import { translate } from './i18n.ts';
import {
  dayOfWeekName,
  EndingSchedulesQuery,
  endingNoticeWindow,
  latestEndDate,
  SCHEDULE_ENDING_NOTICE_DAYS,
  ScheduleInput,
  ScheduleListQuery,
  SchedulesSearchParams,
} from './schedules.ts';
import { issueKeys } from './test-helpers.ts';
import { V } from './validation.ts';

const ESTABLISHMENT_ID = '0190A5B2-7C3D-7E4F-8A1B-2C3D4E5F6A7B';

/** The issue's example: Reformer Iniciante, Mondays and Wednesdays 07:00–08:00, 1 March to 30 June. */
const weekly = {
  name: 'Reformer Iniciante',
  type: 'GROUP',
  establishmentId: ESTABLISHMENT_ID,
  staffUserId: 'user-carla',
  capacity: 6,
  startTime: '07:00',
  endTime: '08:00',
  startDate: '2025-03-01',
  endDate: '2025-06-30',
  recurrenceType: 'WEEKLY',
  daysOfWeek: [3, 1, 3],
} satisfies ScheduleInput;

describe('schedule schema', () => {
  it('accepts a weekly group schedule and normalizes it', () => {
    expect(ScheduleInput.parse(weekly)).toEqual({
      ...weekly,
      establishmentId: ESTABLISHMENT_ID.toLowerCase(),
      daysOfWeek: [1, 3],
      description: null,
      notes: null,
      isActive: true,
    });
  });

  it('gives an individual schedule a capacity of 1, whatever was sent', () => {
    expect(ScheduleInput.parse({ ...weekly, type: 'INDIVIDUAL', capacity: 6 }).capacity).toBe(1);
    expect(ScheduleInput.parse({ ...weekly, type: 'INDIVIDUAL', capacity: null }).capacity).toBe(1);
  });

  it('drops the end date of a single schedule and the days of a non-weekly one', () => {
    const single = ScheduleInput.parse({ ...weekly, recurrenceType: 'SINGLE', endDate: '2020-01-01' });
    expect(single).toMatchObject({ endDate: null, daysOfWeek: [] });
    expect(ScheduleInput.parse({ ...weekly, recurrenceType: 'SINGLE', endDate: '' }).endDate).toBeNull();
    expect(ScheduleInput.parse({ ...weekly, recurrenceType: 'MONTHLY' }).daysOfWeek).toEqual([]);
  });

  it('requires the name, establishment, instructor, type, recurrence, times and start date', () => {
    expect(issueKeys(ScheduleInput.safeParse({})).sort()).toEqual(
      [
        'name:validation.scheduleNameRequired',
        'type:validation.required',
        'establishmentId:validation.required',
        'staffUserId:validation.required',
        'startTime:validation.required',
        'endTime:validation.required',
        'startDate:validation.required',
        'recurrenceType:validation.required',
      ].sort(),
    );
    expect(
      issueKeys(ScheduleInput.safeParse({ ...weekly, name: '  ', staffUserId: '', startDate: '' })),
    ).toEqual([
      'name:validation.scheduleNameRequired',
      'staffUserId:validation.required',
      'startDate:validation.required',
    ]);
  });

  it('checks the format of times, dates and days', () => {
    expect(issueKeys(ScheduleInput.safeParse({ ...weekly, startTime: '7h', endTime: '24:00' }))).toEqual([
      'startTime:validation.time',
      'endTime:validation.time',
    ]);
    expect(issueKeys(ScheduleInput.safeParse({ ...weekly, startDate: '2025-02-30' }))).toEqual([
      'startDate:validation.date',
    ]);
    expect(issueKeys(ScheduleInput.safeParse({ ...weekly, endDate: '2025-13-01' }))).toEqual([
      'endDate:validation.date',
    ]);
    expect(issueKeys(ScheduleInput.safeParse({ ...weekly, daysOfWeek: [7] }))).toEqual([
      'daysOfWeek.0:validation.format',
    ]);
  });

  it("refuses 'End time must be after start time'", () => {
    for (const endTime of ['07:00', '06:59']) {
      expect(issueKeys(ScheduleInput.safeParse({ ...weekly, endTime })), endTime).toEqual([
        'endTime:validation.endTimeAfterStart',
      ]);
    }
  });

  it('lets a recurring schedule run with no end date, and wants any end date it has after the start', () => {
    for (const recurrenceType of ['WEEKLY', 'MONTHLY'] as const) {
      for (const endDate of [null, undefined, '']) {
        const parsed = ScheduleInput.safeParse({ ...weekly, recurrenceType, endDate });
        expect(parsed.success, `${recurrenceType} ${endDate}`).toBe(true);
        expect(parsed.data?.endDate).toBeNull();
      }
    }
    for (const endDate of ['2025-03-01', '2025-02-28']) {
      expect(issueKeys(ScheduleInput.safeParse({ ...weekly, endDate })), endDate).toEqual([
        'endDate:validation.endDateAfterStart',
      ]);
    }
  });

  it('limits a recurring schedule with an end date to two years', () => {
    expect(ScheduleInput.safeParse({ ...weekly, endDate: '2027-03-01' }).success).toBe(true);
    expect(issueKeys(ScheduleInput.safeParse({ ...weekly, endDate: '2027-03-02' }))).toEqual([
      'endDate:validation.recurrenceTooLong',
    ]);
    expect(issueKeys(ScheduleInput.safeParse({ ...weekly, endDate: '2031-01-01' }))).toEqual([
      'endDate:validation.recurrenceTooLong',
    ]);
    expect(latestEndDate('2024-02-29')).toBe('2026-02-28');
  });

  it('requires days of week for a weekly schedule, and at least one session from them', () => {
    expect(issueKeys(ScheduleInput.safeParse({ ...weekly, daysOfWeek: [] }))).toEqual([
      'daysOfWeek:validation.daysOfWeekRequired',
    ]);
    // Tuesday 2025-03-04 to Sunday 2025-03-09 has no Monday.
    expect(
      issueKeys(
        ScheduleInput.safeParse({
          ...weekly,
          startDate: '2025-03-04',
          endDate: '2025-03-09',
          daysOfWeek: [1],
        }),
      ),
    ).toEqual(['daysOfWeek:validation.noOccurrences']);
    // With no end, the same Tuesday start meets its Monday six days later.
    const openEnded = { ...weekly, startDate: '2025-03-04', endDate: null, daysOfWeek: [1] };
    expect(ScheduleInput.safeParse(openEnded).success).toBe(true);
    expect(issueKeys(ScheduleInput.safeParse({ ...openEnded, daysOfWeek: [] }))).toEqual([
      'daysOfWeek:validation.daysOfWeekRequired',
    ]);
  });

  it('requires a capacity from 1 to 100 for a group schedule', () => {
    expect(issueKeys(ScheduleInput.safeParse({ ...weekly, capacity: null }))).toEqual([
      'capacity:validation.capacityRequired',
    ]);
    for (const capacity of [0, 101, 2.5, Number.NaN]) {
      expect(issueKeys(ScheduleInput.safeParse({ ...weekly, capacity })), String(capacity)).toEqual([
        'capacity:validation.capacity',
      ]);
    }
    expect(ScheduleInput.parse({ ...weekly, capacity: 100 }).capacity).toBe(100);
  });
});

describe('schedule list', () => {
  it('pages like the customer list and refuses bad values in the API query', () => {
    expect(ScheduleListQuery.parse({})).toEqual({ page: 1, limit: 10 });
    expect(ScheduleListQuery.parse({ page: '2', limit: '100', status: 'inactive', type: 'GROUP' })).toEqual({
      page: 2,
      limit: 100,
      status: 'inactive',
      type: 'GROUP',
    });
    for (const query of [{ page: '0' }, { limit: '101' }, { status: 'paused' }, { establishmentId: 'x' }]) {
      expect(ScheduleListQuery.safeParse(query).success, JSON.stringify(query)).toBe(false);
    }
  });

  it('falls back in the URL instead of failing', () => {
    expect(
      SchedulesSearchParams.parse({
        page: '0',
        limit: '500',
        status: 'paused',
        establishmentId: ESTABLISHMENT_ID,
      }),
    ).toEqual({ page: 1, limit: 10, establishmentId: ESTABLISHMENT_ID.toLowerCase() });
  });
});

describe('the notice of a schedule ending', () => {
  it('covers end dates from today to 30 days ahead, both included, across months and years', () => {
    expect(SCHEDULE_ENDING_NOTICE_DAYS).toBe(30);
    expect(endingNoticeWindow('2027-01-01')).toEqual({ from: '2027-01-01', to: '2027-01-31' });
    expect(endingNoticeWindow('2027-12-15')).toEqual({ from: '2027-12-15', to: '2028-01-14' });
    expect(endingNoticeWindow('2028-02-10')).toEqual({ from: '2028-02-10', to: '2028-03-11' });
  });

  it('asks about one schedule or all, and refuses an id that is not one', () => {
    expect(EndingSchedulesQuery.parse({})).toEqual({});
    expect(EndingSchedulesQuery.parse({ scheduleId: ESTABLISHMENT_ID })).toEqual({
      scheduleId: ESTABLISHMENT_ID.toLowerCase(),
    });
    expect(EndingSchedulesQuery.safeParse({ scheduleId: 'x' }).success).toBe(false);
  });
});

describe('dayOfWeekName', () => {
  it('takes day names from the locale, 0 being Sunday', () => {
    expect(dayOfWeekName(0, 'en-US')).toBe('Sun');
    expect(dayOfWeekName(6, 'en-US', 'long')).toBe('Saturday');
    expect(dayOfWeekName(1, 'pt-BR', 'long')).toBe('segunda-feira');
  });
});

describe('schedule catalog texts', () => {
  it('keep the spec wording', () => {
    expect(translate(enUS, V.endTimeAfterStart)).toBe('End time must be after start time');
    expect(translate(enUS, 'schedules.accessDenied')).toBe('Access denied to schedules page');
    expect(translate(enUS, 'schedules.display.timeRange', { start: '07:00', end: '08:00' })).toBe(
      '07:00 - 08:00',
    );
  });
});
