import { addDays } from '@reformer/domain/calendar-dates';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { paymentToCycleCents } from '../../db/billing-cycles.ts';
import type { Database, Transaction } from '../../db/client.ts';
import { onTheBooksLiterally } from '../../db/customers-on-the-books.ts';
import {
  billingCycles,
  customerPlans,
  customers,
  enrollments,
  payments,
  pixCharges,
  pixPspConnections,
  pixReceived,
  pixRecurrences,
  pixRecurringCharges,
  pixRefunds,
  purchases,
} from '../../db/schema/index.ts';
import { purchasePaidCents } from '../purchases/purchases.repository.ts';

type Reader = Database | Transaction;

export type PixChargeRow = typeof pixCharges.$inferSelect;

/** What a charged cycle still owes: its amount less its credit and the COMPLETED payments' part for it. */
export const cycleOwedCents: SQL<number> = sql`(${billingCycles.amountCents} - ${billingCycles.creditAppliedCents} - coalesce((
  select sum(${paymentToCycleCents}) from ${payments}
  where ${payments.organizationId} = ${billingCycles.organizationId}
    and ${payments.enrollmentId} = ${billingCycles.enrollmentId}
    and ${payments.cycleStart} = ${billingCycles.cycleStart} and ${payments.status} = 'COMPLETED'), 0))`;

/** What a charge needs of its payer (domain `chargePayer`). */
export const payerColumns = {
  idType: customers.idType,
  idNumber: customers.idNumber,
  firstName: customers.firstName,
  lastName: customers.lastName,
};

/** The organizations with a PSP connection: the charge and reconciliation jobs' work list. */
export async function connectedOrganizationIds(db: Reader): Promise<string[]> {
  const rows = await db.select({ id: pixPspConnections.organizationId }).from(pixPspConnections);
  return rows.map((row) => row.id);
}

/**
 * A charge to ask the PSP for (again): none yet, one PENDING (asked for, not confirmed), or an ACTIVE one for
 * another amount than what is owed now (part paid another way, or a refund reopened it): a PUT under the same
 * txid replaces a charge while it is ATIVA, so the customer is asked for what they owe.
 */
const chargeToPut = (owedCents: SQL) =>
  sql`(${pixCharges.txid} is null or ${pixCharges.status} = 'PENDING' or (${pixCharges.status} = 'ACTIVE' and ${pixCharges.amountCents} <> ${owedCents}))`;

/** A debit fails at most 7 days after its due date (PERMITE_3R_7D); a fallen-back cycle is looked for this far. */
const FALLBACK_LOOK_BACK_DAYS = 60;

/**
 * The cycle fell back from Pix Automático to this dynamic charge (decision 048, third part): its debit failed
 * for good, or its amount does not fit the recurrence.
 */
const cycleFellBack = sql`exists (select 1 from ${pixRecurringCharges}
  where ${pixRecurringCharges.organizationId} = ${billingCycles.organizationId}
    and ${pixRecurringCharges.enrollmentId} = ${billingCycles.enrollmentId}
    and ${pixRecurringCharges.cycleStart} = ${billingCycles.cycleStart}
    and ${pixRecurringCharges.fellBackAt} is not null)`;

/**
 * A live recurrence asks for the cycle already (decision 048): a waiting one (CREATED) by its QR's immediate
 * charge, its first cycle; an APPROVED one by its recurring charges, each cycle from the first to its end. The
 * customer is never asked twice for one cycle.
 */
const cycleCoveredByRecurrence = sql`exists (select 1 from ${pixRecurrences}
  where ${pixRecurrences.organizationId} = ${billingCycles.organizationId}
    and ${pixRecurrences.enrollmentId} = ${billingCycles.enrollmentId}
    and ((${pixRecurrences.state} = 'CREATED' and ${billingCycles.cycleStart} = ${pixRecurrences.firstCycleStart})
      or (${pixRecurrences.state} = 'APPROVED' and ${billingCycles.cycleStart} >= ${pixRecurrences.firstCycleStart}
        and (${pixRecurrences.endDate} is null or ${billingCycles.cycleStart} <= ${pixRecurrences.endDate}))))`;

/**
 * Charged BRL cycles of ACTIVE enrollments due from `today` to `through` that still owe something and need a
 * charge put at the PSP (`chargeToPut`), with the payer's data — but not those a live Pix Automático covers,
 * unless the cycle fell back from it (then whatever its due date: the debit failed after it). `only`: one cycle.
 */
