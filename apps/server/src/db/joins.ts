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

/** A time of day as the API writes it, "07:00". */
export const timeOfDay = (column: SQLWrapper) => sql<string>`to_char(${column}, 'HH24:MI')`;

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
