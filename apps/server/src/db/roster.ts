import { ATTENDANCE_STATUSES, countsTowardCapacity } from '@reformer/domain/sessions';
import { and, eq, inArray, ne, notInArray, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database, Transaction } from './client.ts';
import { onTheBooks } from './customers-on-the-books.ts';
import {
  customers,
  enrollments,
  scheduleSessions,
  sessionAttendance,
  waitlistEntries,
} from './schema/index.ts';

/**
 * A session's roster (ARCHITECTURE §5) is its attendance rows (customers added to it, and enrolled customers
 * whose status or check-in staff recorded) plus the customers an enrollment puts there who have no row yet:
 * those count as CONFIRMED. The SQL for it lives here once, for the sessions (calendar counts, roster, seat
 * checks) and the enrollments (capacity, free seats). Fragments refer to the `schedule_sessions` row of the
 * surrounding query.
 */

/** The statuses that take a seat, from the domain's rule, for the SQL that counts them. */
export const SEATED_STATUSES = ATTENDANCE_STATUSES.filter(countsTowardCapacity);

export const enrolled = alias(enrollments, 'enrolled');
const enrolledAttendance = alias(sessionAttendance, 'enrolled_attendance');
const enrolledCustomer = alias(customers, 'enrolled_customer');
const heldEntry = alias(waitlistEntries, 'held_entry');

/** `"table" "alias"` for a FROM written in SQL (an aliased table alone renders as its alias). */
const aliased = (table: SQLWrapper, name: string) => sql`${table} ${sql.identifier(name)}`;

type Coverage = {
  startDate: SQLWrapper;
  endDate: SQLWrapper;
  pausedFrom: SQLWrapper;
  resumeOn: SQLWrapper;
  canceledFrom: SQLWrapper;
  /** Whether it keeps renewing (`renewing` of a row; a literal for one being placed). */
  renewing: SQLWrapper;
};

/**
 * The SQL twin of the domain's `coversDate` (tested against it): the enrollment reaches `date`. One that
 * keeps renewing reaches every date after its current end too (its schedule's sessions bound it).
 */
export function enrollmentCovers(e: Coverage, date: SQLWrapper): SQL {
  return sql`(${e.startDate} <= ${date} and (${date} <= ${e.endDate} or ${e.renewing})
    and (${e.canceledFrom} is null or ${date} < ${e.canceledFrom})
    and not (${e.pausedFrom} is not null and ${date} >= ${e.pausedFrom}
      and (${e.resumeOn} is null or ${date} < ${e.resumeOn})))`;
}

/** The SQL twin of the domain's `lastCoveredDate`: the end date, or the day before a cancellation takes effect. */
export function lastCoveredDay(e: Pick<Coverage, 'endDate' | 'canceledFrom'>): SQL<string> {
  return sql<string>`least(${e.endDate}, coalesce(${e.canceledFrom} - 1, ${e.endDate}))`;
}

type RenewingColumns = {
  status: SQLWrapper;
  renewal: SQLWrapper;
  canceledFrom: SQLWrapper;
  planRenewsAutomatically: SQLWrapper;
};

type RenewalColumns = RenewingColumns & { endDate: SQLWrapper; scheduleEndDate: SQLWrapper };

/**
 * The SQL twin of the domain's `keepsRenewing` (tested against it through `renews`): the enrollment runs and
 * its own choice or else its plan says it renews. From the row alone when `planRenewsAutomatically` is the
 * enrollment's copy of its plan's choice (`enrollments.plan_renews_automatically`).
 */
export function renewing(e: RenewingColumns): SQL<boolean> {
  return sql<boolean>`(${e.status} in ('ACTIVE', 'PAUSED') and ${e.canceledFrom} is null
    and (${e.renewal} = 'RENEWS' or (${e.renewal} = 'PLAN' and ${e.planRenewsAutomatically})))`;
}

/**
 * The SQL twin of the domain's `willRenew` (tested against it): the enrollment renews by itself at the end
 * of its period. Needs its schedule's end date in the surrounding query.
 */
