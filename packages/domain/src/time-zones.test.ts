import { describe, expect, it } from 'vitest';
import {
  DEFAULT_TIME_ZONE,
  isTimeOfDay,
  isValidTimeZone,
  sessionInstant,
  sessionInterval,
  TimeZone,
  todayIn,
} from './time-zones.ts';

const iso = (date: string, time: string, timeZone: string) =>
  sessionInstant(date, time, timeZone).toISOString();

describe('sessionInstant', () => {
  it('keeps 07:00 in New York at 07:00 local across both daylight-saving changes of 2025', () => {
    expect(iso('2025-03-08', '07:00', 'America/New_York')).toBe('2025-03-08T12:00:00.000Z');
    expect(iso('2025-03-09', '07:00', 'America/New_York')).toBe('2025-03-09T11:00:00.000Z');
    expect(iso('2025-11-01', '07:00', 'America/New_York')).toBe('2025-11-01T11:00:00.000Z');
    expect(iso('2025-11-02', '07:00', 'America/New_York')).toBe('2025-11-02T12:00:00.000Z');
  });

  it('moves a time the clock skips forward by the jump, and takes the first of a repeated time', () => {
    expect(iso('2025-03-09', '02:30', 'America/New_York')).toBe('2025-03-09T07:30:00.000Z');
    expect(iso('2025-11-02', '01:30', 'America/New_York')).toBe('2025-11-02T05:30:00.000Z');
  });

  it('handles São Paulo before 2019, when midnight of 2018-11-04 did not exist', () => {
    expect(iso('2018-11-03', '07:00', DEFAULT_TIME_ZONE)).toBe('2018-11-03T10:00:00.000Z');
    expect(iso('2018-11-04', '00:00', DEFAULT_TIME_ZONE)).toBe('2018-11-04T03:00:00.000Z');
    expect(iso('2018-11-04', '07:00', DEFAULT_TIME_ZONE)).toBe('2018-11-04T09:00:00.000Z');
    expect(iso('2025-11-04', '07:00', DEFAULT_TIME_ZONE)).toBe('2025-11-04T10:00:00.000Z');
  });

  it('crosses the year end in UTC when the local evening is already the next day there', () => {
    expect(iso('2025-12-31', '22:00', DEFAULT_TIME_ZONE)).toBe('2026-01-01T01:00:00.000Z');
  });

  it('refuses a date, time or zone that is not one', () => {
    expect(() => sessionInstant('2025-02-30', '07:00', DEFAULT_TIME_ZONE)).toThrow(RangeError);
    expect(() => sessionInstant('2025-02-10', '24:00', DEFAULT_TIME_ZONE)).toThrow(RangeError);
    expect(() => sessionInstant('2025-02-10', '07:00', 'Mars/Olympus')).toThrow(RangeError);
  });

  it('gives a session its start and end instants', () => {
    expect(sessionInterval('2025-03-09', '07:00', '08:00', 'America/New_York')).toEqual({
      startsAt: '2025-03-09T11:00:00.000Z',
      endsAt: '2025-03-09T12:00:00.000Z',
    });
  });
});

describe('time zones', () => {
  it('accepts IANA names and refuses offsets and unknown names', () => {
    for (const zone of ['America/Sao_Paulo', 'America/New_York', 'Europe/Lisbon', 'UTC']) {
      expect(isValidTimeZone(zone), zone).toBe(true);
    }
    for (const zone of ['', '-03:00', '+03:00', 'Mars/Olympus', 'America/Sao Paulo']) {
      expect(isValidTimeZone(zone), zone).toBe(false);
    }
    expect(TimeZone.safeParse('Mars/Olympus').error?.issues[0]?.message).toBe('validation.timeZone');
  });

  it("gives today's date in the organization's zone, not the server's", () => {
    const now = new Date('2026-01-01T01:30:00Z');
    expect(todayIn(DEFAULT_TIME_ZONE, now)).toBe('2025-12-31');
    expect(todayIn('Europe/Lisbon', now)).toBe('2026-01-01');
  });

  it('reads times of day as HH:mm', () => {
    expect(['00:00', '07:05', '23:59'].every(isTimeOfDay)).toBe(true);
    expect(['7:00', '24:00', '12:60', '07:00:00', ''].some(isTimeOfDay)).toBe(false);
  });
});
