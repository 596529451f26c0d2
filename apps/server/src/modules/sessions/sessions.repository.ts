import { and, asc, desc, eq, gte, inArray, lte, type SQLWrapper, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.ts';
import { establishmentOfSchedule, isoInstant, scheduleOfSession, timeOfDay } from '../../db/joins.ts';
import {
  filterConditions,
  givenFilters,
  placeholder,
  preparedStatement,
  shapeName,
  type ValueFilters,
  withGenericPlan,
} from '../../db/prepared.ts';
import { classesSpent } from '../../db/purchase-balance.ts';
import {
  checkIns,
  enrolled,
  enrolledWithoutAttendance,
  rosterCounts,
  rosterSeats,
  seatsHeld,
  seatsTaken,
  selectField,
} from '../../db/roster.ts';
import {
  customerPlans,
  customers,
  establishments,
  purchaseClasses,
  purchases,
  scheduleSessions,
  schedules,
  sessionAttendance,
  sessionCounts,
  sessionIsMoved,
  users,
} from '../../db/schema/index.ts';
import { keepSessionCounts, keptCountsOf, keptOrCountedRoster } from '../../db/session-counts.ts';

type Reader = Database | Transaction;

/** A session with its schedule, establishment and instructor; `now` decides which waitlist offers hold a seat. */
function sessionColumns(now: SQLWrapper) {
  return {
    id: scheduleSessions.id,
    scheduleId: scheduleSessions.scheduleId,
    scheduleName: schedules.name,
    type: schedules.type,
    establishmentId: schedules.establishmentId,
    establishmentName: establishments.name,
    staffUserId: schedules.staffUserId,
    staffName: sql<string | null>`nullif(trim(${users.name}), '')`,
    date: scheduleSessions.date,
    startTime: timeOfDay(scheduleSessions.startTime),
    endTime: timeOfDay(scheduleSessions.endTime),
    startsAt: isoInstant(scheduleSessions.startsAt),
    endsAt: isoInstant(scheduleSessions.endsAt),
    capacity: schedules.capacity,
    heldSeats: seatsHeld(now),
    isActive: scheduleSessions.isActive,
    isMoved: sessionIsMoved,
    scheduledDate: scheduleSessions.scheduledDate,
    scheduledStartTime: timeOfDay(scheduleSessions.scheduledStartTime),
    scheduledEndTime: timeOfDay(scheduleSessions.scheduledEndTime),
  };
}

/** A session with its schedule, establishment, instructor and counts, counted from scratch: one row, one statement. */
function sessionsWithCounts(db: Reader, now: SQLWrapper) {
  const roster = rosterCounts(db);
  return db
    .select({
      ...sessionColumns(now),
      rosterCount: rosterSeats(roster),
      checkedInCount: roster.checkedInCount,
    })
    .from(scheduleSessions)
    .innerJoin(schedules, scheduleOfSession)
    .innerJoin(establishments, establishmentOfSchedule)
    .leftJoin(users, eq(users.id, schedules.staffUserId))
    .innerJoinLateral(roster, sql`true`);
}

/**
 * The same, with the counts kept for sessions between `range`'s dates where they are current
 * (db/session-counts.ts), and `isCountedAfresh` for those counted from scratch.
 */
function sessionsWithKeptCounts(db: Database, now: SQLWrapper, range: { from: SQLWrapper; to: SQLWrapper }) {
  const { roster, columns } = keptOrCountedRoster(db);
  return db
    .select({ ...sessionColumns(now), ...columns })
    .from(scheduleSessions)
    .innerJoin(schedules, scheduleOfSession)
    .innerJoin(establishments, establishmentOfSchedule)
    .leftJoin(users, eq(users.id, schedules.staffUserId))
    .leftJoin(sessionCounts, keptCountsOf(range))
    .innerJoinLateral(roster, sql`true`);
}
export type SessionRow = Awaited<ReturnType<typeof findSession>> & {};

export type SessionFilter = {
  from: string;
  to: string;
  /** null = every establishment. */
  establishmentIds: string[] | null;
  establishmentId?: string | undefined;
  scheduleId?: string | undefined;
  staffUserId?: string | undefined;
};

/** The calendar's filters that narrow it by a value. */
const VALUE_FILTERS = {
  establishmentId: [schedules.establishmentId, 'uuid'],
  scheduleId: [scheduleSessions.scheduleId, 'uuid'],
  staffUserId: [schedules.staffUserId, 'text'],
} as const satisfies ValueFilters;

/** Which filters a call gives: its statement has those conditions and no others. */
type Shape = { allowed: boolean; filters: (keyof typeof VALUE_FILTERS)[] };

/**
 * The calendar's call, one named prepared statement per shape of filters, built once, with only the given
 * filters in its SQL: when every filter was a parameter that might be null, the generic plan could not tell
 * they were absent and joined the schedules, establishments and instructors row by row under every condition —
 * a third of the statement's time (decision 018, session 20).
 */
function preparedSessionList(db: Database, shape: Shape) {
  const name = `sessions_list_${shape.allowed ? 'allowed' : 'all'}_${shapeName(VALUE_FILTERS, shape.filters)}`;
  return preparedStatement(db, name, (statement) =>
    sessionsWithKeptCounts(db, placeholder('now', 'timestamptz'), {
      from: sql.placeholder('from'),
      to: sql.placeholder('to'),
    })
      .where(
        and(
          eq(scheduleSessions.organizationId, sql.placeholder('organizationId')),
          gte(scheduleSessions.date, sql.placeholder('from')),
          lte(scheduleSessions.date, sql.placeholder('to')),
          shape.allowed
            ? sql`${schedules.establishmentId} = any(${placeholder('allowed', 'uuid[]')})`
            : undefined,
          ...filterConditions(VALUE_FILTERS, shape.filters),
        ),
      )
      .orderBy(asc(scheduleSessions.startsAt), asc(scheduleSessions.id))
      .prepare(statement),
  );
}

/**
 * The calendar's list under a generic plan, planned once per connection and shape: its plan does not depend on
 * the values (the organization and dates always reach the sessions through the same index), and planning it —
 * six tables under their row-level-security policies, two subqueries — was a third of its PostgreSQL time
 * (2.2–2.8 ms of 7–8). Through the server: 6.3–8.4 ms of PostgreSQL CPU a request against 8.1–13.0
 * (decision 018). A read that had to count some session keeps its counts for the next (db/session-counts.ts).
 */
export async function listSessions(db: Database, organizationId: string, filter: SessionFilter, now: Date) {
  const shape = {
    allowed: filter.establishmentIds !== null,
    filters: givenFilters(VALUE_FILTERS, filter),
  };
  const rows = await withGenericPlan(db, () =>
    preparedSessionList(db, shape).execute({
      ...filter,
      organizationId,
      allowed: filter.establishmentIds,
      now: now.toISOString(),
    }),
  );
  if (rows.some((row) => row.isCountedAfresh))
    await keepSessionCounts(db, organizationId, filter.from, filter.to);
  return rows;
}

export async function findSession(db: Reader, organizationId: string, sessionId: string, now: Date) {
  const [row] = await sessionsWithCounts(db, sql`${now.toISOString()}::timestamptz`).where(
    and(eq(scheduleSessions.organizationId, organizationId), eq(scheduleSessions.id, sessionId)),
  );
  return row ?? null;
}

/** The class a purchase paid for a place, and that purchase's balance (decision 029), beside the roster row. */
const placePaidByPurchase = and(
  eq(purchaseClasses.organizationId, sessionAttendance.organizationId),
  eq(purchaseClasses.sessionId, sessionAttendance.sessionId),
  eq(purchaseClasses.customerId, sessionAttendance.customerId),
);
const purchaseOfPlace = and(
  eq(purchases.organizationId, purchaseClasses.organizationId),
  eq(purchases.id, purchaseClasses.purchaseId),
);
const placePurchaseColumns = {
  purchaseId: purchaseClasses.purchaseId,
  returnedAt: purchaseClasses.returnedAt,
  purchasePlanName: customerPlans.name,
  classesTotal: purchases.classesTotal,
  classesSpent: classesSpent.mapWith(Number),
};

/**
 * Customers with an attendance row in the session (with the purchase that paid their place, if one did), and
 * enrolled customers without one (CONFIRMED).
 */
export async function listRoster(db: Reader, organizationId: string, sessionId: string) {
  const [recorded, enrolledOnly] = await Promise.all([
    db
      .select({
        customerId: sessionAttendance.customerId,
        firstName: customers.firstName,
        lastName: customers.lastName,
        sortName: customers.sortName,
        status: sessionAttendance.status,
        source: sessionAttendance.source,
        reason: sessionAttendance.reason,
        notes: sessionAttendance.notes,
        checkedInAt: sessionAttendance.checkedInAt,
        ...placePurchaseColumns,
      })
      .from(sessionAttendance)
      .innerJoin(
        customers,
        and(
          eq(customers.organizationId, sessionAttendance.organizationId),
          eq(customers.id, sessionAttendance.customerId),
        ),
      )
      .leftJoin(purchaseClasses, placePaidByPurchase)
      .leftJoin(purchases, purchaseOfPlace)
      .leftJoin(
        customerPlans,
        and(
          eq(customerPlans.organizationId, purchases.organizationId),
          eq(customerPlans.id, purchases.planId),
        ),
      )
      .where(
        and(eq(sessionAttendance.organizationId, organizationId), eq(sessionAttendance.sessionId, sessionId)),
      ),
    db
      .select({
        customerId: enrolled.customerId,
        firstName: customers.firstName,
        lastName: customers.lastName,
        sortName: customers.sortName,
      })
      .from(scheduleSessions)
      .innerJoin(enrolled, enrolledWithoutAttendance())
      .innerJoin(
        customers,
        and(eq(customers.organizationId, enrolled.organizationId), eq(customers.id, enrolled.customerId)),
      )
      .where(and(eq(scheduleSessions.organizationId, organizationId), eq(scheduleSessions.id, sessionId))),
  ]);
  const fromEnrollments = enrolledOnly.map((entry) => ({
    ...entry,
    status: 'CONFIRMED' as const,
    source: 'ENROLLMENT' as const,
    reason: null,
    notes: null,
    checkedInAt: null,
  }));
  const withPurchases = recorded.map(
    ({ purchaseId, purchasePlanName, classesTotal, classesSpent, returnedAt, ...entry }) => ({
      ...entry,
      purchase:
        purchaseId && purchasePlanName !== null && classesTotal !== null
          ? {
              purchaseId,
              planName: purchasePlanName,
              classesLeft: Math.max(0, classesTotal - classesSpent),
              isReturned: returnedAt !== null,
            }
          : null,
    }),
  );
  // By name as the customer list sorts (sort_name under the C collation: code-unit order), then by id.
  return [...withPurchases, ...fromEnrollments.map((entry) => ({ ...entry, purchase: null }))]
    .sort(
      (a, b) => compareText(a.sortName ?? '', b.sortName ?? '') || compareText(a.customerId, b.customerId),
    )
    .map(({ sortName, ...entry }) => entry);
}

const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Whether an enrollment puts the customer on the session while they have no attendance row there. */
export async function isEnrolledWithoutRow(
  tx: Transaction,
  key: { organizationId: string; sessionId: string; customerId: string },
) {
  const [row] = await tx
    .select({ id: enrolled.id })
    .from(scheduleSessions)
    .innerJoin(enrolled, and(enrolledWithoutAttendance(), eq(enrolled.customerId, key.customerId)))
    .where(
      and(eq(scheduleSessions.organizationId, key.organizationId), eq(scheduleSessions.id, key.sessionId)),
    )
    .limit(1);
  return row !== undefined;
}

/** Of `customerIds`, those an enrollment already puts on the session. */
export async function enrolledAmong(
  tx: Transaction,
  key: { organizationId: string; sessionId: string },
  customerIds: string[],
) {
  const rows = await tx
    .select({ customerId: enrolled.customerId })
    .from(scheduleSessions)
    .innerJoin(enrolled, and(enrolledWithoutAttendance(), inArray(enrolled.customerId, customerIds)))
    .where(
      and(eq(scheduleSessions.organizationId, key.organizationId), eq(scheduleSessions.id, key.sessionId)),
    );
  return rows.map((row) => row.customerId);
}

/**
 * Locks the session's SCHEDULE row (FOR UPDATE OF schedules): the seat count, the roster and the move
 * rules are decided under it, as the enrollments' capacity check will be.
 */
export async function lockSession(tx: Transaction, organizationId: string, sessionId: string) {
  const [row] = await tx
    .select({
      scheduleId: schedules.id,
      type: schedules.type,
      establishmentId: schedules.establishmentId,
      capacity: schedules.capacity,
      isActive: scheduleSessions.isActive,
      date: scheduleSessions.date,
      startTime: timeOfDay(scheduleSessions.startTime),
      startsAt: scheduleSessions.startsAt,
    })
    .from(scheduleSessions)
    .innerJoin(schedules, scheduleOfSession)
    .where(and(eq(scheduleSessions.organizationId, organizationId), eq(scheduleSessions.id, sessionId)))
    .for('update', { of: schedules });
  return row ?? null;
}

/** Read after the lock: the counts every writer of this session's roster sees, enrolled customers included. */
export async function countRoster(tx: Transaction, organizationId: string, sessionId: string) {
  const [row] = await tx
    .select({
      rosterCount: selectField(seatsTaken()),
      checkedInCount: selectField(checkIns),
    })
    .from(scheduleSessions)
    .where(and(eq(scheduleSessions.organizationId, organizationId), eq(scheduleSessions.id, sessionId)));
  return { rosterCount: row?.rosterCount ?? 0, checkedInCount: row?.checkedInCount ?? 0 };
}

export async function moveSession(
  tx: Transaction,
  key: { organizationId: string; sessionId: string },
  slot: { date: string; startTime: string; endTime: string; startsAt: Date; endsAt: Date },
  now: Date,
) {
  await tx
    .update(scheduleSessions)
    .set({ ...slot, updatedAt: now })
    .where(
      and(eq(scheduleSessions.organizationId, key.organizationId), eq(scheduleSessions.id, key.sessionId)),
    );
}

/** What was recorded about a customer session by session (their data export), newest session first. */
export async function listCustomerAttendance(db: Reader, organizationId: string, customerId: string) {
  return db
    .select({
      sessionId: sessionAttendance.sessionId,
      date: scheduleSessions.date,
      startTime: timeOfDay(scheduleSessions.startTime),
      endTime: timeOfDay(scheduleSessions.endTime),
      scheduleName: schedules.name,
      establishmentName: establishments.name,
      source: sessionAttendance.source,
      status: sessionAttendance.status,
      reason: sessionAttendance.reason,
      notes: sessionAttendance.notes,
      checkedInAt: sessionAttendance.checkedInAt,
    })
    .from(sessionAttendance)
    .innerJoin(
      scheduleSessions,
      and(
        eq(scheduleSessions.organizationId, sessionAttendance.organizationId),
        eq(scheduleSessions.id, sessionAttendance.sessionId),
      ),
    )
    .innerJoin(schedules, scheduleOfSession)
    .innerJoin(establishments, establishmentOfSchedule)
    .where(
      and(eq(sessionAttendance.organizationId, organizationId), eq(sessionAttendance.customerId, customerId)),
    )
    .orderBy(desc(scheduleSessions.startsAt), asc(sessionAttendance.sessionId));
}
