import type { BillingCycle } from '@reformer/domain/customer-plans';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.ts';
import {
  billingCycles,
  customerPlans,
  customers,
  enrollments,
  pixCharges,
  pixRecurrences,
  pixRecurringCharges,
} from '../../db/schema/index.ts';
import { cycleOwedCents, payerColumns } from '../pix-charges/pix-charges.repository.ts';

type Reader = Database | Transaction;

export type PixRecurrenceRow = typeof pixRecurrences.$inferSelect;
export type PixRecurrenceInsert = typeof pixRecurrences.$inferInsert;

/** The enrollment, its plan's cycle and price, and its customer as a payer. */
export async function findEnrollmentToCharge(db: Reader, organizationId: string, enrollmentId: string) {
  const [row] = await db
    .select({
      id: enrollments.id,
      status: enrollments.status,
      startDate: enrollments.startDate,
      endDate: enrollments.endDate,
      customerId: enrollments.customerId,
      planName: customerPlans.name,
      billingCycle: customerPlans.billingCycle,
      priceCents: customerPlans.priceCents,
      currency: customerPlans.currency,
      ...payerColumns,
    })
    .from(enrollments)
    .innerJoin(
      customerPlans,
      and(
        eq(customerPlans.organizationId, enrollments.organizationId),
        eq(customerPlans.id, enrollments.planId),
      ),
    )
    .innerJoin(
      customers,
      and(eq(customers.organizationId, enrollments.organizationId), eq(customers.id, enrollments.customerId)),
    )
    .where(and(eq(enrollments.organizationId, organizationId), eq(enrollments.id, enrollmentId)));
  // The column's enum is the domain's list (schema customers.ts), typed there as strings.
  return row ? { ...row, billingCycle: row.billingCycle as BillingCycle } : null;
}

/**
 * The enrollment's earliest charged cycle that still owes something and is not being charged by a PIX charge
 * of decision 030 already (one waiting for payment): the cycle the QR pays.
 */
export async function firstOwedCycle(db: Reader, organizationId: string, enrollmentId: string) {
  const [row] = await db
    .select({
      cycleStart: billingCycles.cycleStart,
      cycleEnd: billingCycles.cycleEnd,
      owedCents: sql<string>`${cycleOwedCents}`.mapWith(Number),
    })
    .from(billingCycles)
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
        eq(billingCycles.enrollmentId, enrollmentId),
        eq(billingCycles.currency, 'BRL'),
        sql`${cycleOwedCents} > 0`,
        sql`(${pixCharges.status} is null or ${pixCharges.status} not in ('PENDING', 'ACTIVE'))`,
        // Nor a debit of an approved recurrence under way (a replacement's QR must not pay that cycle too).
        sql`not exists (select 1 from ${pixRecurringCharges} where ${pixRecurringCharges.organizationId} = ${billingCycles.organizationId} and ${pixRecurringCharges.enrollmentId} = ${billingCycles.enrollmentId} and ${pixRecurringCharges.cycleStart} = ${billingCycles.cycleStart} and ${pixRecurringCharges.state} in ('PENDING', 'ACTIVE'))`,
      ),
    )
    .orderBy(billingCycles.cycleStart)
    .limit(1);
  return row ?? null;
}

/** The latest charged cycle's start: the next cycle to charge begins after it. */
export async function lastChargedCycleStart(db: Reader, organizationId: string, enrollmentId: string) {
  const [row] = await db
    .select({ cycleStart: billingCycles.cycleStart })
    .from(billingCycles)
    .where(
      and(eq(billingCycles.organizationId, organizationId), eq(billingCycles.enrollmentId, enrollmentId)),
    )
    .orderBy(desc(billingCycles.cycleStart))
    .limit(1);
  return row?.cycleStart ?? null;
}