export function renews(e: RenewalColumns): SQL<boolean> {
  return sql<boolean>`(${renewing(e)}
    and (${e.scheduleEndDate} is null or ${e.scheduleEndDate} > ${e.endDate}))`;
}

/**
 * The last day the enrollment runs: while it renews by itself, its schedule's end date (renewals stop there,
 * domain `renewedEndDate`) or none ('infinity') for a schedule with no end; else its last covered day. What
 * "ends within 30 days without renewal" reads (decision 022).
 */
export function runsThrough(e: RenewalColumns): SQL<string> {
  return sql<string>`(case when ${renews(e)} then coalesce(${e.scheduleEndDate}, 'infinity'::date)
    else ${lastCoveredDay(e)} end)`;
}

/** An enrollment row's coverage, whether it keeps renewing read from the row (its plan's copied choice). */
export function rowCoverage(e: typeof enrollments | typeof enrolled): Coverage {
  return {
    startDate: e.startDate,
    endDate: e.endDate,
    pausedFrom: e.pausedFrom,
    resumeOn: e.resumeOn,
    canceledFrom: e.canceledFrom,
    renewing: renewing(e),
  };
}

type EnrolledOptions = {
  /** Leave one enrollment out, for the seat check of an enrollment being changed. */
  exceptEnrollmentId?: SQLWrapper | string | undefined;
  /**
   * The surrounding session's customers that have an attendance row, as a uuid[] the query already holds
   * (the calendar's roster subquery aggregates them anyway): one array test per enrollment instead of an
   * index probe of the attendance table per enrollment and session, half the calendar statement's PostgreSQL
   * time (decision 018). Without it, the probe.
   */
  recordedCustomerIds?: SQLWrapper | undefined;
};

/**
 * The enrollments that put their customer on the surrounding session without an attendance row of theirs
 * (a customer deleted from the books leaves the roster).
 */
export function enrolledWithoutAttendance({
  exceptEnrollmentId,
  recordedCustomerIds,
}: EnrolledOptions = {}): SQL {
  return and(
    eq(enrolled.organizationId, scheduleSessions.organizationId),
    eq(enrolled.scheduleId, scheduleSessions.scheduleId),
    enrollmentCovers(rowCoverage(enrolled), scheduleSessions.scheduledDate),
    exceptEnrollmentId === undefined ? undefined : ne(enrolled.id, exceptEnrollmentId),
    recordedCustomerIds
      ? sql`not (${enrolled.customerId} = any(${recordedCustomerIds}))`
      : sql`not exists (select 1 from ${aliased(sessionAttendance, 'enrolled_attendance')}
      where ${enrolledAttendance.organizationId} = ${enrolled.organizationId}
        and ${enrolledAttendance.sessionId} = ${scheduleSessions.id}
        and ${enrolledAttendance.customerId} = ${enrolled.customerId})`,
    sql`exists (select 1 from ${aliased(customers, 'enrolled_customer')}
      where ${enrolledCustomer.organizationId} = ${enrolled.organizationId}
        and ${enrolledCustomer.id} = ${enrolled.customerId}
        and ${onTheBooks(enrolledCustomer.status)})`,
  ) as SQL;
}

/** How many customers the enrollments put on the surrounding session with no attendance row. */
export function enrolledSeats(options: EnrolledOptions = {}): SQL<number> {
  return sql<number>`(select count(*)::int from ${aliased(enrollments, 'enrolled')} where ${enrolledWithoutAttendance(options)})`;
}

/** Seats taken by the surrounding session's attendance rows. */
export const attendanceSeats = sql<number>`(select count(*)::int from ${sessionAttendance}
  where ${sessionAttendance.organizationId} = ${scheduleSessions.organizationId}
    and ${sessionAttendance.sessionId} = ${scheduleSessions.id}
    and ${inArray(sessionAttendance.status, SEATED_STATUSES)})`;

