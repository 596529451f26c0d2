import { and, eq } from 'drizzle-orm';
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
