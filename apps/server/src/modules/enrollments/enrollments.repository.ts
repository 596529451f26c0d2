import type { BillingCycle } from '@reformer/domain/customer-plans';
import { keepsRenewing, type SeatCoverage } from '@reformer/domain/enrollments';
import { and, asc, count, desc, eq, gt, inArray, lte, ne, sql } from 'drizzle-orm';
import type { AnyPgColumn, SelectedFields } from 'drizzle-orm/pg-core';
import type { Database, Transaction } from '../../db/client.ts';
import { onTheBooks } from '../../db/customers-on-the-books.ts';
import { pageWithTotal } from '../../db/page-with-total.ts';
import {
  filterConditions,
  givenFilters,
  placeholder,
  preparedStatement,
  shapeName,
  type ValueFilters,
  withGenericPlan,
} from '../../db/prepared.ts';
import { enrollmentCovers, renewing, seatsTaken } from '../../db/roster.ts';
import {
  customerPlans,
  customers,
  enrollments,
  establishments,
  scheduleSessions,
  schedules,
  sessionAttendance,
} from '../../db/schema/index.ts';

type Reader = Database | Transaction;
export type EnrollmentInsert = typeof enrollments.$inferInsert;

const enrollmentColumns = {
  id: enrollments.id,
  customerId: enrollments.customerId,
  customerName: sql<
    string | null
  >`nullif(trim(concat_ws(' ', ${customers.firstName}, ${customers.lastName})), '')`,
  planId: enrollments.planId,
  planName: customerPlans.name,
  scheduleId: enrollments.scheduleId,
  scheduleName: schedules.name,
  establishmentId: schedules.establishmentId,
  establishmentName: establishments.name,
  startDate: enrollments.startDate,
  endDate: enrollments.endDate,
  isEndDateExplicit: enrollments.isEndDateExplicit,
  status: enrollments.status,
  renewal: enrollments.renewal,
  planRenewsAutomatically: customerPlans.renewsAutomatically,
  scheduleEndDate: schedules.endDate,
  pausedFrom: enrollments.pausedFrom,
  resumeOn: enrollments.resumeOn,
  canceledFrom: enrollments.canceledFrom,
  notes: enrollments.notes,
  createdAt: enrollments.createdAt,
  updatedAt: enrollments.updatedAt,
};
export type EnrollmentRow = Awaited<ReturnType<typeof findEnrollment>> & {};

const sameOrganization = (table: { organizationId: AnyPgColumn }) =>
  eq(table.organizationId, enrollments.organizationId);

/** The rows with their names; `extra` adds columns to them (the list's total). */
function withNames<Extra extends SelectedFields = Record<never, never>>(db: Reader, extra?: Extra) {
  return db
    .select({ ...enrollmentColumns, ...(extra as Extra) })
    .from(enrollments)
    .innerJoin(customers, and(sameOrganization(customers), eq(customers.id, enrollments.customerId)))
    .innerJoin(customerPlans, and(sameOrganization(customerPlans), eq(customerPlans.id, enrollments.planId)))
    .innerJoin(schedules, and(sameOrganization(schedules), eq(schedules.id, enrollments.scheduleId)))
    .innerJoin(
      establishments,
      and(
        eq(establishments.organizationId, schedules.organizationId),
        eq(establishments.id, schedules.establishmentId),
      ),
    );
}

export type EnrollmentFilter = {
  /** Establishments where the member may view enrollments: 'ALL' or a list (empty: none). */
  allowed: 'ALL' | string[];
  status?: string | undefined;
  establishmentId?: string | undefined;
  scheduleId?: string | undefined;
  planId?: string | undefined;
  customerId?: string | undefined;
};

/** The list's filters that narrow it by a value, each an equality on one column. */
const VALUE_FILTERS = {
  status: [enrollments.status, 'enrollment_status'],
  establishmentId: [schedules.establishmentId, 'uuid'],
  scheduleId: [enrollments.scheduleId, 'uuid'],
  planId: [enrollments.planId, 'uuid'],
  customerId: [enrollments.customerId, 'uuid'],
} as const satisfies ValueFilters;
type ValueFilter = keyof typeof VALUE_FILTERS;

/** Which filters a call gives: its statement has those conditions and no others. */
type Shape = { allowed: boolean; filters: ValueFilter[] };

