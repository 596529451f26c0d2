import { BILLING_CYCLE_MONTHS } from '@reformer/domain/customer-plans';
import { notInArray, type SQL, sql } from 'drizzle-orm';
import { lastCoveredDay } from './roster.ts';
import { customerPlans, customers, enrollments, payments } from './schema/index.ts';

/** The plan's months per cycle, from the domain's table (customer-plans `BILLING_CYCLE_MONTHS`). */
const cycleMonths: SQL<number> = sql`(case ${customerPlans.billingCycle} ${sql.join(
  Object.entries(BILLING_CYCLE_MONTHS).map(([cycle, months]) => sql.raw(`when '${cycle}' then ${months}`)),
  sql` `,
)} end)`;

/**
 * Overdue billing cycles, one row each (`customer_id`, `currency`, `owed_cents`), as a subquery to select
 * from — the SQL twin of payments `billingCycleStates` (dashboard.test.ts compares the two), shared by the
 * dashboard's totals and the churn risk's per-customer counts: the cycles of an ACTIVE enrollment of a
 * customer on the books, anchored on its start (billing-cycles `billingCycle`: PostgreSQL's date + months
 * clamps to the month's last day as date-fns does), that start by the last day it covers (enrollments
 * `lastCoveredDate`) and before today, whose COMPLETED payments do not reach the plan's current price.
 * `owed_cents` is what is still to pay of the cycle.
 */
export function overdueCycles(organizationId: string, today: string): SQL {
  return sql`(
    with billed as (
      select ${enrollments.id} as enrollment_id, ${enrollments.customerId} as customer_id,
        ${enrollments.startDate} as start_date, ${customerPlans.priceCents} as price_cents,
        ${customerPlans.currency} as currency, ${cycleMonths} as months,
        ${lastCoveredDay(enrollments)} as last_day
      from ${enrollments}
      join ${customerPlans} on ${customerPlans.organizationId} = ${enrollments.organizationId}
        and ${customerPlans.id} = ${enrollments.planId}
      join ${customers} on ${customers.organizationId} = ${enrollments.organizationId}
        and ${customers.id} = ${enrollments.customerId} and ${notInArray(customers.status, ['DELETED', 'PURGED'])}
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
    select customer_id, currency, price_cents - paid_cents as owed_cents
    from owed where paid_cents < price_cents
  )`;
}