export async function cyclesToCharge(
  db: Reader,
  organizationId: string,
  today: string,
  through: string,
  only?: { enrollmentId: string; cycleStart: string },
) {
  return db
    .select({
      enrollmentId: billingCycles.enrollmentId,
      cycleStart: billingCycles.cycleStart,
      customerId: billingCycles.customerId,
      owedCents: sql<string>`${cycleOwedCents}`.mapWith(Number),
      ...payerColumns,
      planName: customerPlans.name,
    })
    .from(billingCycles)
    .innerJoin(
      enrollments,
      and(
        eq(enrollments.organizationId, billingCycles.organizationId),
        eq(enrollments.id, billingCycles.enrollmentId),
      ),
    )
    .innerJoin(
      customerPlans,
      and(
        eq(customerPlans.organizationId, enrollments.organizationId),
        eq(customerPlans.id, enrollments.planId),
      ),
    )
    .innerJoin(
      customers,
      and(
        eq(customers.organizationId, billingCycles.organizationId),
        eq(customers.id, billingCycles.customerId),
      ),
    )
    .leftJoin(
      pixCharges,
      and(
        eq(pixCharges.organizationId, billingCycles.organizationId),
        eq(pixCharges.enrollmentId, billingCycles.enrollmentId),
        eq(pixCharges.cycleStart, billingCycles.cycleStart),
      ),
    )
    .where(
      and(
        eq(billingCycles.organizationId, organizationId),
        eq(billingCycles.currency, 'BRL'),
        sql`${billingCycles.cycleStart} between ${addDays(today, -FALLBACK_LOOK_BACK_DAYS)} and ${through}`,
        sql`((${billingCycles.cycleStart} >= ${today} and not ${cycleCoveredByRecurrence}) or ${cycleFellBack})`,
        only ? eq(billingCycles.enrollmentId, only.enrollmentId) : undefined,
        only ? eq(billingCycles.cycleStart, only.cycleStart) : undefined,
        eq(enrollments.status, 'ACTIVE'),
        onTheBooksLiterally(customers.status),
        chargeToPut(cycleOwedCents),
        sql`${cycleOwedCents} > 0`,
      ),
    )
    .orderBy(billingCycles.cycleStart);
}

/**
 * BRL packs and single classes sold that still owe something and start by `through`, of customers on the books,
 * that need a charge put at the PSP (`chargeToPut`; decision 029: a pack is paid once), with the payer's data.
 */
export async function purchasesToCharge(db: Reader, organizationId: string, today: string, through: string) {
  return db
    .select({
      purchaseId: purchases.id,
      customerId: purchases.customerId,
      startsOn: purchases.startsOn,
      owedCents: sql<string>`${purchases.priceCents} - ${purchasePaidCents}`.mapWith(Number),
      ...payerColumns,
      planName: customerPlans.name,
    })
    .from(purchases)
    .innerJoin(
      customers,
      and(eq(customers.organizationId, purchases.organizationId), eq(customers.id, purchases.customerId)),
    )
    .innerJoin(
      customerPlans,
      and(eq(customerPlans.organizationId, purchases.organizationId), eq(customerPlans.id, purchases.planId)),
    )
    .leftJoin(
      pixCharges,
      and(eq(pixCharges.organizationId, purchases.organizationId), eq(pixCharges.purchaseId, purchases.id)),
    )
    .where(
      and(
        eq(purchases.organizationId, organizationId),
        eq(purchases.currency, 'BRL'),
        sql`${purchases.startsOn} <= ${through} and ${purchases.expiresOn} >= ${today}`,
        onTheBooksLiterally(customers.status),
        chargeToPut(sql`${purchases.priceCents} - ${purchasePaidCents}`),
        sql`${purchases.priceCents} - ${purchasePaidCents} > 0`,
      ),
    );
}

/** ACTIVE charges of packs paid another way since: to remove at the PSP. */
export async function purchaseChargesToRemove(db: Reader, organizationId: string) {
  return db
    .select({ txid: pixCharges.txid })
    .from(pixCharges)
    .innerJoin(
      purchases,
      and(eq(purchases.organizationId, pixCharges.organizationId), eq(purchases.id, pixCharges.purchaseId)),
    )
    .where(
      and(
        eq(pixCharges.organizationId, organizationId),
        eq(pixCharges.status, 'ACTIVE'),
        sql`${purchasePaidCents} >= ${purchases.priceCents}`,
      ),
    );
}