/** Written before the PSP is asked; false when the enrollment has one waiting for the payer already. */
export async function insertRecurrence(db: Reader, values: PixRecurrenceInsert): Promise<boolean> {
  const inserted = await db
    .insert(pixRecurrences)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: pixRecurrences.id });
  return inserted.length > 0;
}

export async function deleteRecurrence(db: Reader, key: { organizationId: string; id: string }) {
  await db
    .delete(pixRecurrences)
    .where(and(eq(pixRecurrences.organizationId, key.organizationId), eq(pixRecurrences.id, key.id)));
}

export async function updateRecurrence(
  db: Reader,
  key: { organizationId: string; id: string },
  values: Partial<PixRecurrenceInsert>,
) {
  await db
    .update(pixRecurrences)
    .set(values)
    .where(and(eq(pixRecurrences.organizationId, key.organizationId), eq(pixRecurrences.id, key.id)));
}

/**
 * Moves a recurrence to `to` only from one of `from` (forward only, domain `canMoveRecurrence`): a late or
 * repeated notice, or two instances, change it once. True when this call moved it.
 */
export async function moveRecurrence(
  db: Reader,
  key: { organizationId: string; id: string },
  from: readonly PixRecurrenceRow['state'][],
  to: PixRecurrenceRow['state'],
  now: Date,
): Promise<boolean> {
  const isFinal = to !== 'CREATED' && to !== 'APPROVED';
  const moved = await db
    .update(pixRecurrences)
    .set({
      state: to,
      updatedAt: now,
      ...(isFinal ? { closedAt: now, pixCopiaECola: null } : {}),
      ...(to === 'APPROVED' ? { pixCopiaECola: null } : {}),
    })
    .where(
      and(
        eq(pixRecurrences.organizationId, key.organizationId),
        eq(pixRecurrences.id, key.id),
        inArray(pixRecurrences.state, [...from]),
      ),
    )
    .returning({ id: pixRecurrences.id });
  return moved.length > 0;
}

/** The enrollment's latest recurrence (live or ended), or null. */
export async function latestRecurrence(db: Reader, organizationId: string, enrollmentId: string) {
  const [row] = await db
    .select()
    .from(pixRecurrences)
    .where(
      and(eq(pixRecurrences.organizationId, organizationId), eq(pixRecurrences.enrollmentId, enrollmentId)),
    )
    .orderBy(desc(pixRecurrences.createdAt), desc(pixRecurrences.id))
    .limit(1);
  return row ?? null;
}

/**
 * The enrollment's live recurrences (CREATED, APPROVED): at most one of each (the partial unique indexes), the
 * CREATED one beside an APPROVED one being its replacement — a new authorization after a plan change.
 */
export async function liveRecurrencesOf(db: Reader, organizationId: string, enrollmentId: string) {
  const rows = await db
    .select()
    .from(pixRecurrences)
    .where(
      and(
        eq(pixRecurrences.organizationId, organizationId),
        eq(pixRecurrences.enrollmentId, enrollmentId),
        inArray(pixRecurrences.state, ['CREATED', 'APPROVED']),
      ),
    );
  return {
    approved: rows.find((row) => row.state === 'APPROVED') ?? null,
    waiting: rows.find((row) => row.state === 'CREATED') ?? null,
  };
}

/**
 * The payer approved `key`: in one transaction, the enrollment's other APPROVED recurrence (the one it
 * replaces) becomes CANCELLED_BY_RECEIVER and `key` APPROVED — so at most one is ever approved and charged, and
 * never none in between. Only from a state that may precede APPROVED (forward only): a repeated or late notice,
 * or two instances, do it once; `replaced` is set only for the call that did it.
 */
