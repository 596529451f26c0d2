import { addDays } from '@reformer/domain/calendar-dates';
import { isPurchasable } from '@reformer/domain/customer-plans';
import { AppError } from '@reformer/domain/errors';
import {
  type CreatePurchaseValues,
  type ExpiringPurchases,
  type Purchase,
  type PurchaseListQuery,
  purchaseExpiresOn,
  purchasePaymentState,
  purchaseState,
} from '@reformer/domain/purchases';
import { todayIn } from '@reformer/domain/time-zones';
import { v7 as uuidv7 } from 'uuid';
import { isUuid } from '../../auth/access.ts';
import type { Database, Transaction } from '../../db/client.ts';
import { databaseErrorCode, UNIQUE_VIOLATION } from '../../lib/database-errors.ts';
import type { OrgAccess } from '../../lib/http.ts';
import { organizationTimeZone } from '../../lib/organization-time-zone.ts';
import { lockActiveCustomers } from '../sessions/attendance.repository.ts';
import * as sales from './purchase-sales.repository.ts';
import * as repository from './purchases.repository.ts';

/** A customer's purchases answered with their billing; older ones are in the paged list. */
const CUSTOMER_PURCHASES_SHOWN = 100;

/** The row with what is read, not stored: the balance, the state today and whether it is paid. */
function toPurchase(row: repository.PurchaseRow, today: string): Purchase {
  return {
    ...row,
    classesLeft: Math.max(0, row.classesTotal - row.classesSpent),
    state: purchaseState(row, today),
    paymentState: purchasePaymentState(row.priceCents, row.paidCents),
    createdAt: row.createdAt.toISOString(),
  };
}

async function today(db: Database | Transaction, organizationId: string, now: Date) {
  return todayIn(await organizationTimeZone(db, organizationId), now);
}

export async function listPurchases(db: Database, access: OrgAccess, query: PurchaseListQuery, now: Date) {
  const scope = { organizationId: access.organizationId, today: await today(db, access.organizationId, now) };
  const { rows, total } = await repository.listPurchases(db, scope, query, query);
  return {
    items: rows.map((row) => toPurchase(row, scope.today)),
    total,
    page: query.page,
    limit: query.limit,
  };
}

/** Every purchase of one customer, newest first: the payment flow's and the customer page's list. */
export async function customerPurchases(db: Database, organizationId: string, customerId: string, now: Date) {
  const scope = { organizationId, today: await today(db, organizationId, now) };
  const page = { page: 1, limit: CUSTOMER_PURCHASES_SHOWN };
  const { rows } = await repository.listPurchases(db, scope, { customerId }, page);
  return rows.map((row) => toPurchase(row, scope.today));
}

export async function listPurchasablePlans(db: Database, access: OrgAccess) {
  return { items: await sales.listPurchasablePlans(db, access.organizationId) };
}

export async function listCustomerPurchases(db: Database, access: OrgAccess, customerId: string, now: Date) {
  if (!isUuid(customerId) || !(await repository.customerExists(db, access.organizationId, customerId)))
    throw new AppError('CUSTOMER_NOT_FOUND');
  return { items: await customerPurchases(db, access.organizationId, customerId, now) };
}

/** ACTIVE purchases whose last day falls within the next `days` days, today included; soonest first. */
export async function listExpiring(
  db: Database,
  access: OrgAccess,
  days: number,
  now: Date,
): Promise<ExpiringPurchases> {
  const from = await today(db, access.organizationId, now);
  const to = addDays(from, days);
  const rows = await repository.listExpiring(db, access.organizationId, { from, to });
  return { from, to, items: rows.map((row) => toPurchase(row, from)) };
}

async function readPurchase(db: Database | Transaction, organizationId: string, id: string, now: Date) {
  const row = isUuid(id) ? await repository.findPurchase(db, organizationId, id) : null;
  if (!row) throw new AppError('PURCHASE_NOT_FOUND');
  return toPurchase(row, await today(db, organizationId, now));
}

export async function getPurchase(db: Database, access: OrgAccess, id: string, now: Date) {
  return readPurchase(db, access.organizationId, id, now);
}

/**
 * A sale: the plan's classes, validity and price as they are today, from the day named or today. A trial
 * class once per customer (the unique index decides a race).
 */
export async function createPurchase(
  db: Database,
  access: OrgAccess,
  values: CreatePurchaseValues,
  now: Date,
) {
  const { organizationId } = access;
  const id = uuidv7();
  return db.transaction(async (tx) => {
    // Share-locked on the books, as adding to a session does: a purge waits for the sale.
    const [customer] = await lockActiveCustomers(tx, organizationId, [values.customerId]);
    if (!customer) throw new AppError('CUSTOMER_NOT_FOUND');
    const plan = await sales.findPlanForSale(tx, organizationId, values.planId);
    if (!plan) throw new AppError('PLAN_NOT_FOUND');
    if (!isPurchasable(plan.kind) || plan.classCount === null || plan.validityDays === null)
      throw new AppError('PLAN_NOT_PURCHASABLE');
    if (!plan.isActive) throw new AppError('PLAN_INACTIVE');
    if (plan.kind === 'TRIAL') await assertNoTrial(tx, organizationId, values.customerId);
    const startsOn = values.startsOn ?? (await today(tx, organizationId, now));
    await sales
      .insertPurchase(tx, {
        organizationId,
        id,
        customerId: values.customerId,
        planId: values.planId,
        kind: plan.kind,
        classesTotal: plan.classCount,
        startsOn,
        expiresOn: purchaseExpiresOn(startsOn, plan.validityDays),
        priceCents: plan.priceCents,
        currency: plan.currency,
        notes: values.notes,
        createdAt: now,
      })
      .catch((error: unknown) => {
        if (databaseErrorCode(error) === UNIQUE_VIOLATION) throw new AppError('PURCHASE_TRIAL_TAKEN');
        throw error;
      });
    return readPurchase(tx, organizationId, id, now);
  });
}

async function assertNoTrial(tx: Transaction, organizationId: string, customerId: string) {
  const trial = await sales.findTrial(tx, organizationId, customerId);
  if (trial) throw new AppError('PURCHASE_TRIAL_TAKEN', undefined, { purchaseId: trial.id });
}

/** Only a sale made by mistake: once a class was spent or a payment recorded, it is history. */
export async function deletePurchase(db: Database, access: OrgAccess, id: string) {
  if (!isUuid(id)) throw new AppError('PURCHASE_NOT_FOUND');
  await db.transaction(async (tx) => {
    const use = await sales.lockPurchaseUse(tx, access.organizationId, id);
    if (!use) throw new AppError('PURCHASE_NOT_FOUND');
    if (use.isUsed) throw new AppError('PURCHASE_IN_USE');
    await sales.deletePurchase(tx, access.organizationId, id);
  });
}
