import { type CustomerPlan, type CustomerPlanInput, renewsByDefault } from '@reformer/domain/customer-plans';
import { AppError } from '@reformer/domain/errors';
import { v7 as uuidv7 } from 'uuid';
import type { z } from 'zod';
import { isUuid } from '../../auth/access.ts';
import type { Database } from '../../db/client.ts';
import type { OrgAccess } from '../../lib/http.ts';
import { assertRenewalsFit } from '../enrollments/enrollments.service.ts';
import * as repository from './customer-plans.repository.ts';

type PlanValues = z.output<typeof CustomerPlanInput>;
type Row = NonNullable<Awaited<ReturnType<typeof repository.findPlan>>>;

function toPlan(row: Row): CustomerPlan {
  return {
    ...row,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  } as CustomerPlan;
}

function orNotFound(row: Row | null): CustomerPlan {
  if (!row) throw new AppError('PLAN_NOT_FOUND');
  return toPlan(row);
}

/** A plan that does not say whether its enrollments renew follows its billing cycle's default. */
function withRenewal(values: PlanValues) {
  return {
    ...values,
    renewsAutomatically: values.renewsAutomatically ?? renewsByDefault(values.billingCycle),
  };
}

export async function listPlans(db: Database, access: OrgAccess) {
  return (await repository.listPlans(db, access.organizationId)).map(toPlan);
}

export async function createPlan(db: Database, access: OrgAccess, values: PlanValues) {
  return orNotFound(
    (await repository.insertPlan(db, access.organizationId, uuidv7(), withRenewal(values))) ?? null,
  );
}

export async function updatePlan(db: Database, access: OrgAccess, id: string, values: PlanValues, now: Date) {
  if (!isUuid(id)) throw new AppError('PLAN_NOT_FOUND');
  const changes = { ...withRenewal(values), updatedAt: now };
  return orNotFound(
    await db.transaction(async (tx) => {
      const current = await repository.lockPlanKind(tx, access.organizationId, id);
      if (current && current.kind !== changes.kind && current.isUsed) throw new AppError('PLAN_KIND_IN_USE');
      const row = await repository.updatePlan(tx, access.organizationId, id, changes);
      // Its enrollments keep their own copy of whether they renew, for the rosters (decision 013).
      if (!row) return row;
      const changed = await repository.copyRenewalToEnrollments(
        tx,
        access.organizationId,
        id,
        row.renewsAutomatically,
      );
      // Switched on: those that follow the plan now hold their seats in every later session, which must be free.
      if (row.renewsAutomatically) await assertRenewalsFit(tx, access.organizationId, changed, now);
      return row;
    }),
  );
}

export async function setPlanActive(
  db: Database,
  access: OrgAccess,
  id: string,
  isActive: boolean,
  now: Date,
) {
  if (!isUuid(id)) throw new AppError('PLAN_NOT_FOUND');
  return orNotFound(await repository.updatePlan(db, access.organizationId, id, { isActive, updatedAt: now }));
}

/**
 * Only a plan no enrollment or purchase uses may be deleted (they reference plans with a restricting foreign
 * key, so the database refuses it); otherwise deactivate it.
 */
export async function deletePlan(db: Database, access: OrgAccess, id: string) {
  if (!isUuid(id)) throw new AppError('PLAN_NOT_FOUND');
  const deleted = await repository.deletePlan(db, access.organizationId, id).catch((error: unknown) => {
    const code = (error as { cause?: { code?: string } }).cause?.code ?? (error as { code?: string }).code;
    if (code === '23503') throw new AppError('PLAN_IN_USE');
    throw error;
  });
  if (!deleted) throw new AppError('PLAN_NOT_FOUND');
}
