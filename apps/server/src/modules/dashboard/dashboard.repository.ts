import { BILLING_CYCLE_MONTHS } from '@reformer/domain/customer-plans';
import type { Period } from '@reformer/domain/dashboard';
import type { Currency } from '@reformer/domain/money';
import { and, asc, between, eq, notInArray, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { checkIns, seatsTaken } from '../../db/roster.ts';
import {
  customerPlans,
  customers,
  enrollments,
  establishments,
  payments,
  scheduleSessions,
  schedules,
} from '../../db/schema/index.ts';

/** null = every establishment. */
type EstablishmentIds = string[] | null;

const onTheBooks = notInArray(customers.status, ['DELETED', 'PURGED']);

const scheduleOfSession = and(
  eq(schedules.organizationId, scheduleSessions.organizationId),
  eq(schedules.id, scheduleSessions.scheduleId),
);

/** Active sessions of the organization (of the given establishments) whose local date is in the period. */
function heldSessions(organizationId: string, period: Period, establishmentIds: EstablishmentIds) {
  return and(
    eq(scheduleSessions.organizationId, organizationId),
    between(scheduleSessions.date, period.from, period.to),
    eq(scheduleSessions.isActive, true),
    establishmentIds === null
      ? undefined
      : sql`${schedules.establishmentId} = any(${sql.param(establishmentIds)}::uuid[])`,
  );
}

/** Today's sessions by start, with their seats taken (db/roster.ts, the calendar's rule) and check-ins. */
export async function listSessionsOn(
  db: Database,
  organizationId: string,
  date: string,
  establishmentIds: EstablishmentIds,
) {
  return db
    .select({
      id: scheduleSessions.id,
      scheduleName: schedules.name,
      establishmentName: establishments.name,
      startTime: sql<string>`to_char(${scheduleSessions.startTime}, 'HH24:MI')`,
      endTime: sql<string>`to_char(${scheduleSessions.endTime}, 'HH24:MI')`,
      capacity: schedules.capacity,
      seatsTaken: seatsTaken(),
      checkedIn: checkIns,
    })
    .from(scheduleSessions)
    .innerJoin(schedules, scheduleOfSession)
    .innerJoin(
      establishments,
      and(
        eq(establishments.organizationId, schedules.organizationId),
        eq(establishments.id, schedules.establishmentId),
      ),
    )
    .where(heldSessions(organizationId, { from: date, to: date }, establishmentIds))
    .orderBy(asc(scheduleSessions.startsAt), asc(scheduleSessions.id));
}

/** Per schedule over the period: sessions held, seats taken, seats offered (its capacity each time), check-ins. */
export async function sumSessionsBySchedule(
  db: Database,
  organizationId: string,
  period: Period,
  establishmentIds: EstablishmentIds,
) {
  const held = db
    .select({
      scheduleId: scheduleSessions.scheduleId,
      scheduleName: schedules.name,
      capacity: schedules.capacity,
      seatsTaken: seatsTaken().as('seats_taken'),
      checkedIn: checkIns.as('checked_in'),
    })
    .from(scheduleSessions)
    .innerJoin(schedules, scheduleOfSession)
    .where(heldSessions(organizationId, period, establishmentIds))
    .as('held');
  return db
    .select({
      scheduleId: held.scheduleId,
      scheduleName: held.scheduleName,
      sessions: sql<number>`count(*)::int`,
      seatsTaken: sql<number>`sum(${held.seatsTaken})::int`,
      seats: sql<number>`sum(${held.capacity})::int`,
      checkedIn: sql<number>`sum(${held.checkedIn})::int`,
    })
    .from(held)
    .groupBy(held.scheduleId, held.scheduleName)
    .orderBy(asc(held.scheduleName), asc(held.scheduleId));
}

/** COMPLETED payments by their payment date, per currency: the payments list's "received" total. */
export async function sumRevenue(
  db: Database,
  organizationId: string,
  periods: { thisMonth: Period; lastMonth: Period },
) {
  const within = (period: Period) =>
    sql<number>`coalesce(sum(${payments.amountCents}) filter (where ${between(payments.paidOn, period.from, period.to)}), 0)::bigint`.mapWith(
      Number,
    );
  return db
    .select({
      currency: sql<Currency>`${payments.currency}`,
      thisMonthCents: within(periods.thisMonth),
      lastMonthCents: within(periods.lastMonth),
    })
    .from(payments)
    .where(
      and(
        eq(payments.organizationId, organizationId),
        eq(payments.status, 'COMPLETED'),
        between(payments.paidOn, periods.lastMonth.from, periods.thisMonth.to),
      ),
    )
    .groupBy(payments.currency)
    .orderBy(asc(payments.currency));
}

/** The plan's months per cycle, from the domain's table (customer-plans `BILLING_CYCLE_MONTHS`). */
const cycleMonths: SQL<number> = sql`(case ${customerPlans.billingCycle} ${sql.join(
  Object.entries(BILLING_CYCLE_MONTHS).map(([cycle, months]) => sql.raw(`when '${cycle}' then ${months}`)),
  sql` `,
)} end)`;

/**
 * Overdue billing cycles per currency — the SQL twin of payments `billingCycleStates` (a test compares the
 * two): the cycles of an ACTIVE enrollment of a customer on the books, anchored on its start (billing-cycles
 * `billingCycle`: PostgreSQL's date + months clamps to the month's last day as date-fns does), that start by
 * the last day it covers (enrollments `lastCoveredDate`) and before today, whose COMPLETED payments do not
 * reach the plan's current price. The amount is what is still to pay of them.
 */
export async function sumOverdue(db: Database, organizationId: string, today: string) {
  const result = await db.execute(sql`
    with billed as (
      select ${enrollments.id} as enrollment_id, ${enrollments.customerId} as customer_id,
        ${enrollments.startDate} as start_date, ${customerPlans.priceCents} as price_cents,
        ${customerPlans.currency} as currency, ${cycleMonths} as months,
        least(${enrollments.endDate}, coalesce(${enrollments.canceledFrom} - 1, ${enrollments.endDate})) as last_day
      from ${enrollments}
      join ${customerPlans} on ${customerPlans.organizationId} = ${enrollments.organizationId}
        and ${customerPlans.id} = ${enrollments.planId}
      join ${customers} on ${customers.organizationId} = ${enrollments.organizationId}
        and ${customers.id} = ${enrollments.customerId} and ${onTheBooks}
      where ${enrollments.organizationId} = ${organizationId} and ${enrollments.status} = 'ACTIVE'
        and ${enrollments.startDate} < ${today}::date and ${customerPlans.priceCents} > 0
    ),
    cycles as (
      select billed.*, (start_date + make_interval(months => k * months))::date as cycle_start
      from billed
      -- A month has at least 28 days: enough indices to reach the last cycle, the filter below trims.
      cross join lateral generate_series(0, (least(last_day, ${today}::date - 1) - start_date) / 28 / months + 1) as k
    ),
    owed as (
      select cycles.*, coalesce((select sum(${payments.amountCents}) from ${payments}
        where ${payments.organizationId} = ${organizationId} and ${payments.enrollmentId} = cycles.enrollment_id
          and ${payments.cycleStart} = cycles.cycle_start and ${payments.status} = 'COMPLETED'), 0) as paid_cents
      from cycles
      where cycle_start <= last_day and cycle_start < ${today}::date
    )
    select currency, count(*)::int as cycles, count(distinct customer_id)::int as customers,
      sum(price_cents - paid_cents)::bigint as amount
    from owed where paid_cents < price_cents
    group by currency order by currency`);
  const { rows } = result as {
    rows: { currency: Currency; cycles: number; customers: number; amount: string }[];
  };
  return rows.map((row) => ({
    currency: row.currency,
    cycles: row.cycles,
    customers: row.customers,
    amountCents: Number(row.amount),
  }));
}

export async function countActiveCustomers(db: Database, organizationId: string) {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(customers)
    .where(and(eq(customers.organizationId, organizationId), eq(customers.status, 'ACTIVE')));
  return row?.count ?? 0;
}

/** Customers on the books whose date of birth falls on one of these month-days ("MM-DD"). */
export async function listBirthdayCandidates(db: Database, organizationId: string, monthDays: string[]) {
  return db
    .select({
      customerId: customers.id,
      firstName: customers.firstName,
      lastName: customers.lastName,
      dateOfBirth: sql<string>`${customers.dateOfBirth}`,
    })
    .from(customers)
    .where(
      and(
        eq(customers.organizationId, organizationId),
        onTheBooks,
        sql`to_char(${customers.dateOfBirth}, 'MM-DD') = any(${sql.param(monthDays)}::text[])`,
      ),
    );
}
