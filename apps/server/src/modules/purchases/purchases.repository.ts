import type { PurchasablePlanKind } from '@reformer/domain/customer-plans';
import type { Currency } from '@reformer/domain/money';
import type { PurchasePaymentState, PurchaseState } from '@reformer/domain/purchases';
import { and, asc, between, desc, eq, type SQL, sql } from 'drizzle-orm';
import { paymentToCycleCents } from '../../db/billing-cycles.ts';
import type { Database, Transaction } from '../../db/client.ts';
import { classesSpent } from '../../db/purchase-balance.ts';
import { customerPlans, customers, payments, purchases } from '../../db/schema/index.ts';

type Reader = Database | Transaction;

/** What its COMPLETED payments put on it (decision 028's net, the same expression cycles use). */
export const purchasePaidCents: SQL<number> = sql<number>`(select coalesce(sum(${paymentToCycleCents}), 0) from ${payments}
  where ${payments.organizationId} = ${purchases.organizationId}
    and ${payments.purchaseId} = ${purchases.id} and ${payments.status} = 'COMPLETED')::bigint`;

const purchaseColumns = {
  id: purchases.id,
  customerId: purchases.customerId,
  customerName: sql<string>`trim(concat_ws(' ', ${customers.firstName}, ${customers.lastName}))`,
  planId: purchases.planId,
  planName: customerPlans.name,
  kind: sql<PurchasablePlanKind>`${purchases.kind}`,
  classesTotal: purchases.classesTotal,
  classesSpent: classesSpent.mapWith(Number),
  startsOn: purchases.startsOn,
  expiresOn: purchases.expiresOn,
  priceCents: purchases.priceCents,
  currency: sql<Currency>`${purchases.currency}`,
  paidCents: purchasePaidCents.mapWith(Number),
  notes: purchases.notes,
  createdAt: purchases.createdAt,
};
export type PurchaseRow = Awaited<ReturnType<typeof findPurchase>> & {};

function withNames(db: Reader) {
  return db
    .select(purchaseColumns)
    .from(purchases)
    .innerJoin(
      customers,
      and(eq(customers.organizationId, purchases.organizationId), eq(customers.id, purchases.customerId)),
    )
    .innerJoin(
      customerPlans,
      and(eq(customerPlans.organizationId, purchases.organizationId), eq(customerPlans.id, purchases.planId)),
    );
}

/** The domain's states (purchases `purchaseState`, `purchasePaymentState`) as conditions, for the filters. */
function stateIs(state: PurchaseState, today: string): SQL {
  const hasClasses = sql`${classesSpent} < ${purchases.classesTotal}`;
  if (state === 'USED_UP') return sql`not (${hasClasses})`;
  return state === 'ACTIVE'
    ? sql`${hasClasses} and ${purchases.expiresOn} >= ${today}`
    : sql`${hasClasses} and ${purchases.expiresOn} < ${today}`;
}

function paymentStateIs(state: PurchasePaymentState): SQL {
  if (state === 'PAID') return sql`${purchasePaidCents} >= ${purchases.priceCents}`;
  return state === 'PARTIAL'
    ? sql`${purchasePaidCents} > 0 and ${purchasePaidCents} < ${purchases.priceCents}`
    : sql`${purchasePaidCents} <= 0 and ${purchases.priceCents} > 0`;
}

export type PurchaseFilter = {
  customerId?: string | undefined;
  planId?: string | undefined;
  kind?: PurchasablePlanKind | undefined;
  state?: PurchaseState | undefined;
  paymentState?: PurchasePaymentState | undefined;
  /** Last day within [from, to]: the purchases about to expire. */
  expiresBetween?: { from: string; to: string } | undefined;
};

function listWhere(organizationId: string, filter: PurchaseFilter, today: string) {
  return and(
    eq(purchases.organizationId, organizationId),
    filter.customerId ? eq(purchases.customerId, filter.customerId) : undefined,
    filter.planId ? eq(purchases.planId, filter.planId) : undefined,
    filter.kind ? eq(purchases.kind, filter.kind) : undefined,
    filter.state ? stateIs(filter.state, today) : undefined,
    filter.paymentState ? paymentStateIs(filter.paymentState) : undefined,
    filter.expiresBetween
      ? between(purchases.expiresOn, filter.expiresBetween.from, filter.expiresBetween.to)
      : undefined,
  );
}

/** Newest sale first. */
export async function listPurchases(
  db: Database,
  scope: { organizationId: string; today: string },
  filter: PurchaseFilter,
  page: { page: number; limit: number },
) {
  const where = listWhere(scope.organizationId, filter, scope.today);
  const [rows, total] = await Promise.all([
    withNames(db)
      .where(where)
      .orderBy(desc(purchases.createdAt), desc(purchases.id))
      .limit(page.limit)
      .offset((page.page - 1) * page.limit),
    db.$count(purchases, where),
  ]);
  return { rows, total };
}

export async function listExpiring(
  db: Database,
  organizationId: string,
  window: { from: string; to: string },
) {
  return withNames(db)
    .where(listWhere(organizationId, { state: 'ACTIVE', expiresBetween: window }, window.from))
    .orderBy(asc(purchases.expiresOn), asc(purchases.id));
}

export async function findPurchase(db: Reader, organizationId: string, id: string) {
  const [row] = await withNames(db).where(
    and(eq(purchases.organizationId, organizationId), eq(purchases.id, id)),
  );
  return row ?? null;
}

export async function customerExists(db: Database, organizationId: string, customerId: string) {
  const count = await db.$count(
    customers,
    and(eq(customers.organizationId, organizationId), eq(customers.id, customerId)),
  );
  return count > 0;
}
