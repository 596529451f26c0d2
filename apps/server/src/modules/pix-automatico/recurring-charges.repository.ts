import type { FallbackReason, RecurringChargeState } from '@reformer/domain/pix-automatico-charges';
import { and, desc, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.ts';
import {
  billingCycles,
  enrollments,
  pixCharges,
  pixRecurrences,
  pixRecurringCharges,
} from '../../db/schema/index.ts';
import { cycleOwedCents } from '../pix-charges/pix-charges.repository.ts';

type Reader = Database | Transaction;

export type RecurringChargeRow = typeof pixRecurringCharges.$inferSelect;
export type RecurringChargeInsert = typeof pixRecurringCharges.$inferInsert;
type ChargeKey = { organizationId: string; txid: string };

/**
 * The cycles of APPROVED recurrences that start between `from` and `through` (the charge window) and need their
 * `cobr`: none written yet, or written and not confirmed by the PSP (PENDING: a crash or a PSP down left it).
 * A cycle paid already, or with a charge of decision 030 waiting or paid, is not charged again.
 */
export async function cyclesToDebit(
  db: Reader,
  organizationId: string,
  window: { from: string; through: string; enrollmentId?: string },
) {
  const { from, through, enrollmentId } = window;
  return db
    .select({
      recurrenceId: pixRecurrences.id,
      idRec: pixRecurrences.idRec,
      amountKind: pixRecurrences.amountKind,
      recurrenceCents: pixRecurrences.amountCents,
      enrollmentId: billingCycles.enrollmentId,
      customerId: billingCycles.customerId,
      cycleStart: billingCycles.cycleStart,
      owedCents: sql<string>`${cycleOwedCents}`.mapWith(Number),
      existingTxid: pixRecurringCharges.txid,
    })
    .from(pixRecurrences)
    .innerJoin(
      billingCycles,
      and(
        eq(billingCycles.organizationId, pixRecurrences.organizationId),
        eq(billingCycles.enrollmentId, pixRecurrences.enrollmentId),
        sql`${billingCycles.cycleStart} >= ${pixRecurrences.startDate}`,
        sql`(${pixRecurrences.endDate} is null or ${billingCycles.cycleStart} <= ${pixRecurrences.endDate})`,
      ),
    )
    .innerJoin(
      enrollments,
      and(
        eq(enrollments.organizationId, billingCycles.organizationId),
        eq(enrollments.id, billingCycles.enrollmentId),
      ),
    )
    .leftJoin(
      pixRecurringCharges,
      and(
        eq(pixRecurringCharges.organizationId, billingCycles.organizationId),
        eq(pixRecurringCharges.enrollmentId, billingCycles.enrollmentId),
        eq(pixRecurringCharges.cycleStart, billingCycles.cycleStart),
      ),
    )
    .where(
      and(
        eq(pixRecurrences.organizationId, organizationId),
        eq(pixRecurrences.state, 'APPROVED'),
        enrollmentId ? eq(pixRecurrences.enrollmentId, enrollmentId) : undefined,
        sql`${pixRecurrences.idRec} is not null`,
        eq(enrollments.status, 'ACTIVE'),
        eq(billingCycles.currency, 'BRL'),
        sql`${billingCycles.cycleStart} between ${from} and ${through}`,
        sql`(${pixRecurringCharges.txid} is null or ${pixRecurringCharges.state} = 'PENDING')`,
        sql`${cycleOwedCents} > 0`,
        sql`not exists (select 1 from ${pixCharges} where ${pixCharges.organizationId} = ${billingCycles.organizationId}
          and ${pixCharges.enrollmentId} = ${billingCycles.enrollmentId} and ${pixCharges.cycleStart} = ${billingCycles.cycleStart}
          and ${pixCharges.status} in ('PENDING', 'ACTIVE', 'PAID'))`,
      ),
    )
    .orderBy(billingCycles.cycleStart);
}

/** Written before the PSP is asked; the unique (recurrence, cycle) and (enrollment, cycle) make it once. */
export async function reserveRecurringCharge(db: Reader, values: RecurringChargeInsert) {
  await db.insert(pixRecurringCharges).values(values).onConflictDoNothing();
}

export async function findRecurringCharge(db: Reader, key: ChargeKey) {
  const [row] = await db
    .select()
    .from(pixRecurringCharges)
    .where(
      and(eq(pixRecurringCharges.organizationId, key.organizationId), eq(pixRecurringCharges.txid, key.txid)),
    );
  return row ?? null;
}

/** PENDING → ACTIVE once the PSP has the charge (a later notice may have moved it further already). */
export async function confirmRecurringCharge(db: Reader, key: ChargeKey, now: Date) {
  await db
    .update(pixRecurringCharges)
    .set({ state: 'ACTIVE', updatedAt: now })
    .where(
      and(
        eq(pixRecurringCharges.organizationId, key.organizationId),
        eq(pixRecurringCharges.txid, key.txid),
        eq(pixRecurringCharges.state, 'PENDING'),
      ),
    );
}

/** A charge never sent (the PSP refused it, or its amount does not fit): final, the cycle falls back. */
export async function refuseRecurringCharge(db: Reader, key: ChargeKey, failure: string, now: Date) {
  await db
    .update(pixRecurringCharges)
    .set({ state: 'REFUSED', failure: failure.slice(0, 500), updatedAt: now })
    .where(
      and(
        eq(pixRecurringCharges.organizationId, key.organizationId),
        eq(pixRecurringCharges.txid, key.txid),
        eq(pixRecurringCharges.state, 'PENDING'),
      ),
    );
}

/**
 * Takes a PSP notice only when it got further than the row (`progress`, domain `chargeProgress`), in one
 * conditional update: true when this call moved it. A repeat or an older notice changes nothing.
 */
export async function advanceRecurringCharge(
  db: Reader,
  key: ChargeKey,
  values: {
    progress: number;
    state: RecurringChargeState;
    attempts: number;
    rejectionCode: string | null;
    endToEndId: string | null;
    /** The open retry's date; undefined keeps the one asked for (its attempt not known yet). */
    nextRetryDate: string | null | undefined;
  },
  now: Date,
): Promise<boolean> {
  const moved = await db
    .update(pixRecurringCharges)
    .set({
      state: values.state,
      progress: values.progress,
      attempts: values.attempts,
      rejectionCode: values.rejectionCode,
      ...(values.endToEndId ? { endToEndId: values.endToEndId } : {}),
      ...(values.nextRetryDate !== undefined ? { nextRetryDate: values.nextRetryDate } : {}),
      updatedAt: now,
    })
    .where(
      and(
        eq(pixRecurringCharges.organizationId, key.organizationId),
        eq(pixRecurringCharges.txid, key.txid),
        lt(pixRecurringCharges.progress, values.progress),
      ),
    )
    .returning({ txid: pixRecurringCharges.txid });
  return moved.length > 0;
}

export async function setNextRetryDate(db: Reader, key: ChargeKey, date: string, now: Date) {
  await db
    .update(pixRecurringCharges)
    .set({ nextRetryDate: date, updatedAt: now })
    .where(
      and(eq(pixRecurringCharges.organizationId, key.organizationId), eq(pixRecurringCharges.txid, key.txid)),
    );
}

/** The cycle falls back to the dynamic charge: true for the one caller that set it (once, however many race). */
export async function claimFallback(db: Reader, key: ChargeKey, reason: FallbackReason, now: Date) {
  const claimed = await db
    .update(pixRecurringCharges)
    .set({ fallbackReason: reason, fellBackAt: now, updatedAt: now })
    .where(
      and(
        eq(pixRecurringCharges.organizationId, key.organizationId),
        eq(pixRecurringCharges.txid, key.txid),
        isNull(pixRecurringCharges.fellBackAt),
      ),
    )
    .returning({ txid: pixRecurringCharges.txid });
  return claimed.length > 0;
}

/** The cycle a recurring charge's Pix pays (received-pix.ts), or null for another txid. */
export async function findRecurringChargeCycle(db: Reader, organizationId: string, txid: string) {
  const [row] = await db
    .select({
      customerId: pixRecurringCharges.customerId,
      enrollmentId: pixRecurringCharges.enrollmentId,
      cycleStart: pixRecurringCharges.cycleStart,
    })
    .from(pixRecurringCharges)
    .where(and(eq(pixRecurringCharges.organizationId, organizationId), eq(pixRecurringCharges.txid, txid)));
  return row ?? null;
}

/** A recurrence's charges, latest cycle first (the enrollment's Pix Automático answer). */
export async function listRecurrenceCharges(db: Reader, organizationId: string, recurrenceId: string) {
  return db
    .select()
    .from(pixRecurringCharges)
    .where(
      and(
        eq(pixRecurringCharges.organizationId, organizationId),
        eq(pixRecurringCharges.recurrenceId, recurrenceId),
      ),
    )
    .orderBy(desc(pixRecurringCharges.cycleStart));
}

/** The organizations that ever started Pix Automático: the only ones its jobs call the PSP for. */
export async function organizationsWithRecurrences(db: Reader): Promise<string[]> {
  const rows = await db.selectDistinct({ id: pixRecurrences.organizationId }).from(pixRecurrences);
  return rows.map((row) => row.id);
}

/** The organization's live recurrences (CREATED or APPROVED), for reconciliation with `GET /rec`. */
export async function liveRecurrences(db: Reader, organizationId: string) {
  return db
    .select()
    .from(pixRecurrences)
    .where(
      and(
        eq(pixRecurrences.organizationId, organizationId),
        sql`${pixRecurrences.state} in ('CREATED', 'APPROVED')`,
      ),
    );
}
