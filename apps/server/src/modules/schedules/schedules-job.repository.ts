import { OPEN_ENDED_HORIZON_MONTHS } from '@reformer/domain/schedule-recurrence';
import { and, asc, eq, inArray, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.ts';
import { organizations, schedules } from '../../db/schema/index.ts';

/** A schedule that runs until ended (domain `isOpenEnded`). */
const isOpenEnded = and(isNull(schedules.endDate), ne(schedules.recurrenceType, 'SINGLE'));

/**
 * The organizations with an open-ended schedule whose sessions stop before its horizon. The horizon here is
 * the SQL twin of domain `sessionHorizon` (PostgreSQL's month arithmetic clamps to the month's end as
 * date-fns does); it only picks candidates — under the locks, the domain's own rule decides what is generated.
 */
export async function listOrganizationsBehind(db: Database, now: Date): Promise<string[]> {
  const horizon = sql`((${now}::timestamptz at time zone ${organizations.timeZone})::date
    + make_interval(months => ${OPEN_ENDED_HORIZON_MONTHS}))::date`;
  const rows = await db
    .selectDistinct({ organizationId: schedules.organizationId })
    .from(schedules)
    .innerJoin(organizations, eq(organizations.id, schedules.organizationId))
    .where(and(isOpenEnded, sql`${schedules.sessionsGeneratedThrough} < ${horizon}`))
    .orderBy(asc(schedules.organizationId));
  return rows.map((row) => row.organizationId);
}

/**
 * The organization's open-ended schedules whose sessions stop before `horizon`, locked in id order (the
 * schedule lock every change to sessions takes, decision 011). A second run waiting here re-reads each row
 * once the first commits, finds it extended, and gets nothing.
 */
export async function lockSchedulesBehind(tx: Transaction, organizationId: string, horizon: string) {
  return tx
    .select({
      id: schedules.id,
      recurrenceType: schedules.recurrenceType,
      startDate: schedules.startDate,
      endDate: schedules.endDate,
      daysOfWeek: schedules.daysOfWeek,
      startTime: schedules.startTime,
      endTime: schedules.endTime,
      isActive: schedules.isActive,
      // Never null here: the condition below compares it.
      sessionsGeneratedThrough: sql<string>`${schedules.sessionsGeneratedThrough}`,
    })
    .from(schedules)
    .where(
      and(
        eq(schedules.organizationId, organizationId),
        isOpenEnded,
        lt(schedules.sessionsGeneratedThrough, horizon),
      ),
    )
    .orderBy(asc(schedules.id))
    .for('update');
}

export async function setGeneratedThrough(
  tx: Transaction,
  organizationId: string,
  scheduleIds: string[],
  through: string,
) {
  if (scheduleIds.length === 0) return;
  await tx
    .update(schedules)
    .set({ sessionsGeneratedThrough: through })
    .where(and(eq(schedules.organizationId, organizationId), inArray(schedules.id, scheduleIds)));
}
