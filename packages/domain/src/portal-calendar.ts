import { z } from 'zod';
import type { Language } from './preferences.ts';
import type { AttendanceStatus } from './sessions.ts';

/**
 * The customer's calendar feed (issue #29, decision 046): an iCalendar (RFC 5545) document of their places at
 * a capability URL of its own, which Google Calendar or the iPhone polls. What each event says is decided
 * here; the server only reads the places and writes the text.
 */

/** The feed holds the places of the last 30 days and of the next 90. */
export const CALENDAR_FEED_DAYS = { past: 30, ahead: 90 } as const;

const DAY_MS = 86_400_000;

export function calendarFeedWindow(now: Date): { from: Date; to: Date } {
  return {
    from: new Date(now.getTime() - CALENDAR_FEED_DAYS.past * DAY_MS),
    to: new Date(now.getTime() + CALENDAR_FEED_DAYS.ahead * DAY_MS),
  };
}

/** The feed's path under the API; the token is the only key (RFC 5545 clients send no cookie). */
export const calendarFeedPath = (token: string) => `/api/portal/calendar/${token}.ics`;

/** The https address, and the webcal:// one that makes a phone offer to subscribe. */
export function calendarFeedUrls(publicUrl: string, token: string) {
  const url = `${publicUrl.replace(/\/$/, '')}${calendarFeedPath(token)}`;
  return { url, webcalUrl: url.replace(/^https?:\/\//, 'webcal://') };
}

/** One customer's place in one session, as the feed's query reads it. */
export type CalendarPlace = {
  sessionId: string;
  customerId: string;
  sessionName: string;
  establishmentName: string;
  establishmentAddress: string | null;
  startsAt: Date;
  endsAt: Date;
  isSessionActive: boolean;
  status: AttendanceStatus;
  /** The slot the schedule generated, when staff moved the session away from it. */
  movedFrom: { date: string; startTime: string } | null;
  sessionCreatedAt: Date;
  /** The session's and the place's last changes (a move, a cancellation); the place's is null without a row. */
  changedAt: readonly (Date | null)[];
};

export type CalendarEvent = {
  uid: string;
  sequence: number;
  start: Date;
  end: Date;
  lastModified: Date;
  summary: string;
  location: string;
  description: string | null;
  status: 'CONFIRMED' | 'CANCELLED';
};

/** One event per place, the same UID in every fetch, so a calendar updates the event instead of adding one. */
export const calendarEventUid = (place: { sessionId: string; customerId: string }) =>
  `${place.sessionId}.${place.customerId}@reformer`;

/**
 * RFC 5545 §3.8.7.4: SEQUENCE grows with each change a calendar must take (a move, a cancellation). No counter
 * is kept: it is the seconds from the session's creation to its place's latest change, which only grows as
 * changes come, and is 0 for a session never changed.
 */
export function calendarEventSequence(createdAt: Date, changedAt: readonly (Date | null)[]): number {
  const latest = Math.max(createdAt.getTime(), ...changedAt.map((date) => date?.getTime() ?? 0));
  return Math.floor((latest - createdAt.getTime()) / 1000);
}

function movedFromText(language: Language, movedFrom: { date: string; startTime: string }) {
  const [year, month, day] = movedFrom.date.split('-');
  if (language === 'pt_BR')
    return `Aula remarcada: era em ${day}/${month}/${year} às ${movedFrom.startTime}.`;
  return `Class moved: it was on ${month}/${day}/${year} at ${movedFrom.startTime}.`;
}

/**
 * The event of a place: a canceled place, or a session staff canceled, stays in the feed as CANCELLED (so the
 * calendar drops it rather than keeping a stale copy); a moved session says where it was.
 */
export function calendarEventOf(place: CalendarPlace, language: Language): CalendarEvent {
  const isCanceled = !place.isSessionActive || place.status === 'CANCELED';
  const changes = place.changedAt.filter((date): date is Date => date !== null);
  return {
    uid: calendarEventUid(place),
    sequence: calendarEventSequence(place.sessionCreatedAt, place.changedAt),
    start: place.startsAt,
    end: place.endsAt,
    lastModified: new Date(Math.max(place.sessionCreatedAt.getTime(), ...changes.map((d) => d.getTime()))),
    summary: place.sessionName,
    location: [place.establishmentName, place.establishmentAddress].filter(Boolean).join(', '),
    description: place.movedFrom ? movedFromText(language, place.movedFrom) : null,
    status: isCanceled ? 'CANCELLED' : 'CONFIRMED',
  };
}

/** Whether the customer has a live feed, and since when (its token is kept as a hash and never shown again). */
export const CalendarFeedStatus = z.object({
  isActive: z.boolean(),
  createdAt: z.string().nullable(),
});
export type CalendarFeedStatus = z.infer<typeof CalendarFeedStatus>;

/** PUT /portal/calendar-feed: the new feed's addresses, shown this once; the previous feed no longer opens. */
export const CalendarFeedCreated = CalendarFeedStatus.extend({ url: z.string(), webcalUrl: z.string() });
export type CalendarFeedCreated = z.infer<typeof CalendarFeedCreated>;