const shapeOf = (filter: EnrollmentFilter): Shape => ({
  allowed: filter.allowed !== 'ALL',
  filters: givenFilters(VALUE_FILTERS, filter),
});

/**
 * One statement per shape of filters, built once (db/prepared.ts) and planned once per connection (a generic
 * plan): planning it per call — five tables under their row-level-security policies, and the count — cost seven
 * times running it (decision 018, session 18). With only the given filters in its SQL, the shape's plan fits its
 * calls (a customer's enrollments by the customer's index, a page of the whole list by start date). The schedule
 * only matters to the total when establishments narrow the list: without that the count reads enrollments alone
 * (bench:enrollments: 4.1 → 1.3 ms at 20,000 enrollments). Newest start first; the page carries the total as an
 * uncorrelated subquery (one statement, one round trip); a page past the last has no row to carry it, and the
 * total is then asked alone.
 */
function preparedList(db: Database, shape: Shape) {
  const byEstablishment = shape.allowed || shape.filters.includes('establishmentId');
  const name = `${shape.allowed ? 'allowed' : 'all'}_${shapeName(VALUE_FILTERS, shape.filters)}`;
  const where = and(
    eq(enrollments.organizationId, sql.placeholder('organizationId')),
    shape.allowed ? sql`${schedules.establishmentId} = any(${placeholder('allowed', 'uuid[]')})` : undefined,
    ...filterConditions(VALUE_FILTERS, shape.filters),
  );
  const counting = () => {
    const total = db.select({ value: count() }).from(enrollments);
    return byEstablishment
      ? total
          .innerJoin(schedules, and(sameOrganization(schedules), eq(schedules.id, enrollments.scheduleId)))
          .where(where)
      : total.where(where);
  };
  return {
    page: preparedStatement(db, `enrollments_page_${name}`, (statement) =>
      withNames(db, { total: sql<number>`(${counting()})::int` })
        .where(where)
        .orderBy(desc(enrollments.startDate), desc(enrollments.id))
        .limit(sql.placeholder('limit'))
        .offset(sql.placeholder('offset'))
        .prepare(statement),
    ),
    total: preparedStatement(db, `enrollments_total_${name}`, (statement) => counting().prepare(statement)),
  };
}

export async function listEnrollments(
  db: Database,
  organizationId: string,
  filter: EnrollmentFilter,
  page: { page: number; limit: number },
) {
  const statements = preparedList(db, shapeOf(filter));
  const values = {
    ...filter,
    organizationId,
    allowed: filter.allowed === 'ALL' ? null : filter.allowed,
    limit: page.limit,
    offset: (page.page - 1) * page.limit,
  };
  const rows = await withGenericPlan(db, () => statements.page.execute(values));
  return pageWithTotal(rows, page.page, async () => {
    const [counted] = await withGenericPlan(db, () => statements.total.execute(values));
    return counted?.value ?? 0;
  });
}

export async function findEnrollment(db: Reader, organizationId: string, id: string) {
  const [row] = await withNames(db).where(
    and(eq(enrollments.organizationId, organizationId), eq(enrollments.id, id)),
  );
  return row ?? null;
}

/** The enrollment row lock: every change to an enrollment takes it first, then its schedule's. */
export async function lockEnrollment(tx: Transaction, organizationId: string, id: string) {
  const [row] = await tx
    .select({
      id: enrollments.id,
      customerId: enrollments.customerId,
      planId: enrollments.planId,
      scheduleId: enrollments.scheduleId,
      establishmentId: schedules.establishmentId,
      startDate: enrollments.startDate,
      endDate: enrollments.endDate,
      isEndDateExplicit: enrollments.isEndDateExplicit,
      status: enrollments.status,
      renewal: enrollments.renewal,
      planRenewsAutomatically: enrollments.planRenewsAutomatically,
      pausedFrom: enrollments.pausedFrom,
      resumeOn: enrollments.resumeOn,
      canceledFrom: enrollments.canceledFrom,
    })
    .from(enrollments)
    .innerJoin(schedules, and(sameOrganization(schedules), eq(schedules.id, enrollments.scheduleId)))
    .where(and(eq(enrollments.organizationId, organizationId), eq(enrollments.id, id)))
    .for('update', { of: enrollments });
  return row ?? null;
}
export type LockedEnrollment = NonNullable<Awaited<ReturnType<typeof lockEnrollment>>>;

