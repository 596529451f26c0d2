import { describe, expect, it } from 'vitest';
import {
  type CalendarPlace,
  calendarEventOf,
  calendarEventSequence,
  calendarEventUid,
  calendarFeedUrls,
  calendarFeedWindow,
} from './portal-calendar.ts';

const created = new Date('2027-02-01T12:00:00Z');
const place: CalendarPlace = {
  sessionId: 'session-1',
  customerId: 'customer-1',
  sessionName: 'Reformer',
  establishmentName: 'Centro',
  establishmentAddress: 'Rua Augusta, 100, São Paulo',
  startsAt: new Date('2027-03-01T10:00:00Z'),
  endsAt: new Date('2027-03-01T11:00:00Z'),
  isSessionActive: true,
  status: 'CONFIRMED',
  movedFrom: null,
  sessionCreatedAt: created,
  changedAt: [created, null],
};

describe('calendar feed events', () => {
  it('names the class type, the establishment and its address, and keeps one UID per place', () => {
    const event = calendarEventOf(place, 'pt_BR');
    expect(event).toMatchObject({
      uid: 'session-1.customer-1@reformer',
      summary: 'Reformer',
      location: 'Centro, Rua Augusta, 100, São Paulo',
      status: 'CONFIRMED',
      description: null,
      sequence: 0,
    });
    expect(calendarEventUid({ sessionId: 'session-1', customerId: 'customer-2' })).not.toBe(event.uid);
  });

  it('leaves the address out when the establishment has none', () => {
    expect(calendarEventOf({ ...place, establishmentAddress: null }, 'en_US').location).toBe('Centro');
  });

  it('marks a canceled place and a canceled session CANCELLED', () => {
    expect(calendarEventOf({ ...place, status: 'CANCELED' }, 'pt_BR').status).toBe('CANCELLED');
    expect(calendarEventOf({ ...place, isSessionActive: false }, 'pt_BR').status).toBe('CANCELLED');
    expect(calendarEventOf({ ...place, status: 'REPOSITION' }, 'pt_BR').status).toBe('CONFIRMED');
  });

  it('says where a moved session was, in the studio’s language', () => {
    const moved = { ...place, movedFrom: { date: '2027-03-01', startTime: '07:00' } };
    expect(calendarEventOf(moved, 'pt_BR').description).toBe('Aula remarcada: era em 01/03/2027 às 07:00.');
    expect(calendarEventOf(moved, 'en_US').description).toBe('Class moved: it was on 03/01/2027 at 07:00.');
  });
});

describe('SEQUENCE', () => {
  it('is 0 for a session never changed and grows with each later change', () => {
    expect(calendarEventSequence(created, [created, null])).toBe(0);
    const moved = new Date(created.getTime() + 3_600_000);
    const movedAgain = new Date(moved.getTime() + 1_000);
    const first = calendarEventSequence(created, [moved, null]);
    const second = calendarEventSequence(created, [movedAgain, null]);
    expect(first).toBe(3600);
    expect(second).toBeGreaterThan(first);
  });

  it('takes the latest of the session’s and the place’s changes', () => {
    const placeCanceled = new Date(created.getTime() + 10_000);
    expect(calendarEventSequence(created, [created, placeCanceled])).toBe(10);
    expect(calendarEventOf({ ...place, changedAt: [created, placeCanceled] }, 'pt_BR').lastModified).toEqual(
      placeCanceled,
    );
  });
});

describe('feed addresses and window', () => {
  it('answers the https address and its webcal:// twin', () => {
    expect(calendarFeedUrls('https://app.example.com/', 'abc')).toEqual({
      url: 'https://app.example.com/api/portal/calendar/abc.ics',
      webcalUrl: 'webcal://app.example.com/api/portal/calendar/abc.ics',
    });
  });

  it('spans the last 30 days and the next 90', () => {
    const now = new Date('2027-03-01T00:00:00Z');
    const window = calendarFeedWindow(now);
    expect(window.from.toISOString()).toBe('2027-01-30T00:00:00.000Z');
    expect(window.to.toISOString()).toBe('2027-05-30T00:00:00.000Z');
  });
});
