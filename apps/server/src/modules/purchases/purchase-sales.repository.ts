import type { PurchasablePlanKind } from '@reformer/domain/customer-plans';
import type { Currency } from '@reformer/domain/money';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.ts';
import { customerPlans, payments, purchaseClasses, purchases } from '../../db/schema/index.ts';

/** The SQL of selling and undoing a sale (the lists' reads are in purchases.repository.ts). */

export type PurchaseInsert = typeof purchases.$inferInsert;

/** The plan as it is sold now, share-locked so its kind cannot change during the sale. */
export async function findPlanForSale(tx: Transaction, organizationId: string, planId: string) {
  const [row] = await tx
    .select({
      kind: customerPlans.kind,
      isActive: customerPlans.isActive,
      classCount: customerPlans.classCount,
      validityDays: customerPlans.validityDays,
      priceCents: customerPlans.priceCents,
      currency: sql<Currency>`${customerPlans.currency}`,
    })
    .from(customerPlans)
    .where(and(eq(customerPlans.organizationId, organizationId), eq(customerPlans.id, planId)))
    .for('share');
  return row ?? null;
}

export async function findTrial(tx: Transaction, organizationId: string, customerId: string) {
  const [row] = await tx
    .select({ id: purchases.id })
    .from(purchases)
    .where(
      and(
        eq(purchases.organizationId, organizationId),
        eq(purchases.customerId, customerId),
        eq(purchases.kind, 'TRIAL'),
      ),
    );
  return row ?? null;
}

export async function insertPurchase(tx: Transaction, row: PurchaseInsert) {
  await tx.insert(purchases).values(row);
}

/** Locked for a deletion, with whether anything made it history: a class spent (ever) or a payment. */
export async function lockPurchaseUse(tx: Transaction, organizationId: string, id: string) {
  const [row] = await tx
    .select({ id: purchases.id })
    .from(purchases)
    .where(and(eq(purchases.organizationId, organizationId), eq(purchases.id, id)))
    .for('update');
  if (!row) return null;
  const same = (table: typeof purchaseClasses | typeof payments) =>
    and(eq(table.organizationId, organizationId), eq(table.purchaseId, id));
  const [classes, paid] = await Promise.all([
    tx.$count(purchaseClasses, same(purchaseClasses)),
    tx.$count(payments, same(payments)),
  ]);
  return { isUsed: classes + paid > 0 };
}

export async function deletePurchase(tx: Transaction, organizationId: string, id: string) {
  await tx.delete(purchases).where(and(eq(purchases.organizationId, organizationId), eq(purchases.id, id)));
}

/** The active plans that can be sold, by name. */
export async function listPurchasablePlans(db: Database, organizationId: string) {
  return db
    .select({
      id: customerPlans.id,
      name: customerPlans.name,
      kind: sql<PurchasablePlanKind>`${customerPlans.kind}`,
      classCount: sql<number>`${customerPlans.classCount}`,
      validityDays: sql<number>`${customerPlans.validityDays}`,
      priceCents: customerPlans.priceCents,
      currency: sql<Currency>`${customerPlans.currency}`,
    })
    .from(customerPlans)
    .where(
      and(
        eq(customerPlans.organizationId, organizationId),
        ne(customerPlans.kind, 'RECURRING'),
        eq(customerPlans.isActive, true),
      ),
    )
    .orderBy(asc(customerPlans.name), asc(customerPlans.id));
}
