import type { CalendarEvent } from '@reformer/domain/portal-calendar';
import ical, { ICalEventStatus } from 'ical-generator';

/**
 * The iCalendar text of a feed (RFC 5545), written by `ical-generator` (escaping, line folding, CRLF): times
 * in UTC, which every client shows in its own zone, so no VTIMEZONE is needed (decision 046). The calendar's
 * name is the studio's; clients that read REFRESH-INTERVAL poll hourly.
 */
export function calendarFeedText(organizationName: string, events: readonly CalendarEvent[], now: Date) {
  const calendar = ical({
    name: organizationName,
    prodId: { company: 'Reformer', product: 'Customer portal', language: 'EN' },
    ttl: 60 * 60,
  });
  for (const event of events)
    calendar.createEvent({
      id: event.uid,
      sequence: event.sequence,
      stamp: now,
      lastModified: event.lastModified,
      start: event.start,
      end: event.end,
      summary: event.summary,
      location: event.location || null,
      description: event.description,
      status: event.status === 'CANCELLED' ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    });
  return calendar.toString();
}
