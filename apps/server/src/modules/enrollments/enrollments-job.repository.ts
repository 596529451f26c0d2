import type { BillingCycle } from '@reformer/domain/customer-plans';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { renews } from '../../db/roster.ts';
import { customerPlans, enrollments, organizations, schedules } from '../../db/schema/index.ts';

/** Today in the organization's own calendar (the joined `organizations` row). */
const todayOf = (now: Date) =>
  sql<string>`(${now}::timestamptz at time zone ${organizations.timeZone})::date`;

/** The enrollment's renewal, with its plan's and schedule's columns (`renews` needs the three joined). */
const renewing = renews({
  status: enrollments.status,
  renewal: enrollments.renewal,
  endDate: enrollments.endDate,
  canceledFrom: enrollments.canceledFrom,
  planRenewsAutomatically: customerPlans.renewsAutomatically,
  scheduleEndDate: schedules.endDate,
});

const ofPlan = and(
  eq(customerPlans.organizationId, enrollments.organizationId),
  eq(customerPlans.id, enrollments.planId),
);
const ofSchedule = and(
  eq(schedules.organizationId, enrollments.organizationId),
  eq(schedules.id, enrollments.scheduleId),
);
const planAndSchedule = and(ofPlan, ofSchedule);

/** The count node-postgres reports for an UPDATE run through `execute` (its result type is the driver's). */
const rowsChanged = (result: unknown) => (result as { rowCount: number | null }).rowCount ?? 0;

export type DueRenewal = {
  organizationId: string;
  id: string;
  startDate: string;
  endDate: string;
  billingCycle: BillingCycle;
  scheduleEndDate: string | null;
  today: string;
};

/**
 * A page of the enrollments that renew by themselves and whose period ends today or ended, after `after`
 * (organization, id) in that order.
 */
export async function listDueRenewals(
  db: Database,
  now: Date,
  after: { organizationId: string; id: string } | null,
  limit: number,
): Promise<DueRenewal[]> {
  const today = todayOf(now);
  return db
    .select({
      organizationId: enrollments.organizationId,
      id: enrollments.id,
      startDate: enrollments.startDate,
      endDate: enrollments.endDate,
      billingCycle: sql<BillingCycle>`${customerPlans.billingCycle}`,
      scheduleEndDate: schedules.endDate,
      today,
    })
    .from(enrollments)
    .innerJoin(organizations, eq(organizations.id, enrollments.organizationId))
    .innerJoin(customerPlans, ofPlan)
    .innerJoin(schedules, ofSchedule)
    .where(
      and(
        inArray(enrollments.status, ['ACTIVE', 'PAUSED']),
        sql`${enrollments.endDate} <= ${today}`,
        renewing,
        after
          ? sql`(${enrollments.organizationId}, ${enrollments.id}) > (${after.organizationId}::uuid, ${after.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(asc(enrollments.organizationId), asc(enrollments.id))
    .limit(limit);
}

export type Renewal = { organizationId: string; id: string; fromEnd: string; toEnd: string };

/**
 * Moves each end date from `fromEnd` to `toEnd` in one statement — only where the end is still `fromEnd` and
 * the enrollment still renews. A second run, or another instance that read the same rows, finds the end moved
 * (PostgreSQL re-reads a row a concurrent update changed) and changes nothing: each renewal happens once. The
 * rows are locked first in one order (organization, id), so two instances renewing the same batch wait for
 * each other instead of deadlocking.
 */
export async function applyRenewals(db: Database, renewals: Renewal[], now: Date): Promise<number> {
  if (renewals.length === 0) return 0;
  const column = (key: keyof Renewal) => sql.param(renewals.map((renewal) => renewal[key]));
  const result = await db.execute(sql`with due as (
      select * from unnest(${column('organizationId')}::uuid[], ${column('id')}::uuid[],
        ${column('fromEnd')}::date[], ${column('toEnd')}::date[]) as due(organization_id, id, from_end, to_end)
    ), locked as (
      select ${enrollments.organizationId} as organization_id, ${enrollments.id} as id
      from ${enrollments} join due on due.organization_id = ${enrollments.organizationId}
        and due.id = ${enrollments.id}
      order by ${enrollments.organizationId}, ${enrollments.id}
      for update of ${enrollments}
    )
    update ${enrollments}
    set end_date = due.to_end, updated_at = ${now}
    from due, locked, ${customerPlans}, ${schedules}
    where ${enrollments.organizationId} = locked.organization_id and ${enrollments.id} = locked.id
      and due.organization_id = locked.organization_id and due.id = locked.id
      and ${enrollments.endDate} = due.from_end
      and ${planAndSchedule} and ${renewing}`);
  return rowsChanged(result);
}

/**
 * An active or paused enrollment whose period ended and that does not renew is COMPLETED; conditional, so
 * running it twice changes nothing more.
 */
export async function completeEndedEnrollments(db: Database, now: Date): Promise<number> {
  const result = await db.execute(sql`update ${enrollments}
    set status = 'COMPLETED', updated_at = ${now}
    from ${organizations}, ${customerPlans}, ${schedules}
    where ${organizations.id} = ${enrollments.organizationId} and ${planAndSchedule}
      and ${enrollments.status} in ('ACTIVE', 'PAUSED')
      and ${enrollments.endDate} < ${todayOf(now)}
      and not ${renewing}`);
  return rowsChanged(result);
}

/** A paused enrollment whose resume date arrived is ACTIVE again. */
export async function resumeDueEnrollments(db: Database, now: Date) {
  const rows = await db
    .update(enrollments)
    .set({ status: 'ACTIVE', updatedAt: now })
    .from(organizations)
    .where(
      and(
        eq(organizations.id, enrollments.organizationId),
        eq(enrollments.status, 'PAUSED'),
        sql`${enrollments.resumeOn} <= ${todayOf(now)}`,
      ),
    )
    .returning({ id: enrollments.id });
  return rows.length;
}