/**
 * The schedule's row lock (the same one add-to-session and moves take): seats are counted and an enrollment
 * written under it, so concurrent requests for the last seat are decided one after the other.
 */
export async function lockScheduleSeats(tx: Transaction, organizationId: string, scheduleId: string) {
  const [row] = await tx
    .select({
      establishmentId: schedules.establishmentId,
      isActive: schedules.isActive,
      capacity: schedules.capacity,
      recurrenceType: schedules.recurrenceType,
      daysOfWeek: schedules.daysOfWeek,
    })
    .from(schedules)
    .where(and(eq(schedules.organizationId, organizationId), eq(schedules.id, scheduleId)))
    .for('update');
  return row ?? null;
}

/**
 * The customer's row, locked: the weekly limit spans the customer's enrollments in every schedule, so two
 * enrollments of one customer are decided one after the other. A deleted customer cannot be enrolled.
 */
export async function lockCustomer(tx: Transaction, organizationId: string, customerId: string) {
  const [row] = await tx
    .select({ id: customers.id })
    .from(customers)
    .where(
      and(
        eq(customers.organizationId, organizationId),
        eq(customers.id, customerId),
        onTheBooks(customers.status),
      ),
    )
    .for('update');
  return row !== undefined;
}

export async function findPlan(tx: Transaction, organizationId: string, planId: string) {
  const [row] = await tx
    .select({
      isActive: customerPlans.isActive,
      billingCycle: sql<BillingCycle>`${customerPlans.billingCycle}`,
      weeklySessionsLimit: customerPlans.weeklySessionsLimit,
      renewsAutomatically: customerPlans.renewsAutomatically,
      kind: customerPlans.kind,
    })
    .from(customerPlans)
    .where(and(eq(customerPlans.organizationId, organizationId), eq(customerPlans.id, planId)))
    .for('share');
  return row ?? null;
}

/** The customer, schedule and dates an enrollment holds (open-ended while it keeps renewing), and its id once it exists. */
export type Placement = SeatCoverage & {
  organizationId: string;
  customerId: string;
  planId: string;
  scheduleId: string;
  /** Leave this enrollment out of the counts (it is the one being changed). */
  exceptId: string | null;
};

const date = (value: string | null) => sql`${value}::date`;

/** A coverage given in values, for the SQL that compares it with sessions. */
const givenCoverage = (coverage: SeatCoverage) => ({
  startDate: date(coverage.startDate),
  endDate: date(coverage.endDate),
  pausedFrom: date(coverage.pausedFrom),
  resumeOn: date(coverage.resumeOn),
  canceledFrom: date(coverage.canceledFrom),
  renewing: sql`${coverage.renewing}::boolean`,
});

/** The last date an enrollment row can cover: its end, or the day before a cancellation. */
const lastCovered = sql`least(${enrollments.endDate}, coalesce(${enrollments.canceledFrom} - 1, ${enrollments.endDate}))`;

/** The customer's other enrollments whose dates meet the placement's; one that keeps renewing has no end. */
function others(placement: Placement) {
  return and(
    eq(enrollments.organizationId, placement.organizationId),
    eq(enrollments.customerId, placement.customerId),
    placement.exceptId ? ne(enrollments.id, placement.exceptId) : undefined,
    placement.renewing ? undefined : lte(enrollments.startDate, placement.endDate),
    sql`(${lastCovered} >= ${date(placement.startDate)} or ${renewing(enrollments)})`,
  );
}

/** Another enrollment of the customer in the same schedule whose dates overlap (spec §8's 409). */
export async function hasOverlappingEnrollment(tx: Transaction, placement: Placement) {
  const [row] = await tx
    .select({ id: enrollments.id })
    .from(enrollments)
    .where(and(others(placement), eq(enrollments.scheduleId, placement.scheduleId)))
    .limit(1);
  return row !== undefined;
}

