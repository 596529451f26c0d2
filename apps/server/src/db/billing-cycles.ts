import { lastOverdueDueDate } from '@reformer/domain/business-days';
import { BILLING_CYCLE_MONTHS } from '@reformer/domain/customer-plans';
import { type SQL, sql } from 'drizzle-orm';
import { isBankHoliday } from '../lib/bank-holidays.ts';
import { onTheBooks } from './customers-on-the-books.ts';
import { lastCoveredDay } from './roster.ts';
import {
  billingCycles,
  customerPlans,
  customers,
  enrollments,
  organizations,
  payments,
} from './schema/index.ts';

/** What a COMPLETED payment kept: a partial refund gave the rest back (the "received" totals). */
export const paymentKeptCents: SQL<number> = sql`(${payments.amountCents} - ${payments.refundedCents})`;

/** What a COMPLETED payment put on its cycle: what it kept, less the part that went to credit (decision 028). */
export const paymentToCycleCents: SQL<number> = sql`(${paymentKeptCents} - ${payments.creditedCents})`;

/** The plan's months per cycle, from the domain's table (customer-plans `BILLING_CYCLE_MONTHS`). */
export const cycleMonths: SQL<number> = sql`(case ${customerPlans.billingCycle} ${sql.join(
  Object.entries(BILLING_CYCLE_MONTHS).map(([cycle, months]) => sql.raw(`when '${cycle}' then ${months}`)),
  sql` `,
)} end)`;

/**
 * The billing cycles of ACTIVE enrollments of customers on the books that start by `through` (an expression
 * over `today`, the organization's date) and by the last day the enrollment covers (enrollments
 * `lastCoveredDate`), anchored on its start (billing-cycles `billingCycle`: PostgreSQL's date + months clamps
 * to the month's last day as date-fns does), as CTEs `billed` and `cycles` (enrollment_id, customer_id,
 * currency, price_cents — the plan's price today —, today, cycle_start, cycle_end). `organization` scopes them:
 * one organization, with its `today`; or every organization, each with its own date.
 */
function startedCycles(organization: { where: SQL; today: SQL }, through: (today: SQL) => SQL): SQL {
  const today = sql.raw('today');
  return sql`with billed as (
      select ${enrollments.organizationId} as organization_id, ${enrollments.id} as enrollment_id,
        ${enrollments.customerId} as customer_id, ${enrollments.startDate} as start_date,
        ${customerPlans.priceCents} as price_cents, ${customerPlans.currency} as currency,
        ${cycleMonths} as months, ${lastCoveredDay(enrollments)} as last_day, ${organization.today} as today
      from ${enrollments}
      join ${organizations} on ${organizations.id} = ${enrollments.organizationId}
      join ${customerPlans} on ${customerPlans.organizationId} = ${enrollments.organizationId}
        and ${customerPlans.id} = ${enrollments.planId}
      join ${customers} on ${customers.organizationId} = ${enrollments.organizationId}
        and ${customers.id} = ${enrollments.customerId} and ${onTheBooks(customers.status)}
      where ${organization.where} and ${enrollments.status} = 'ACTIVE'
    ),
    cycles as (
      select billed.*, (start_date + make_interval(months => k * months))::date as cycle_start,
        (start_date + make_interval(months => (k + 1) * months))::date - 1 as cycle_end
      from billed
      -- A month has at least 28 days: enough indices to reach the last cycle, the filter below trims.
      cross join lateral generate_series(0, (least(last_day, ${through(today)}) - start_date) / 28 / months + 1) as k
      where start_date <= ${through(today)}
    )`;
}

const cycleStarted = (through: (today: SQL) => SQL) =>
  sql`cycles.cycle_start <= cycles.last_day and cycles.cycle_start <= ${through(sql.raw('cycles.today'))}`;

/**
 * Overdue billing cycles, one row each (`customer_id`, `currency`, `owed_cents`), as a subquery to select
 * from — the SQL twin of payments `billingCycleStates` (dashboard.test.ts compares the two), shared by the
 * dashboard's totals and the churn risk's per-customer counts: the cycles no longer payable today (due by
 * the last business day before today, decision 035) whose paid part (COMPLETED payments net of credit and
 * refunds, plus credit applied) does not reach what the cycle owes — its charged amount, else the plan's
 * price today (decision 028). `owed_cents` is what is still to pay.
 */
export function overdueCycles(organizationId: string, today: string): SQL {
  const lastOverdue = lastOverdueDueDate(today, isBankHoliday);
  const overdueThrough = () => sql`${lastOverdue}::date`;
  return sql`(
    ${startedCycles({ where: sql`${enrollments.organizationId} = ${organizationId}`, today: sql`${today}::date` }, overdueThrough)},
    owed as (
      select cycles.*, coalesce(charged.amount_cents, price_cents) as amount_cents,
        coalesce(charged.credit_applied_cents, 0) + coalesce((
          select sum(${paymentToCycleCents}) from ${payments}
          where ${payments.organizationId} = ${organizationId} and ${payments.enrollmentId} = cycles.enrollment_id
            and ${payments.cycleStart} = cycles.cycle_start and ${payments.status} = 'COMPLETED'), 0) as paid_cents
      from cycles
      left join ${billingCycles} as charged on charged.organization_id = ${organizationId}
        and charged.enrollment_id = cycles.enrollment_id and charged.cycle_start = cycles.cycle_start
      where ${cycleStarted(overdueThrough)}
    )
    select customer_id, currency, amount_cents - paid_cents as owed_cents
    from owed where paid_cents < amount_cents
  )`;
}

/**
 * Charges every billing cycle that is due by now in its organization's calendar (decision 028): the cycle's
 * amount is fixed at the plan's price of today, once — a cycle already charged (by a payment, a PIX charge,
 * an earlier run or another instance) keeps its row. With `ahead`, one organization's cycles due within that
 * many days are charged too: a PIX charge is issued before its due date (decision 030) — only one enrollment's
 * with `enrollmentId` (Pix Automático's QR pays the next cycle ahead, decision 048). Returns how many
 * cycles were charged.
 */
export async function chargeDueCycles(
  db: { execute(query: SQL): Promise<unknown> },
  now: Date,
  ahead?: { organizationId: string; days: number; enrollmentId?: string },
): Promise<number> {
  const through = (day: SQL) => (ahead ? sql`${day} + ${ahead.days}::int` : day);
  const result = (await db.execute(sql`
    ${startedCycles(
      {
        where: ahead
          ? sql`${enrollments.organizationId} = ${ahead.organizationId} and ${ahead.enrollmentId ? sql`${enrollments.id} = ${ahead.enrollmentId}` : sql`true`}`
          : sql`true`,
        today: sql`(${now.toISOString()}::timestamptz at time zone ${organizations.timeZone})::date`,
      },
      through,
    )}
    insert into ${billingCycles} (organization_id, enrollment_id, cycle_start, cycle_end, customer_id,
      amount_cents, currency, charged_at)
    select organization_id, enrollment_id, cycle_start, cycle_end, customer_id, price_cents, currency,
      ${now.toISOString()}::timestamptz
    from cycles where ${cycleStarted(through)}
    on conflict do nothing`)) as { rowCount?: number | null };
  return result.rowCount ?? 0;
}