/** Our row first (PENDING), then the PSP's PUT: a crash between leaves a row the next run asks for again. */
export async function reserveCharge(db: Reader, row: typeof pixCharges.$inferInsert) {
  await db
    .insert(pixCharges)
    .values(row)
    .onConflictDoUpdate({
      target: [pixCharges.organizationId, pixCharges.txid],
      set: { amountCents: row.amountCents, updatedAt: row.updatedAt },
      setWhere: sql`${pixCharges.status} = 'PENDING'`,
    });
}

/**
 * A charge moves only forward from what the caller saw: PENDING → ACTIVE or REFUSED, ACTIVE → REMOVED; PAID
 * (a Pix recorded) from any state, so a removal racing the customer's payment never hides the payment.
 */
const SETTLES_FROM: Record<PixChargeRow['status'], PixChargeRow['status'][]> = {
  PENDING: [],
  // ACTIVE → ACTIVE: the PSP took a new amount for it.
  ACTIVE: ['PENDING', 'ACTIVE'],
  REFUSED: ['PENDING'],
  REMOVED: ['ACTIVE'],
  PAID: ['PENDING', 'ACTIVE', 'REMOVED', 'REFUSED'],
};

export async function settleCharge(
  db: Reader,
  key: { organizationId: string; txid: string },
  change: {
    status: PixChargeRow['status'];
    brCode?: string | null;
    failure?: string | null;
    /** What the PSP confirmed the charge for. */
    amountCents?: number;
    now: Date;
  },
) {
  await db
    .update(pixCharges)
    .set({
      status: change.status,
      brCode: change.brCode,
      failure: change.failure,
      amountCents: change.amountCents,
      updatedAt: change.now,
    })
    .where(
      and(
        eq(pixCharges.organizationId, key.organizationId),
        eq(pixCharges.txid, key.txid),
        inArray(pixCharges.status, SETTLES_FROM[change.status]),
      ),
    );
}

/** ACTIVE charges whose cycle owes nothing any more, or whose enrollment stopped: to remove at the PSP. */
export async function chargesToRemove(db: Reader, organizationId: string) {
  return db
    .select({ txid: pixCharges.txid })
    .from(pixCharges)
    .innerJoin(
      billingCycles,
      and(
        eq(billingCycles.organizationId, pixCharges.organizationId),
        eq(billingCycles.enrollmentId, pixCharges.enrollmentId),
        eq(billingCycles.cycleStart, pixCharges.cycleStart),
      ),
    )
    .innerJoin(
      enrollments,
      and(
        eq(enrollments.organizationId, pixCharges.organizationId),
        eq(enrollments.id, pixCharges.enrollmentId),
      ),
    )
    .where(
      and(
        eq(pixCharges.organizationId, organizationId),
        eq(pixCharges.status, 'ACTIVE'),
        sql`(${cycleOwedCents} <= 0 or ${enrollments.status} <> 'ACTIVE')`,
      ),
    );
}

export async function lockChargeByTxid(tx: Transaction, organizationId: string, txid: string) {
  const [row] = await tx
    .select()
    .from(pixCharges)
    .where(and(eq(pixCharges.organizationId, organizationId), eq(pixCharges.txid, txid)))
    .for('update');
  return row ?? null;
}

/** True when this end-to-end id is new: the caller records its payment in the same transaction. */
export async function insertReceived(
  tx: Transaction,
  row: typeof pixReceived.$inferInsert,
): Promise<boolean> {
  const inserted = await tx
    .insert(pixReceived)
    .values(row)
    .onConflictDoNothing()
    .returning({ endToEndId: pixReceived.endToEndId });
  return inserted.length > 0;
}

export async function linkReceivedPayment(
  tx: Transaction,
  key: { organizationId: string; endToEndId: string },
  paymentId: string,
) {
  await tx
    .update(pixReceived)
    .set({ paymentId })
    .where(
      and(eq(pixReceived.organizationId, key.organizationId), eq(pixReceived.endToEndId, key.endToEndId)),
    );
}

/** Adds the fine and interest, or takes off the discount, a Pix paid on top of the cycle's amount. */
export async function adjustCycleAmount(
  tx: Transaction,
  key: { organizationId: string; enrollmentId: string; cycleStart: string },
  deltaCents: number,
) {
  if (deltaCents === 0) return;
  await tx
    .update(billingCycles)
    .set({
      amountCents: sql`greatest(${billingCycles.creditAppliedCents}, ${billingCycles.amountCents} + ${deltaCents})`,
    })
    .where(
      and(
        eq(billingCycles.organizationId, key.organizationId),
        eq(billingCycles.enrollmentId, key.enrollmentId),
        eq(billingCycles.cycleStart, key.cycleStart),
      ),
    );
}