/** The customer's other enrollments under the same plan that overlap, with their schedules' recurrence. */
export async function overlappingUnderPlan(tx: Transaction, placement: Placement) {
  return tx
    .select({ recurrenceType: schedules.recurrenceType, daysOfWeek: schedules.daysOfWeek })
    .from(enrollments)
    .innerJoin(schedules, and(sameOrganization(schedules), eq(schedules.id, enrollments.scheduleId)))
    .where(and(others(placement), eq(enrollments.planId, placement.planId)));
}

/**
 * The upcoming active sessions the placement would put the customer on where every seat is taken by
 * others: attendance rows that count and other enrollments (a session where the customer already has a row
 * of their own takes no extra seat).
 */
export async function fullSessionDates(tx: Transaction, placement: Placement, capacity: number, now: Date) {
  const coverage = givenCoverage(placement);
  const rows = await tx
    .select({ date: scheduleSessions.scheduledDate })
    .from(scheduleSessions)
    .where(
      and(
        eq(scheduleSessions.organizationId, placement.organizationId),
        eq(scheduleSessions.scheduleId, placement.scheduleId),
        eq(scheduleSessions.isActive, true),
        gt(scheduleSessions.endsAt, now),
        enrollmentCovers(coverage, scheduleSessions.scheduledDate),
        sql`not exists (select 1 from ${sessionAttendance}
          where ${sessionAttendance.organizationId} = ${scheduleSessions.organizationId}
            and ${sessionAttendance.sessionId} = ${scheduleSessions.id}
            and ${sessionAttendance.customerId} = ${placement.customerId})`,
        sql`${seatsTaken(placement.exceptId ?? undefined)} >= ${capacity}`,
      ),
    )
    .orderBy(asc(scheduleSessions.scheduledDate))
    .limit(20);
  return rows.map((row) => row.date);
}

export async function insertEnrollment(tx: Transaction, row: EnrollmentInsert) {
  await tx.insert(enrollments).values(row);
}

export async function updateEnrollment(
  tx: Transaction,
  key: { organizationId: string; id: string },
  values: Partial<EnrollmentInsert>,
) {
  await tx
    .update(enrollments)
    .set(values)
    .where(and(eq(enrollments.organizationId, key.organizationId), eq(enrollments.id, key.id)));
}

export async function deleteEnrollment(tx: Transaction, key: { organizationId: string; id: string }) {
  await tx
    .delete(enrollments)
    .where(and(eq(enrollments.organizationId, key.organizationId), eq(enrollments.id, key.id)));
}

/**
 * Rows staff recorded for the enrolled customer in sessions not started yet (a status set ahead, with no
 * check-in) that the enrollment no longer covers: without this a pre-confirmed session would keep a paused
 * customer on its roster. `coverage` null: the enrollment is gone or left the schedule.
 */
export async function pruneUncoveredRows(
  tx: Transaction,
  target: { organizationId: string; customerId: string; scheduleId: string },
  coverage: SeatCoverage | null,
  now: Date,
) {
  const covered = coverage
    ? enrollmentCovers(givenCoverage(coverage), scheduleSessions.scheduledDate)
    : sql`false`;
  await tx.execute(sql`delete from ${sessionAttendance}
    using ${scheduleSessions}
    where ${sessionAttendance.organizationId} = ${target.organizationId}
      and ${sessionAttendance.customerId} = ${target.customerId}
      and ${sessionAttendance.source} = 'ENROLLMENT'
      and ${sessionAttendance.checkedInAt} is null
      and ${scheduleSessions.organizationId} = ${sessionAttendance.organizationId}
      and ${scheduleSessions.id} = ${sessionAttendance.sessionId}
      and ${scheduleSessions.scheduleId} = ${target.scheduleId}
      and ${scheduleSessions.startsAt} > ${now}
      and not ${covered}`);
}

