import { and, eq, type SQLWrapper, sql } from 'drizzle-orm';
import { establishments, scheduleSessions, schedules } from './schema/index.ts';

/**
 * The join conditions every session read repeats: a session's schedule and a schedule's establishment, each
 * within the organization (the tables' keys start with it).
 */
export const scheduleOfSession = and(
  eq(schedules.organizationId, scheduleSessions.organizationId),
  eq(schedules.id, scheduleSessions.scheduleId),
);
export const establishmentOfSchedule = and(
  eq(establishments.organizationId, schedules.organizationId),
  eq(establishments.id, schedules.establishmentId),
);

/**
 * A time of day as the API writes it, "07:00", cut from PostgreSQL's own text of it ("07:00:00"); and an instant
 * as the API writes it, "2027-03-01T10:00:00.000Z", from PostgreSQL's text of it in UTC ("2027-03-01 10:00:00",
 * a fraction of a second only when there is one). Not `to_char`, which reads its format again on every value:
 * the week's six took a fifth of its statement (decision 018, session 24). Nor Dates built in Node to be printed
 * again: for a month's 800 sessions that was most of the endpoint's time above its SQL (bench:sessions).
 */
export const timeOfDay = (column: SQLWrapper) => sql<string>`${column}`.mapWith(hoursAndMinutes);
export const isoInstant = (column: SQLWrapper) =>
  sql<string>`(${column} at time zone 'UTC')`.mapWith(isoFromUtcText);

export const hoursAndMinutes = (text: unknown): string => String(text).slice(0, 5);

export function isoFromUtcText(value: unknown): string {
  const text = String(value);
  // "2027-03-01 10:00:00.5": the fraction's first three digits are its milliseconds, as to_char's MS.
  const milliseconds = text.length > 20 ? text.slice(20, 23).padEnd(3, '0') : '000';
  return `${text.slice(0, 10)}T${text.slice(11, 19)}.${milliseconds}Z`;
}

/**
 * Where and when a session happens, as the customer-facing reads show it (the class link, the portal, a
 * waitlist offer): over `scheduleSessions` joined by `scheduleOfSession` and `establishmentOfSchedule`.
 */
export const sessionSlotColumns = {
  sessionId: scheduleSessions.id,
  sessionName: schedules.name,
  establishmentId: schedules.establishmentId,
  establishmentName: establishments.name,
  date: sql<string>`${scheduleSessions.date}::text`,
  startTime: timeOfDay(scheduleSessions.startTime),
  endTime: timeOfDay(scheduleSessions.endTime),
  startsAt: scheduleSessions.startsAt,
};