export async function listCustomerCharges(db: Reader, organizationId: string, customerId: string) {
  return db
    .select()
    .from(pixCharges)
    .where(and(eq(pixCharges.organizationId, organizationId), eq(pixCharges.customerId, customerId)))
    .orderBy(sql`${pixCharges.cycleStart} desc`);
}

export async function findCustomerPayer(db: Reader, organizationId: string, customerId: string) {
  const [row] = await db
    .select(payerColumns)
    .from(customers)
    .where(and(eq(customers.organizationId, organizationId), eq(customers.id, customerId)));
  return row ?? null;
}

export async function setReconciledUntil(db: Reader, organizationId: string, until: Date) {
  await db
    .update(pixPspConnections)
    .set({ reconciledUntil: until })
    .where(eq(pixPspConnections.organizationId, organizationId));
}

export type PixRefundRow = typeof pixRefunds.$inferSelect;

export async function insertRefund(tx: Transaction, row: typeof pixRefunds.$inferInsert) {
  await tx.insert(pixRefunds).values(row);
}

export async function openRefunds(db: Reader, organizationId: string) {
  return db
    .select()
    .from(pixRefunds)
    .where(
      and(
        eq(pixRefunds.organizationId, organizationId),
        inArray(pixRefunds.status, ['REQUESTED', 'EM_PROCESSAMENTO']),
      ),
    );
}

const refundOf = (db: Reader, organizationId: string, refundId: string) =>
  db
    .select()
    .from(pixRefunds)
    .where(and(eq(pixRefunds.organizationId, organizationId), eq(pixRefunds.refundId, refundId)));

export async function findRefund(db: Reader, organizationId: string, refundId: string) {
  const [row] = await refundOf(db, organizationId, refundId);
  return row ?? null;
}

export async function lockRefund(tx: Transaction, organizationId: string, refundId: string) {
  const [row] = await refundOf(tx, organizationId, refundId).for('update');
  return row ?? null;
}

export async function setRefundStatus(
  tx: Reader,
  key: { organizationId: string; refundId: string },
  status: string,
  settledAt: Date | null,
) {
  await tx
    .update(pixRefunds)
    .set({ status, settledAt })
    .where(and(eq(pixRefunds.organizationId, key.organizationId), eq(pixRefunds.refundId, key.refundId)));
}

/** Refunds of a payment still on their way: their amounts are not given back yet but may not be asked twice. */
export async function pendingRefundCents(tx: Reader, organizationId: string, paymentId: string) {
  const [row] = await tx
    .select({ cents: sql<string>`coalesce(sum(${pixRefunds.amountCents}), 0)`.mapWith(Number) })
    .from(pixRefunds)
    .where(
      and(
        eq(pixRefunds.organizationId, organizationId),
        eq(pixRefunds.paymentId, paymentId),
        inArray(pixRefunds.status, ['REQUESTED', 'EM_PROCESSAMENTO']),
      ),
    );
  return row?.cents ?? 0;
}

/** The copy-paste codes of the ACTIVE charges of some enrollments, by `enrollmentId:cycleStart` (reminders). */
export async function openChargeCodes(
  db: Reader,
  organizationId: string,
  enrollmentIds: readonly string[],
): Promise<Map<string, string>> {
  if (enrollmentIds.length === 0) return new Map();
  const rows = await db
    .select({
      enrollmentId: pixCharges.enrollmentId,
      cycleStart: pixCharges.cycleStart,
      brCode: pixCharges.brCode,
    })
    .from(pixCharges)
    .where(
      and(
        eq(pixCharges.organizationId, organizationId),
        inArray(pixCharges.enrollmentId, [...enrollmentIds]),
        eq(pixCharges.status, 'ACTIVE'),
      ),
    );
  return new Map(
    rows.flatMap((row) =>
      row.brCode ? [[`${row.enrollmentId}:${row.cycleStart}`, row.brCode] as const] : [],
    ),
  );
}

export async function findCustomerCharge(
  db: Reader,
  organizationId: string,
  customerId: string,
  txid: string,
) {
  const [row] = await db
    .select()
    .from(pixCharges)
    .where(
      and(
        eq(pixCharges.organizationId, organizationId),
        eq(pixCharges.customerId, customerId),
        eq(pixCharges.txid, txid),
      ),
    );
  return row ?? null;
}
