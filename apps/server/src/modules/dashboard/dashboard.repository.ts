import type { Period } from '@reformer/domain/dashboard';
import type { Currency } from '@reformer/domain/money';
import { and, asc, between, eq, notInArray, sql } from 'drizzle-orm';
import { overdueCycles, paymentKeptCents } from '../../db/billing-cycles.ts';
import type { Database } from '../../db/client.ts';
import { establishmentOfSchedule, scheduleOfSession } from '../../db/joins.ts';
import { rosterCounts, rosterSeats } from '../../db/roster.ts';
import {
  bornOn,
  customers,
  customersInOrganization,
  establishments,
  payments,
  scheduleSessions,
  schedules,
} from '../../db/schema/index.ts';

/** null = every establishment. */
type EstablishmentIds = string[] | null;

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
  const roster = rosterCounts(db);
  return db
    .select({
      id: scheduleSessions.id,
      scheduleName: schedules.name,
      establishmentName: establishments.name,
      startTime: sql<string>`to_char(${scheduleSessions.startTime}, 'HH24:MI')`,
      endTime: sql<string>`to_char(${scheduleSessions.endTime}, 'HH24:MI')`,
      capacity: schedules.capacity,
      seatsTaken: rosterSeats(roster),
      checkedIn: roster.checkedInCount,
    })
    .from(scheduleSessions)
    .innerJoin(schedules, scheduleOfSession)
    .innerJoin(establishments, establishmentOfSchedule)
    .innerJoinLateral(roster, sql`true`)
    .where(heldSessions(organizationId, { from: date, to: date }, establishmentIds))
    .orderBy(asc(scheduleSessions.startsAt), asc(scheduleSessions.id));
}

/** COMPLETED payments by their payment date, per currency, less refunds: the payments list's "received" total. */
export async function sumRevenue(
  db: Database,
  organizationId: string,
  periods: { thisMonth: Period; lastMonth: Period },
) {
  const within = (period: Period) =>
    sql<number>`coalesce(sum(${paymentKeptCents}) filter (where ${between(payments.paidOn, period.from, period.to)}), 0)::bigint`.mapWith(
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

/** Overdue billing cycles per currency (db/billing-cycles.ts): count, customers, and what is left to pay. */
export async function sumOverdue(db: Database, organizationId: string, today: string) {
  const result = await db.execute(sql`
    select currency, count(*)::int as cycles, count(distinct customer_id)::int as customers,
      sum(owed_cents)::bigint as amount
    from ${overdueCycles(organizationId, today)} as overdue
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

/**
 * Customers on the books whose date of birth falls on one of these month-days ("MM-DD"). Read through the
 * organization's view (schema/customers.ts): under row-level security the birthday index's expression, not
 * leakproof, could not be an index condition on the table, and the organization's customers were scanned.
 */
export async function listBirthdayCandidates(db: Database, organizationId: string, monthDays: string[]) {
  const born = customersInOrganization;
  return db
    .select({
      customerId: born.id,
      firstName: born.firstName,
      lastName: born.lastName,
      dateOfBirth: sql<string>`${born.dateOfBirth}`,
    })
    .from(born)
    .where(
      and(
        eq(born.organizationId, organizationId),
        notInArray(born.status, ['DELETED', 'PURGED']),
        bornOn(born.dateOfBirth, monthDays),
      ),
    );
}
