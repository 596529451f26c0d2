import { and, between, eq, inArray, isNull } from 'drizzle-orm';
import type { Transaction } from '../../db/client.ts';
import { customers, enrollments, makeUpCredits, schedules } from '../../db/schema/index.ts';

/** The SQL of earning, returning and spending credits; always inside the attendance change's transaction. */

type Place = { organizationId: string; sessionId: string; customerId: string };
export type CreditRow = typeof makeUpCredits.$inferInsert;

/**
 * The customer's row, locked until the transaction ends: every earning, return and spending of their
 * credits takes it after the session's schedule (decision 013's order), so the monthly count and the
 * oldest valid credit are read by one writer at a time.
 */
export async function lockCustomer(tx: Transaction, organizationId: string, customerId: string) {
  await tx
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.organizationId, organizationId), eq(customers.id, customerId)))
    .for('update');
}

/** Credits the customer holds for cancelled sessions dated within [from, to]. */
export async function countEarnedBetween(
  tx: Transaction,
  key: { organizationId: string; customerId: string },
  month: { from: string; to: string },
) {
  return tx.$count(
    makeUpCredits,
    and(
      eq(makeUpCredits.organizationId, key.organizationId),
      eq(makeUpCredits.customerId, key.customerId),
      between(makeUpCredits.sessionDate, month.from, month.to),
    ),
  );
}

const creditColumns = {
  id: makeUpCredits.id,
  customerId: makeUpCredits.customerId,
  earnedAt: makeUpCredits.earnedAt,
  expiresOn: makeUpCredits.expiresOn,
  usedAt: makeUpCredits.usedAt,
  usedSessionId: makeUpCredits.usedSessionId,
};

/** The credit the cancellation of this place earned, if any. */
export async function findCreditEarnedBy(tx: Transaction, place: Place) {
  const [row] = await tx
    .select(creditColumns)
    .from(makeUpCredits)
    .where(
      and(
        eq(makeUpCredits.organizationId, place.organizationId),
        eq(makeUpCredits.canceledSessionId, place.sessionId),
        eq(makeUpCredits.customerId, place.customerId),
      ),
    );
  return row ?? null;
}

/** Whether a credit paid for this place: it is a make-up. */
export async function isMakeUpPlace(tx: Transaction, place: Place) {
  const count = await tx.$count(
    makeUpCredits,
    and(
      eq(makeUpCredits.organizationId, place.organizationId),
      eq(makeUpCredits.usedSessionId, place.sessionId),
      eq(makeUpCredits.customerId, place.customerId),
    ),
  );
  return count > 0;
}

export async function insertCredit(tx: Transaction, row: CreditRow) {
  await tx.insert(makeUpCredits).values(row);
}

export async function deleteCredit(tx: Transaction, organizationId: string, id: string) {
  await tx
    .delete(makeUpCredits)
    .where(and(eq(makeUpCredits.organizationId, organizationId), eq(makeUpCredits.id, id)));
}

/** The customers' credits not spent yet (expired ones included: the domain decides). */
export async function listUnusedCredits(tx: Transaction, organizationId: string, customerIds: string[]) {
  return tx
    .select(creditColumns)
    .from(makeUpCredits)
    .where(
      and(
        eq(makeUpCredits.organizationId, organizationId),
        inArray(makeUpCredits.customerId, customerIds),
        isNull(makeUpCredits.usedSessionId),
      ),
    );
}

export async function spendCredit(
  tx: Transaction,
  key: { organizationId: string; id: string },
  use: { sessionId: string; at: Date },
) {
  await tx
    .update(makeUpCredits)
    .set({ status: 'USED', usedSessionId: use.sessionId, usedAt: use.at })
    .where(and(eq(makeUpCredits.organizationId, key.organizationId), eq(makeUpCredits.id, key.id)));
}

/** Establishments where each customer has an ACTIVE enrollment (in any of its schedules). */
export async function activeEnrollmentEstablishments(
  tx: Transaction,
  organizationId: string,
  customerIds: string[],
) {
  const rows = await tx
    .selectDistinct({ customerId: enrollments.customerId, establishmentId: schedules.establishmentId })
    .from(enrollments)
    .innerJoin(
      schedules,
      and(eq(schedules.organizationId, enrollments.organizationId), eq(schedules.id, enrollments.scheduleId)),
    )
    .where(
      and(
        eq(enrollments.organizationId, organizationId),
        inArray(enrollments.customerId, customerIds),
        eq(enrollments.status, 'ACTIVE'),
      ),
    );
  const byCustomer = new Map<string, string[]>();
  for (const row of rows)
    byCustomer.set(row.customerId, [...(byCustomer.get(row.customerId) ?? []), row.establishmentId]);
  return byCustomer;
}
