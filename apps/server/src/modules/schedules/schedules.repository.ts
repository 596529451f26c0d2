import type { AllowedEstablishments } from '@reformer/domain/permissions';
import type { ScheduleValues } from '@reformer/domain/schedules';
import { and, asc, count, eq, exists, gt, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.ts';
import {
  establishmentAssignments,
  establishments,
  makeUpCredits,
  scheduleSessions,
  schedules,
  sessionAttendance,
  sessionIsMoved,
  users,
} from '../../db/schema/index.ts';

type Reader = Database | Transaction;
export type ScheduleFilter = {
  allowed: AllowedEstablishments;
  establishmentId?: string | undefined;
  staffUserId?: string | undefined;
  type?: ScheduleValues['type'] | undefined;
  isActive?: boolean | undefined;
};
export type SessionRow = typeof scheduleSessions.$inferInsert;

const scheduleColumns = {
  id: schedules.id,
  name: schedules.name,
  description: schedules.description,
  type: schedules.type,
  establishmentId: schedules.establishmentId,
  establishmentName: establishments.name,
  staffUserId: schedules.staffUserId,
  staffName: sql<string | null>`nullif(trim(${users.name}), '')`,
  capacity: schedules.capacity,
  startTime: schedules.startTime,
  endTime: schedules.endTime,
  startDate: schedules.startDate,
  endDate: schedules.endDate,
  recurrenceType: schedules.recurrenceType,
  daysOfWeek: schedules.daysOfWeek,
  notes: schedules.notes,
  isActive: schedules.isActive,
  createdAt: schedules.createdAt,
  updatedAt: schedules.updatedAt,
};
export type ScheduleRow = Awaited<ReturnType<typeof findSchedule>> & {};

function withNames(db: Reader) {
  return db
    .select(scheduleColumns)
    .from(schedules)
    .innerJoin(
      establishments,
      and(
        eq(establishments.organizationId, schedules.organizationId),
        eq(establishments.id, schedules.establishmentId),
      ),
    )
    .leftJoin(users, eq(users.id, schedules.staffUserId));
}

function listWhere(organizationId: string, filter: ScheduleFilter): SQL | undefined {
  const { allowed } = filter;
  return and(
    eq(schedules.organizationId, organizationId),
    allowed === 'ALL' ? undefined : allowed.length ? inArray(schedules.establishmentId, allowed) : sql`false`,
    filter.establishmentId ? eq(schedules.establishmentId, filter.establishmentId) : undefined,
    filter.staffUserId ? eq(schedules.staffUserId, filter.staffUserId) : undefined,
    filter.type ? eq(schedules.type, filter.type) : undefined,
    filter.isActive === undefined ? undefined : eq(schedules.isActive, filter.isActive),
  );
}

export async function listSchedules(
  db: Database,
  organizationId: string,
  filter: ScheduleFilter,
  page: { page: number; limit: number },
) {
  const where = listWhere(organizationId, filter);
  const [rows, [counted]] = await Promise.all([
    withNames(db)
      .where(where)
      .orderBy(asc(schedules.name), asc(schedules.id))
      .limit(page.limit)
      .offset((page.page - 1) * page.limit),
    db.select({ value: count() }).from(schedules).where(where),
  ]);
  return { rows, total: counted?.value ?? 0 };
}

export async function findSchedule(db: Reader, organizationId: string, id: string) {
  const [row] = await withNames(db).where(
    and(eq(schedules.organizationId, organizationId), eq(schedules.id, id)),
  );
  return row ?? null;
}

/** The schedule row lock: every change to a schedule, its sessions or their rosters takes it first. */
export async function lockSchedule(tx: Transaction, organizationId: string, id: string) {
  const [row] = await tx
    .select({
      establishmentId: schedules.establishmentId,
      isActive: schedules.isActive,
      sessionsGeneratedThrough: schedules.sessionsGeneratedThrough,
    })
    .from(schedules)
    .where(and(eq(schedules.organizationId, organizationId), eq(schedules.id, id)))
    .for('update');
  return row ?? null;
}

/** Whether the establishment exists in the organization, and whether the staff member is assigned there. */
export async function findStaffPlacement(
  db: Reader,
  organizationId: string,
  establishmentId: string,
  staffUserId: string,
) {
  const [row] = await db
    .select({
      establishmentExists: sql<boolean>`true`,
      isAssigned: exists(
        db
          .select({ one: sql`1` })
          .from(establishmentAssignments)
          .where(
            and(
              eq(establishmentAssignments.organizationId, organizationId),
              eq(establishmentAssignments.establishmentId, establishmentId),
              eq(establishmentAssignments.userId, staffUserId),
            ),
          ),
      ),
    })
    .from(establishments)
    .where(and(eq(establishments.organizationId, organizationId), eq(establishments.id, establishmentId)));
  return { establishmentExists: row?.establishmentExists === true, isAssigned: row?.isAssigned === true };
}

/** What the schedule row records besides the body: how far an open-ended schedule's sessions go. */
type Generated = { sessionsGeneratedThrough: string | null };

export async function insertSchedule(
  tx: Transaction,
  organizationId: string,
  id: string,
  values: ScheduleValues & Generated,
) {
  await tx.insert(schedules).values({ organizationId, id, ...values });
}

export async function updateSchedule(
  tx: Transaction,
  organizationId: string,
  id: string,
  values: Partial<ScheduleValues & Generated> & { updatedAt: Date },
) {
  await tx
    .update(schedules)
    .set(values)
    .where(and(eq(schedules.organizationId, organizationId), eq(schedules.id, id)));
}

/** One multi-row statement; an occurrence already present (same schedule and generated date) is kept. */
export async function insertSessions(tx: Transaction, rows: SessionRow[]) {
  if (rows.length === 0) return;
  await tx
    .insert(scheduleSessions)
    .values(rows)
    .onConflictDoNothing({
      target: [scheduleSessions.organizationId, scheduleSessions.scheduleId, scheduleSessions.scheduledDate],
    });
}

/**
 * A session with a roster row, or with a make-up credit earned or spent there (whose roster row an
 * enrollment's pause may have removed), is history.
 */
const hasAttendance = sql`(exists (select 1 from ${sessionAttendance} a
  where a.organization_id = ${scheduleSessions.organizationId} and a.session_id = ${scheduleSessions.id})
  or exists (select 1 from ${makeUpCredits} m
  where m.organization_id = ${scheduleSessions.organizationId}
    and (m.canceled_session_id = ${scheduleSessions.id} or m.used_session_id = ${scheduleSessions.id})))`;

function futureSessionsOf(organizationId: string, scheduleId: string, now: Date) {
  return and(
    eq(scheduleSessions.organizationId, organizationId),
    eq(scheduleSessions.scheduleId, scheduleId),
    gt(scheduleSessions.startsAt, now),
  );
}

type RegenerationScope = { organizationId: string; scheduleId: string; now: Date };
type KeptOccurrences = { dates: string[]; startTime: string; endTime: string };

/**
 * The sessions an edit replaces: not started, never moved, nobody on their roster, and no longer an
 * occurrence of the edited schedule (`keep`: its dates at its times). Kept occurrences keep their ids, so
 * an open session page survives renaming the class.
 */
function regenerable(scope: RegenerationScope, keep: KeptOccurrences) {
  const stillOccurs = keep.dates.length
    ? and(
        inArray(scheduleSessions.scheduledDate, keep.dates),
        eq(scheduleSessions.scheduledStartTime, keep.startTime),
        eq(scheduleSessions.scheduledEndTime, keep.endTime),
      )
    : sql`false`;
  return and(
    futureSessionsOf(scope.organizationId, scope.scheduleId, scope.now),
    sql`not ${hasAttendance}`,
    sql`not ${sessionIsMoved}`,
    sql`not (${stillOccurs})`,
  );
}

/**
 * What an edit is about to replace, before it does: their enrolled customers are still their roster, to be
 * told of the new time or of the cancellation (decision 053). The caller holds the schedule's lock.
 */
export async function listRegenerableSessions(
  tx: Transaction,
  scope: RegenerationScope,
  keep: KeptOccurrences,
) {
  return tx
    .select({
      sessionId: scheduleSessions.id,
      scheduledDate: scheduleSessions.scheduledDate,
      startsAt: scheduleSessions.startsAt,
      isActive: scheduleSessions.isActive,
    })
    .from(scheduleSessions)
    .where(regenerable(scope, keep));
}

export async function deleteRegenerableSessions(
  tx: Transaction,
  scope: RegenerationScope,
  keep: KeptOccurrences,
) {
  await tx.delete(scheduleSessions).where(regenerable(scope, keep));
}

/** The sessions whose state changed, so those cancelled can be told (decision 050). */
export async function setFutureSessionsActive(
  tx: Transaction,
  organizationId: string,
  scheduleId: string,
  isActive: boolean,
  now: Date,
) {
  return tx
    .update(scheduleSessions)
    .set({ isActive, updatedAt: now })
    .where(and(futureSessionsOf(organizationId, scheduleId, now), ne(scheduleSessions.isActive, isActive)))
    .returning({ sessionId: scheduleSessions.id, startsAt: scheduleSessions.startsAt });
}

export async function scheduleHasAttendance(tx: Transaction, organizationId: string, scheduleId: string) {
  const [row] = await tx
    .select({ one: sql`1` })
    .from(scheduleSessions)
    .where(
      and(
        eq(scheduleSessions.organizationId, organizationId),
        eq(scheduleSessions.scheduleId, scheduleId),
        hasAttendance,
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** Its sessions go with it (cascade); the database refuses if any has attendance (no cascade there). */
export async function deleteSchedule(tx: Transaction, organizationId: string, id: string) {
  await tx.delete(schedules).where(and(eq(schedules.organizationId, organizationId), eq(schedules.id, id)));
}
