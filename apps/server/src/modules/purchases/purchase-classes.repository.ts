import type { PurchasablePlanKind } from '@reformer/domain/customer-plans';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Transaction } from '../../db/client.ts';
import { customerPlans, customers, purchaseClasses, purchases } from '../../db/schema/index.ts';

/** The SQL of spending and giving back a purchase's classes; always inside an attendance change's transaction. */

type Place = { organizationId: string; sessionId: string; customerId: string };

const spendableColumns = {
  id: purchases.id,
  customerId: purchases.customerId,
  kind: sql<PurchasablePlanKind>`${purchases.kind}`,
  planName: customerPlans.name,
  classesTotal: purchases.classesTotal,
  startsOn: purchases.startsOn,
  expiresOn: purchases.expiresOn,
  createdAt: purchases.createdAt,
};

function purchasesWithPlans(tx: Transaction) {
  return tx
    .select(spendableColumns)
    .from(purchases)
    .innerJoin(
      customerPlans,
      and(eq(customerPlans.organizationId, purchases.organizationId), eq(customerPlans.id, purchases.planId)),
    );
}

/**
 * The customers' purchases, locked FOR UPDATE in id order, with the classes spent counted in a statement of
 * its own after the lock: a writer that waited for the lock then sees what the one before it spent (a count
 * in the locking statement would read the table as it was before the wait).
 */
export async function lockPurchases(
  tx: Transaction,
  organizationId: string,
  where: { customerIds?: string[]; id?: string },
) {
  const rows = await purchasesWithPlans(tx)
    .where(
      and(
        eq(purchases.organizationId, organizationId),
        where.customerIds ? inArray(purchases.customerId, where.customerIds) : undefined,
        where.id ? eq(purchases.id, where.id) : undefined,
      ),
    )
    .orderBy(asc(purchases.id))
    .for('update', { of: purchases });
  if (rows.length === 0) return [];
  const spent = await tx
    .select({ purchaseId: purchaseClasses.purchaseId, count: sql<number>`count(*)::int` })
    .from(purchaseClasses)
    .where(
      and(
        eq(purchaseClasses.organizationId, organizationId),
        inArray(
          purchaseClasses.purchaseId,
          rows.map((row) => row.id),
        ),
        isNull(purchaseClasses.returnedAt),
      ),
    )
    .groupBy(purchaseClasses.purchaseId);
  const counts = new Map(spent.map((row) => [row.purchaseId, row.count]));
  return rows.map((row) => ({ ...row, classesSpent: counts.get(row.id) ?? 0 }));
}

export async function insertClass(tx: Transaction, place: Place, purchaseId: string, at: Date) {
  await tx.insert(purchaseClasses).values({ ...place, purchaseId, spentAt: at });
}

function placeIs(place: Place) {
  return and(
    eq(purchaseClasses.organizationId, place.organizationId),
    eq(purchaseClasses.sessionId, place.sessionId),
    eq(purchaseClasses.customerId, place.customerId),
  );
}

/** The class a purchase paid for this place, if one did. */
export async function findPlaceClass(tx: Transaction, place: Place) {
  const [row] = await tx
    .select({ purchaseId: purchaseClasses.purchaseId, returnedAt: purchaseClasses.returnedAt })
    .from(purchaseClasses)
    .where(placeIs(place));
  return row ?? null;
}

/** `at` null spends it again. */
export async function setReturned(tx: Transaction, place: Place, at: Date | null) {
  await tx.update(purchaseClasses).set({ returnedAt: at }).where(placeIs(place));
}

/** The customer's name, for a refusal that names them. */
export async function customerName(tx: Transaction, organizationId: string, customerId: string) {
  const [row] = await tx
    .select({ name: sql<string>`trim(concat_ws(' ', ${customers.firstName}, ${customers.lastName}))` })
    .from(customers)
    .where(and(eq(customers.organizationId, organizationId), eq(customers.id, customerId)));
  return row?.name ?? '';
}
