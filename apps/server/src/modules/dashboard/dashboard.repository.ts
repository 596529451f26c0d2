import type { Period } from '@reformer/domain/dashboard';
import type { Currency } from '@reformer/domain/money';
import { and, asc, between, eq, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { overdueCycles, paymentKeptCents } from '../../db/billing-cycles.ts';
import type { Database } from '../../db/client.ts';
import { keptCustomerCount } from '../../db/customer-counts.ts';
import { onTheBooks } from '../../db/customers-on-the-books.ts';
import { establishmentOfSchedule, scheduleOfSession, timeOfDay } from '../../db/joins.ts';
import { placeholder, preparedStatement } from '../../db/prepared.ts';
import {
  birthdayKeyOf,
  bornOn,
  customersInOrganization,
  establishments,
  payments,
  scheduleSessions,
  schedules,
  sessionCounts,
} from '../../db/schema/index.ts';
import { keptCountsOf, keptOrCountedRoster } from '../../db/session-counts.ts';

/*
 * The dashboard's statements that run on every call are built once and sent as named prepared statements
 * (db/prepared.ts): building them in Drizzle was the largest part of the call's Node time once the figures
 * were kept (decision 018). Their values arrive as placeholders.
 */

/** A list of establishments as a `uuid[]` value for the dashboard's SQL: null for every one. */
export const establishmentList = (ids: string[] | null): SQL => sql`${sql.param(ids)}::uuid[]`;

/** `column` names one of `establishmentIds` (a `uuid[]` value or placeholder), or they are null: every one. */
export const inEstablishments = (column: SQLWrapper, establishmentIds: SQL): SQL =>
  sql`(${establishmentIds} is null or ${column} = any(${establishmentIds}))`;

function preparedSessionsOn(db: Database) {
  return preparedStatement(db, 'dashboard_sessions_on', (name) => {
    const date = sql.placeholder('date');
    const { roster, columns } = keptOrCountedRoster(db);
    const establishmentIds = placeholder('establishmentIds', 'uuid[]');
    return db
      .select({
        id: scheduleSessions.id,
        scheduleName: schedules.name,
        establishmentName: establishments.name,
        startTime: timeOfDay(scheduleSessions.startTime),
        endTime: timeOfDay(scheduleSessions.endTime),
        capacity: schedules.capacity,
        seatsTaken: columns.rosterCount,
        checkedIn: columns.checkedInCount,
        isCountedAfresh: columns.isCountedAfresh,
      })
      .from(scheduleSessions)
      .innerJoin(schedules, scheduleOfSession)
      .innerJoin(establishments, establishmentOfSchedule)
      .leftJoin(sessionCounts, keptCountsOf({ from: date, to: date }))
      .innerJoinLateral(roster, sql`true`)
      .where(
        and(
          eq(scheduleSessions.organizationId, sql.placeholder('organizationId')),
          eq(scheduleSessions.date, date),
          eq(scheduleSessions.isActive, true),
          inEstablishments(schedules.establishmentId, establishmentIds),
        ),
      )
      .orderBy(asc(scheduleSessions.startsAt), asc(scheduleSessions.id))
      .prepare(name);
  });
}

/**
 * Today's active sessions (of the given establishments; null = every one) by start, with their seats taken
 * and check-ins: the counts the calendar keeps per session (db/session-counts.ts), or, for a session without
 * current ones, counted as the calendar counts them (db/roster.ts) — `isCountedAfresh` says which.
 */
export async function listSessionsOn(
  db: Database,
  organizationId: string,
  date: string,
  establishmentIds: string[] | null,
) {
  return preparedSessionsOn(db).execute({ organizationId, date, establishmentIds });
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

/**
 * Active customers (kept, db/customer-counts.ts), and those on the books whose date of birth falls on one of
 * these month-days ("MM-DD"): one statement, a round trip fewer on every call (decision 018). The birthdays
 * are read through the organization's view (schema/customers.ts): under row-level security the birthday
 * index's expression, not leakproof, could not be an index condition on the table, and the organization's
 * customers were scanned.
 */
export async function readCustomerFigures(db: Database, organizationId: string, monthDays: string[]) {
  const statement = preparedStatement(db, 'dashboard_customers', (name) => {
    const born = customersInOrganization;
    const active = keptCustomerCount(db, sql.placeholder('organizationId'), 'ACTIVE');
    const candidates = db
      .select({
        customerId: sql`${born.id}`.as('customerId'),
        firstName: sql`${born.firstName}`.as('firstName'),
        lastName: sql`${born.lastName}`.as('lastName'),
        dateOfBirth: sql`${born.dateOfBirth}`.as('dateOfBirth'),
      })
      .from(born)
      .where(
        and(
          eq(born.organizationId, sql.placeholder('organizationId')),
          onTheBooks(born.status),
          bornOn(born.dateOfBirth, placeholder('birthdayKeys', 'int[]')),
        ),
      );
    return db
      .select({
        active: sql<number>`(${active})`,
        candidates: sql<
          { customerId: string; firstName: string; lastName: string; dateOfBirth: string }[]
        >`(select coalesce(json_agg(candidate), '[]') from (${candidates}) as candidate)`,
      })
      .from(sql`(select 1) as one`)
      .prepare(name);
  });
  const [row] = await statement.execute({ organizationId, birthdayKeys: monthDays.map(birthdayKeyOf) });
  return { active: row?.active ?? 0, candidates: row?.candidates ?? [] };
}