/** The sessions an enrollment covers (after its period too while it keeps renewing), with the customer's recorded status and check-in where there is one. */
export async function listCoveredSessions(db: Reader, organizationId: string, enrollment: EnrollmentRow) {
  return db
    .select({
      sessionId: scheduleSessions.id,
      date: scheduleSessions.date,
      startTime: scheduleSessions.startTime,
      endTime: scheduleSessions.endTime,
      startsAt: scheduleSessions.startsAt,
      isActive: scheduleSessions.isActive,
      status: sql<string>`coalesce(${sessionAttendance.status}::text, 'CONFIRMED')`,
      checkedInAt: sessionAttendance.checkedInAt,
    })
    .from(scheduleSessions)
    .leftJoin(
      sessionAttendance,
      and(
        eq(sessionAttendance.organizationId, scheduleSessions.organizationId),
        eq(sessionAttendance.sessionId, scheduleSessions.id),
        eq(sessionAttendance.customerId, enrollment.customerId),
      ),
    )
    .where(
      and(
        eq(scheduleSessions.organizationId, organizationId),
        eq(scheduleSessions.scheduleId, enrollment.scheduleId),
        enrollmentCovers(
          givenCoverage({
            ...enrollment,
            renewing: keepsRenewing(enrollment, enrollment.planRenewsAutomatically),
          }),
          scheduleSessions.scheduledDate,
        ),
      ),
    )
    .orderBy(asc(scheduleSessions.startsAt))
    .limit(400);
}

/**
 * Every recurring plan of the organization, for the enrollment form and the list's filter: packs, single and
 * trial classes are sold, not enrolled in (decision 029).
 */
export async function listPlanOptions(db: Database, organizationId: string) {
  return db
    .select({
      id: customerPlans.id,
      name: customerPlans.name,
      billingCycle: sql<BillingCycle>`${customerPlans.billingCycle}`,
      weeklySessionsLimit: customerPlans.weeklySessionsLimit,
      renewsAutomatically: customerPlans.renewsAutomatically,
      priceCents: customerPlans.priceCents,
      currency: customerPlans.currency,
      isActive: customerPlans.isActive,
    })
    .from(customerPlans)
    .where(and(eq(customerPlans.organizationId, organizationId), eq(customerPlans.kind, 'RECURRING')))
    .orderBy(asc(customerPlans.name), asc(customerPlans.id));
}

/**
 * Schedules of the allowed establishments with their free seats over a period: the capacity less the
 * fullest upcoming active session's seats in it (none ahead: the whole capacity).
 */
export async function listScheduleAvailability(
  db: Database,
  organizationId: string,
  filter: {
    allowed: 'ALL' | string[];
    from: string;
    to: string | null;
    exceptEnrollmentId: string | null;
    now: Date;
  },
) {
  const { allowed } = filter;
  const fullest = sql<number>`(select max(${seatsTaken(filter.exceptEnrollmentId ?? undefined)}) from ${scheduleSessions}
    where ${scheduleSessions.organizationId} = ${schedules.organizationId}
      and ${scheduleSessions.scheduleId} = ${schedules.id}
      and ${scheduleSessions.isActive}
      and ${scheduleSessions.endsAt} > ${filter.now}
      and ${scheduleSessions.scheduledDate} >= ${date(filter.from)}
      and (${date(filter.to)} is null or ${scheduleSessions.scheduledDate} <= ${date(filter.to)}))`;
  return db
    .select({
      scheduleId: schedules.id,
      name: schedules.name,
      establishmentId: schedules.establishmentId,
      establishmentName: establishments.name,
      type: schedules.type,
      recurrenceType: schedules.recurrenceType,
      daysOfWeek: schedules.daysOfWeek,
      startTime: schedules.startTime,
      endTime: schedules.endTime,
      capacity: schedules.capacity,
      freeSeats: sql<number>`greatest(0, ${schedules.capacity} - coalesce(${fullest}, 0))::int`,
      isActive: schedules.isActive,
    })
    .from(schedules)
    .innerJoin(
      establishments,
      and(
        eq(establishments.organizationId, schedules.organizationId),
        eq(establishments.id, schedules.establishmentId),
      ),
    )
    .where(
      and(
        eq(schedules.organizationId, organizationId),
        allowed === 'ALL'
          ? undefined
          : allowed.length
            ? inArray(schedules.establishmentId, allowed)
            : sql`false`,
        // A schedule that ended before the period has nothing to enroll in: a single session ends on its
        // date, a recurring schedule on its end date — and one with none runs until ended (issue #26 §1).
        sql`(case when ${schedules.recurrenceType} = 'SINGLE' then ${schedules.startDate}
          else coalesce(${schedules.endDate}, 'infinity') end) >= ${date(filter.from)}`,
      ),
    )
    .orderBy(asc(schedules.name), asc(schedules.id));
}