/** Check-ins recorded in the surrounding session. */
export const checkIns = sql<number>`(select count(${sessionAttendance.checkedInAt})::int from ${sessionAttendance}
  where ${sessionAttendance.organizationId} = ${scheduleSessions.organizationId}
    and ${sessionAttendance.sessionId} = ${scheduleSessions.id})`;

/**
 * A fragment as a select field of a single-table query: Drizzle writes the columns directly in such a
 * field without their table ("id", not "schedule_sessions"."id"), which inside a subquery would name the
 * subquery's own table. Nested one level, they keep it.
 */
export function selectField<T>(fragment: SQL<T>): SQL<T> {
  return sql<T>`${fragment}`;
}

/** Seats taken (statuses that count toward capacity) and check-ins, over a session's attendance rows. */
const rosterCountColumns = {
  rosterCount: sql<number>`(count(*) filter (where ${inArray(sessionAttendance.status, SEATED_STATUSES)}))::int`,
  checkedInCount: sql<number>`count(${sessionAttendance.checkedInAt})::int`,
  recordedCustomerIds: selectField(sql<string[]>`coalesce(array_agg(${sessionAttendance.customerId}), '{}')`),
};

/**
 * Seats and check-ins of the surrounding session's attendance rows, and whose rows they are, as a lateral
 * subquery: `rosterSeats` adds the enrolled customers with no row by one array test each (the calendar's and
 * the dashboard's day), where `seatsTaken` probes the attendance table per enrollment. `onlyWhen`: a condition
 * on the surrounding row under which the rows are read at all (otherwise it counts none, reading nothing).
 */
export function rosterCounts(db: Database | Transaction, onlyWhen?: SQL) {
  return db
    .select({
      // Named apart from session_counts' columns, which a query may join beside them.
      rosterCount: rosterCountColumns.rosterCount.as('roster_seated'),
      checkedInCount: rosterCountColumns.checkedInCount.as('roster_checked_in'),
      recordedCustomerIds: rosterCountColumns.recordedCustomerIds.as('roster_recorded'),
    })
    .from(sessionAttendance)
    .where(
      and(
        eq(sessionAttendance.organizationId, scheduleSessions.organizationId),
        eq(sessionAttendance.sessionId, scheduleSessions.id),
        onlyWhen,
      ),
    )
    .as('roster');
}

/** Every seat taken in the session `roster` (`rosterCounts`, joined laterally) counts. */
export function rosterSeats(roster: ReturnType<typeof rosterCounts>): SQL<number> {
  return sql<number>`(${roster.rosterCount} + ${enrolledSeats({ recordedCustomerIds: roster.recordedCustomerIds })})`;
}

/** Every seat taken in the surrounding session: attendance rows that count plus enrolled customers. */
export function seatsTaken(exceptEnrollmentId?: SQLWrapper | string): SQL<number> {
  return sql<number>`(${attendanceSeats} + ${enrolledSeats({ exceptEnrollmentId })})`;
}

/**
 * Seats live waitlist offers hold in the surrounding session at `now` (decision 024): offered, before the
 * offer's expiry and before the session starts (an offer cannot be accepted after). Not on the roster, and
 * free for no one else either. `exceptCustomerIds`: customers being seated now, whose own offers are the
 * seats they take, not seats held from them.
 */
export function seatsHeld(now: SQLWrapper, exceptCustomerIds: string[] = []): SQL<number> {
  return sql<number>`(select count(*)::int from ${aliased(waitlistEntries, 'held_entry')}
    where ${heldEntry.organizationId} = ${scheduleSessions.organizationId}
      and ${heldEntry.sessionId} = ${scheduleSessions.id}
      and ${heldEntry.state} = 'OFFERED'
      and ${heldEntry.offerExpiresAt} > ${now}
      and ${scheduleSessions.startsAt} > ${now}
      ${exceptCustomerIds.length ? sql`and ${notInArray(heldEntry.customerId, exceptCustomerIds)}` : sql``})`;
}
