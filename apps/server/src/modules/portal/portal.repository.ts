import { and, asc, eq, gte, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Transaction } from '../../db/client.ts';
import { establishmentOfSchedule, scheduleOfSession, sessionSlotColumns } from '../../db/joins.ts';
import { classesSpent } from '../../db/purchase-balance.ts';
import {
  customerPlans,
  establishments,
  makeUpCredits,
  purchases,
  scheduleSessions,
  schedules,
  waitlistEntries,
} from '../../db/schema/index.ts';

/** What the portal reads of one customer beyond their places (decision 039): credits, packs, waitlist. */

type CustomerKey = { organizationId: string; customerId: string };

const sessionOfCredit = and(
  eq(scheduleSessions.organizationId, makeUpCredits.organizationId),
  eq(scheduleSessions.id, makeUpCredits.canceledSessionId),
);

/** Unused credits valid on `today` or later, with the establishment of the class each replaces; oldest first. */
export async function listUsableCredits(tx: Transaction, key: CustomerKey, today: string) {
  return tx
    .select({
      id: makeUpCredits.id,
      earnedAt: makeUpCredits.earnedAt,
      expiresOn: makeUpCredits.expiresOn,
      usedAt: makeUpCredits.usedAt,
      establishmentId: schedules.establishmentId,
      establishmentName: establishments.name,
      canceledSessionDate: sql<string>`${makeUpCredits.sessionDate}::text`,
    })
    .from(makeUpCredits)
    .innerJoin(scheduleSessions, sessionOfCredit)
    .innerJoin(schedules, scheduleOfSession)
    .innerJoin(establishments, establishmentOfSchedule)
    .where(
      and(
        eq(makeUpCredits.organizationId, key.organizationId),
        eq(makeUpCredits.customerId, key.customerId),
        isNull(makeUpCredits.usedSessionId),
        gte(makeUpCredits.expiresOn, today),
      ),
    )
    .orderBy(asc(makeUpCredits.earnedAt), asc(makeUpCredits.id));
}

/** Packs and single classes not past their last day, with their balance; the trial is not the portal's to spend. */
export async function listUsablePacks(tx: Transaction, key: CustomerKey, today: string) {
  return tx
    .select({
      id: purchases.id,
      planName: customerPlans.name,
      classesTotal: purchases.classesTotal,
      classesSpent: classesSpent.mapWith(Number),
      startsOn: sql<string>`${purchases.startsOn}::text`,
      expiresOn: sql<string>`${purchases.expiresOn}::text`,
    })
    .from(purchases)
    .innerJoin(
      customerPlans,
      and(eq(customerPlans.organizationId, purchases.organizationId), eq(customerPlans.id, purchases.planId)),
    )
    .where(
      and(
        eq(purchases.organizationId, key.organizationId),
        eq(purchases.customerId, key.customerId),
        ne(purchases.kind, 'TRIAL'),
        gte(purchases.expiresOn, today),
      ),
    )
    .orderBy(asc(purchases.expiresOn), asc(purchases.id));
}

/** The customer's active waitlist entries (waiting, or offered a seat) of sessions not started. */
export async function listActiveEntries(tx: Transaction, key: CustomerKey, now: Date) {
  return tx
    .select({
      entryId: waitlistEntries.id,
      ...sessionSlotColumns,
      state: waitlistEntries.state,
      offerExpiresAt: waitlistEntries.offerExpiresAt,
    })
    .from(waitlistEntries)
    .innerJoin(
      scheduleSessions,
      and(
        eq(scheduleSessions.organizationId, waitlistEntries.organizationId),
        eq(scheduleSessions.id, waitlistEntries.sessionId),
      ),
    )
    .innerJoin(schedules, scheduleOfSession)
    .innerJoin(establishments, establishmentOfSchedule)
    .where(
      and(
        eq(waitlistEntries.organizationId, key.organizationId),
        eq(waitlistEntries.customerId, key.customerId),
        inArray(waitlistEntries.state, ['WAITING', 'OFFERED']),
        sql`${scheduleSessions.startsAt} > ${now.toISOString()}::timestamptz`,
      ),
    )
    .orderBy(asc(scheduleSessions.startsAt));
}
