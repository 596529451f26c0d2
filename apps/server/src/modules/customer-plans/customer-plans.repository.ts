import type { CustomerPlanInput } from '@reformer/domain/customer-plans';
import { and, asc, eq, getTableColumns, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database, Transaction } from '../../db/client.ts';
import { customerPlans, enrollments, purchases } from '../../db/schema/index.ts';

type PlanValues = z.output<typeof CustomerPlanInput>;
const { organizationId: _organizationId, ...planColumns } = getTableColumns(customerPlans);

export async function listPlans(db: Database, organizationId: string) {
  return db
    .select(planColumns)
    .from(customerPlans)
    .where(eq(customerPlans.organizationId, organizationId))
    .orderBy(asc(customerPlans.name), asc(customerPlans.id));
}

export async function findPlan(db: Database, organizationId: string, id: string) {
  const [row] = await db
    .select(planColumns)
    .from(customerPlans)
    .where(and(eq(customerPlans.organizationId, organizationId), eq(customerPlans.id, id)));
  return row ?? null;
}

export async function insertPlan(db: Database, organizationId: string, id: string, values: PlanValues) {
  const [row] = await db
    .insert(customerPlans)
    .values({ organizationId, id, ...values })
    .returning(planColumns);
  return row;
}

/**
 * The plan's kind, locked for the update, and whether an enrollment or a purchase uses it: what was sold as
 * one kind stays that kind.
 */
export async function lockPlanKind(tx: Transaction, organizationId: string, id: string) {
  const [row] = await tx
    .select({
      kind: customerPlans.kind,
      isUsed: sql<boolean>`exists (select 1 from ${enrollments} where ${enrollments.organizationId} = ${organizationId} and ${enrollments.planId} = ${id})
        or exists (select 1 from ${purchases} where ${purchases.organizationId} = ${organizationId} and ${purchases.planId} = ${id})`,
    })
    .from(customerPlans)
    .where(and(eq(customerPlans.organizationId, organizationId), eq(customerPlans.id, id)))
    .for('update');
  return row ?? null;
}

export async function updatePlan(
  db: Database | Transaction,
  organizationId: string,
  id: string,
  values: Partial<PlanValues> & { updatedAt: Date },
) {
  const [row] = await db
    .update(customerPlans)
    .set(values)
    .where(and(eq(customerPlans.organizationId, organizationId), eq(customerPlans.id, id)))
    .returning(planColumns);
  return row ?? null;
}

/**
 * The plan's renewal choice copied onto its enrollments (`enrollments.plan_renews_automatically`), in the
 * plan update's transaction: an enrollment being created reads the plan under a share lock, so it sees
 * the choice before or after, never half.
 */
export async function copyRenewalToEnrollments(
  tx: Transaction,
  organizationId: string,
  planId: string,
  renewsAutomatically: boolean,
): Promise<string[]> {
  const changed = await tx
    .update(enrollments)
    .set({ planRenewsAutomatically: renewsAutomatically })
    .where(
      and(
        eq(enrollments.organizationId, organizationId),
        eq(enrollments.planId, planId),
        ne(enrollments.planRenewsAutomatically, renewsAutomatically),
      ),
    )
    .returning({ id: enrollments.id });
  return changed.map((row) => row.id);
}

export async function deletePlan(db: Database, organizationId: string, id: string) {
  const rows = await db
    .delete(customerPlans)
    .where(and(eq(customerPlans.organizationId, organizationId), eq(customerPlans.id, id)))
    .returning({ id: customerPlans.id });
  return rows.length > 0;
}
