import type { Period } from '@reformer/domain/dashboard';
import type { Currency } from '@reformer/domain/money';
import { and, asc, between, eq, type SQL, sql } from 'drizzle-orm';
import { cycleMonths, paymentKeptCents } from '../../db/billing-cycles.ts';
import type { Database } from '../../db/client.ts';
import { onTheBooks } from '../../db/customers-on-the-books.ts';
import { lastCoveredDay, renewing } from '../../db/roster.ts';
import {
  billingCycles,
  customerPlans,
  customers,
  enrollments,
  payments,
  schedules,
} from '../../db/schema/index.ts';

/** The money figures of the dashboard (issue #26 §5, docs/decisions/020); their rules: domain dashboard-money. */

const bigintCents = (expression: SQL) => sql<number>`coalesce(${expression}, 0)::bigint`.mapWith(Number);

const planOfEnrollment = and(
  eq(customerPlans.organizationId, enrollments.organizationId),
  eq(customerPlans.id, enrollments.planId),
);
const customerOfEnrollment = and(
  eq(customers.organizationId, enrollments.organizationId),
  eq(customers.id, enrollments.customerId),
);

/** ACTIVE enrollments of customers on the books: the subscriptions the billing rule charges. */
const activeOnTheBooks = (organizationId: string) =>
  and(
    eq(enrollments.organizationId, organizationId),
    eq(enrollments.status, 'ACTIVE'),
    onTheBooks(customers.status),
  );

/**
 * Active subscriptions per currency and their monthly recurring revenue: ACTIVE enrollments running today
 * (started, and renewing or covering today), each plan's price spread over its cycle's months, the total
 * rounded once — domain `recurringRevenueCents`.
 */
export async function sumRecurringRevenue(db: Database, organizationId: string, today: string) {
  return db
    .select({
      currency: sql<Currency>`${customerPlans.currency}`,
      subscriptions: sql<number>`count(*)::int`,
      monthlyCents: bigintCents(sql`round(sum(${customerPlans.priceCents}::numeric / ${cycleMonths}))`),
    })
    .from(enrollments)
    .innerJoin(customerPlans, planOfEnrollment)
    .innerJoin(customers, customerOfEnrollment)
    .where(
      and(
        activeOnTheBooks(organizationId),
        sql`${enrollments.startDate} <= ${today}`,
        sql`(${renewing(enrollments)} or ${lastCoveredDay(enrollments)} >= ${today})`,
      ),
    )
    .groupBy(customerPlans.currency)
    .orderBy(asc(customerPlans.currency));
}

/** Calendar months from the start date's month to `date`'s month, as billing-cycles `monthsBetween`. */
const monthsFromStart = (date: string) =>
  sql`((extract(year from ${date}::date)::int - extract(year from start_date)::int) * 12
    + extract(month from ${date}::date)::int - extract(month from start_date)::int)`;

/**
 * The billing cycles of ACTIVE enrollments (customers on the books) due in [from, to], per month (its first
 * day) and currency: the SQL twin of domain `cycleDueDates` over `billedThrough` — a renewing enrollment is
 * billed until its schedule ends or for ever, any other through the last day it covers. Each cycle owes its
 * charged amount, else its plan's price today (decision 028), as the overdue figure judges it.
 */
export async function sumCyclesDue(db: Database, organizationId: string, period: Period) {
  const running = db
    .select({
      enrollmentId: sql`${enrollments.id}`.as('enrollment_id'),
      startDate: sql`${enrollments.startDate}`.as('start_date'),
      priceCents: sql`${customerPlans.priceCents}`.as('price_cents'),
      currency: sql`${customerPlans.currency}`.as('currency'),
      months: sql`${cycleMonths}`.as('months'),
      through: sql`(case when ${renewing(enrollments)}
      then (case when ${schedules.endDate} is null then null else greatest(${enrollments.endDate}, ${schedules.endDate}) end)
      else ${lastCoveredDay(enrollments)} end)`.as('through'),
    })
    .from(enrollments)
    .innerJoin(customerPlans, planOfEnrollment)
    .innerJoin(customers, customerOfEnrollment)
    .innerJoin(
      schedules,
      and(eq(schedules.organizationId, enrollments.organizationId), eq(schedules.id, enrollments.scheduleId)),
    )
    .where(and(activeOnTheBooks(organizationId), sql`${enrollments.startDate} <= ${period.to}`));
  const result = await db.execute(sql`
    -- Materialized: inlined, the planner joined the customers once per schedule and plan (65 ms on the
    -- bench's 2,000 customers); joined once, then expanded into cycles, 7 ms.
    with running as materialized (${running}),
    due as (
      select enrollment_id, price_cents, currency,
        (start_date + make_interval(months => k * months))::date as cycle_start, through
      from running
      -- From a cycle before the one holding the period's first day to the one holding its last (domain
      -- cycleDueDates): a handful of cycles however old the enrollment.
      cross join lateral generate_series(
        greatest(0, ${monthsFromStart(period.from)} / months - 1),
        greatest(0, ${monthsFromStart(period.to)} / months) + 1) as k
    )
    select to_char(due.cycle_start, 'YYYY-MM-01') as month, due.currency, count(*)::int as cycles,
      sum(coalesce(charged.amount_cents, price_cents))::bigint as expected
    from due
    left join ${billingCycles} as charged on charged.organization_id = ${organizationId}
      and charged.enrollment_id = due.enrollment_id and charged.cycle_start = due.cycle_start
    where due.cycle_start between ${period.from} and ${period.to}
      and (through is null or due.cycle_start <= through)
    group by 1, 2 order by 1, 2`);
  const { rows } = result as unknown as {
    rows: { month: string; currency: Currency; cycles: number; expected: string }[];
  };
  return rows.map((row) => ({
    month: row.month,
    currency: row.currency,
    cycles: row.cycles,
    expectedCents: Number(row.expected),
  }));
}

/**
 * COMPLETED payments naming a cycle that starts (is due) in the period, less refunds, per currency: the
 * payments list's "received" total with the same cycle filter, which the figure opens.
 */
export async function sumReceivedForCycles(db: Database, organizationId: string, period: Period) {
  return db
    .select({
      currency: sql<Currency>`${payments.currency}`,
      receivedCents: bigintCents(sql`sum(${paymentKeptCents})`),
    })
    .from(payments)
    .where(
      and(
        eq(payments.organizationId, organizationId),
        eq(payments.status, 'COMPLETED'),
        between(payments.cycleStart, period.from, period.to),
      ),
    )
    .groupBy(payments.currency)
    .orderBy(asc(payments.currency));
}
