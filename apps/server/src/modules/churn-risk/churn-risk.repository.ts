import type { ChurnRiskPeriods, ChurnRiskSignals, CurrencyAmount } from '@reformer/domain/churn-risk';
import { sql } from 'drizzle-orm';
import { overdueCycles } from '../../db/billing-cycles.ts';
import type { Database } from '../../db/client.ts';
import { creditStateOn } from '../../db/make-up-credit-state.ts';
import { runsThrough } from '../../db/roster.ts';
import {
  customerPlans,
  customers,
  enrollments,
  makeUpCredits,
  scheduleSessions,
  schedules,
  sessionAttendance,
} from '../../db/schema/index.ts';

/** The enrollment's last day, or 'infinity' while it renews by itself (its plan and schedule joined). */
const endsOn = runsThrough({
  status: enrollments.status,
  renewal: enrollments.renewal,
  endDate: enrollments.endDate,
  canceledFrom: enrollments.canceledFrom,
  planRenewsAutomatically: customerPlans.renewsAutomatically,
  scheduleEndDate: schedules.endDate,
});

type Row = {
  customer_id: string;
  first_name: string;
  last_name: string;
  check_ins_before: number;
  check_ins_recent: number;
  overdue_cycles: number;
  overdue_amounts: CurrencyAmount[];
  enrollment_ends_on: string | null;
  credits_held: number;
  credits_expired: number;
};

/**
 * What the churn-risk score needs, one row per ACTIVE customer with something to judge — a check-in in the
 * earlier period (without one, attendance cannot fall), an overdue cycle, current enrollments that end in
 * the window, or a make-up credit not spent — counted by the database; the domain's `scoreChurnRisk` judges
 * them (docs/decisions/022).
 *
 * - Check-ins: attendance rows with a check-in, by the local date of their session.
 * - Overdue: db/billing-cycles.ts, the dashboard's own figure per customer.
 * - Ending: the last day (roster `runsThrough`) of the customer's ACTIVE and PAUSED enrollments falls in
 *   the window and one of them is ACTIVE. An enrollment that renews by itself has no last day (issue #26), a
 *   renewal moves the end date and a later enrollment reaches past it, so each takes the customer off.
 * - Credits: by their state today (db/make-up-credit-state.ts, as the customer's credit list shows them), those
 *   valid and those expired unused whose last day falls in the 12 weeks of attendance.
 */
export async function listChurnRiskSignals(
  db: Database,
  organizationId: string,
  today: string,
  periods: ChurnRiskPeriods,
) {
  const { recent, before, enrollmentEnding } = periods;
  const result = await db.execute(sql`
    with attended as (
      select ${sessionAttendance.customerId} as customer_id,
        count(*) filter (where ${scheduleSessions.date} <= ${before.to}::date)::int as check_ins_before,
        count(*) filter (where ${scheduleSessions.date} >= ${recent.from}::date)::int as check_ins_recent
      from ${sessionAttendance}
      join ${scheduleSessions} on ${scheduleSessions.organizationId} = ${sessionAttendance.organizationId}
        and ${scheduleSessions.id} = ${sessionAttendance.sessionId}
      where ${sessionAttendance.organizationId} = ${organizationId}
        and ${sessionAttendance.checkedInAt} is not null
        and ${scheduleSessions.date} between ${before.from}::date and ${recent.to}::date
      group by ${sessionAttendance.customerId}
    ),
    owing as (
      select customer_id, sum(cycles)::int as cycles,
        json_agg(json_build_object('currency', currency, 'amountCents', amount_cents) order by currency) as amounts
      from (select customer_id, currency, count(*) as cycles, sum(owed_cents)::bigint as amount_cents
        from ${overdueCycles(organizationId, today)} as overdue group by customer_id, currency) as per_currency
      group by customer_id
    ),
    ending as (
      select ${enrollments.customerId} as customer_id, max(${endsOn}) as ends_on
      from ${enrollments}
      join ${customerPlans} on ${customerPlans.organizationId} = ${enrollments.organizationId}
        and ${customerPlans.id} = ${enrollments.planId}
      join ${schedules} on ${schedules.organizationId} = ${enrollments.organizationId}
        and ${schedules.id} = ${enrollments.scheduleId}
      where ${enrollments.organizationId} = ${organizationId} and ${enrollments.status} in ('ACTIVE', 'PAUSED')
        and ${endsOn} >= ${today}::date
      group by ${enrollments.customerId}
      having max(${endsOn}) <= ${enrollmentEnding.to}::date
        and bool_or(${enrollments.status} = 'ACTIVE')
    ),
    unspent as (
      select customer_id,
        count(*) filter (where state = 'AVAILABLE')::int as held,
        count(*) filter (where state = 'EXPIRED')::int as expired
      from (select ${makeUpCredits.customerId} as customer_id, ${creditStateOn(makeUpCredits, today)} as state
        from ${makeUpCredits}
        where ${makeUpCredits.organizationId} = ${organizationId} and ${makeUpCredits.expiresOn} >= ${before.from}::date
      ) as credits
      where state <> 'USED'
      group by customer_id
    )
    select ${customers.id} as customer_id, ${customers.firstName} as first_name, ${customers.lastName} as last_name,
      coalesce(attended.check_ins_before, 0) as check_ins_before,
      coalesce(attended.check_ins_recent, 0) as check_ins_recent,
      coalesce(owing.cycles, 0) as overdue_cycles, coalesce(owing.amounts, '[]'::json) as overdue_amounts,
      to_char(ending.ends_on, 'YYYY-MM-DD') as enrollment_ends_on,
      coalesce(unspent.held, 0) as credits_held, coalesce(unspent.expired, 0) as credits_expired
    from ${customers}
    left join attended on attended.customer_id = ${customers.id}
    left join owing on owing.customer_id = ${customers.id}
    left join ending on ending.customer_id = ${customers.id}
    left join unspent on unspent.customer_id = ${customers.id}
    where ${customers.organizationId} = ${organizationId} and ${customers.status} = 'ACTIVE'
      and (attended.check_ins_before > 0 or owing.customer_id is not null or ending.customer_id is not null
        or unspent.customer_id is not null)`);
  return (result as { rows: Row[] }).rows.map((row) => ({
    customerId: row.customer_id,
    name: `${row.first_name} ${row.last_name}`.trim(),
    signals: {
      checkInsBefore: row.check_ins_before,
      checkInsRecent: row.check_ins_recent,
      overdueCycles: row.overdue_cycles,
      overdueAmounts: row.overdue_amounts.map((amount) => ({
        ...amount,
        amountCents: Number(amount.amountCents),
      })),
      enrollmentEndsOn: row.enrollment_ends_on,
      makeUpCreditsHeld: row.credits_held,
      makeUpCreditsExpired: row.credits_expired,
    } satisfies ChurnRiskSignals,
  }));
}