export async function approveReplacing(
  db: Database,
  key: { organizationId: string; id: string },
  from: readonly PixRecurrenceRow['state'][],
  now: Date,
): Promise<{ moved: boolean; replaced: PixRecurrenceRow | null }> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(pixRecurrences)
      .where(and(eq(pixRecurrences.organizationId, key.organizationId), eq(pixRecurrences.id, key.id)))
      .for('update');
    if (!row || !from.includes(row.state)) return { moved: false, replaced: null };
    const [replaced] = await tx
      .update(pixRecurrences)
      .set({ state: 'CANCELLED_BY_RECEIVER', updatedAt: now, closedAt: now, pixCopiaECola: null })
      .where(
        and(
          eq(pixRecurrences.organizationId, key.organizationId),
          eq(pixRecurrences.enrollmentId, row.enrollmentId),
          eq(pixRecurrences.state, 'APPROVED'),
          sql`${pixRecurrences.id} <> ${key.id}`,
        ),
      )
      .returning();
    await moveRecurrence(tx, key, from, 'APPROVED', now);
    return { moved: true, replaced: replaced ?? null };
  });
}

/**
 * Recurrences the studio's side ended since `since` that have a PSP id: the replaced ones among them may still
 * be live at the PSP if its PATCH failed when their replacement was approved (reconciliation asks again).
 */
export async function recentReceiverCancellations(db: Reader, organizationId: string, since: Date) {
  return db
    .select()
    .from(pixRecurrences)
    .where(
      and(
        eq(pixRecurrences.organizationId, organizationId),
        eq(pixRecurrences.state, 'CANCELLED_BY_RECEIVER'),
        sql`${pixRecurrences.idRec} is not null`,
        sql`${pixRecurrences.closedAt} >= ${since.toISOString()}::timestamptz`,
      ),
    );
}

/** The first cycle a Pix Automático QR's immediate charge (`txid`) pays, with its customer; null for others. */
export async function findFirstCycleByTxid(db: Reader, organizationId: string, txid: string) {
  const [row] = await db
    .select({
      customerId: pixRecurrences.customerId,
      enrollmentId: pixRecurrences.enrollmentId,
      cycleStart: pixRecurrences.firstCycleStart,
    })
    .from(pixRecurrences)
    .where(and(eq(pixRecurrences.organizationId, organizationId), eq(pixRecurrences.firstTxid, txid)));
  return row ?? null;
}

export async function findRecurrenceByIdRec(db: Reader, organizationId: string, idRec: string) {
  const [row] = await db
    .select()
    .from(pixRecurrences)
    .where(and(eq(pixRecurrences.organizationId, organizationId), eq(pixRecurrences.idRec, idRec)));
  return row ?? null;
}

export async function findRecurrence(db: Reader, key: { organizationId: string; id: string }) {
  const [row] = await db
    .select()
    .from(pixRecurrences)
    .where(and(eq(pixRecurrences.organizationId, key.organizationId), eq(pixRecurrences.id, key.id)));
  return row ?? null;
}

/**
 * Our rows of starts that never got the PSP's idRec (a crash between the row and POST /rec's answer), older
 * than `before`: they would block a new start (one live recurrence per enrollment); the PSP's side, if any, is
 * cancelled by reconciliation as an orphan.
 */
export async function deleteStaleStarts(db: Reader, organizationId: string, before: Date) {
  await db
    .delete(pixRecurrences)
    .where(
      and(
        eq(pixRecurrences.organizationId, organizationId),
        eq(pixRecurrences.state, 'CREATED'),
        sql`${pixRecurrences.idRec} is null`,
        sql`${pixRecurrences.createdAt} < ${before.toISOString()}::timestamptz`,
      ),
    );
}

/** Whether `vinculo.contrato` (domain `recurrenceContract`) names one of the organization's enrollments. */
export async function isOurContract(db: Reader, organizationId: string, contract: string): Promise<boolean> {
  const hex = /^[0-9a-f]{32}$/.exec(contract)?.[0];
  if (!hex) return false;
  const id = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  const [row] = await db
    .select({ id: enrollments.id })
    .from(enrollments)
    .where(and(eq(enrollments.organizationId, organizationId), eq(enrollments.id, id)));
  return Boolean(row);
}
