import { and, desc, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.ts';
import { portalRateLimits, portalSessions } from '../../db/schema/index.ts';

/** The SQL of portal sessions and of the portal's rate-limit counters (decision 039). */

type Reader = Database | Transaction;
type CustomerKey = { organizationId: string; customerId: string };

export async function insertSession(tx: Transaction, row: typeof portalSessions.$inferInsert) {
  await tx.insert(portalSessions).values(row);
}

/**
 * The organization of a session by its cookie's hash, ended or not: the first read of every portal request,
 * on the connecting user's pool (the cookie arrives without an organization); the rest runs under the wall.
 */
export async function findSessionOrganization(db: Database, sessionHash: string) {
  const [row] = await db
    .select({ organizationId: portalSessions.organizationId })
    .from(portalSessions)
    .where(eq(portalSessions.sessionHash, sessionHash));
  return row?.organizationId ?? null;
}

export async function findSession(tx: Transaction, organizationId: string, sessionHash: string) {
  const [row] = await tx
    .select({
      id: portalSessions.id,
      customerId: portalSessions.customerId,
      createdAt: portalSessions.createdAt,
      lastSeenAt: portalSessions.lastSeenAt,
      endedAt: portalSessions.endedAt,
    })
    .from(portalSessions)
    .where(
      and(eq(portalSessions.organizationId, organizationId), eq(portalSessions.sessionHash, sessionHash)),
    );
  return row ?? null;
}

export async function touchSession(tx: Transaction, key: { organizationId: string; id: string }, now: Date) {
  await tx
    .update(portalSessions)
    .set({ lastSeenAt: now })
    .where(and(eq(portalSessions.organizationId, key.organizationId), eq(portalSessions.id, key.id)));
}

/** Ends one session of the customer; answers whether it was live. Another customer's id ends nothing. */
export async function endSession(
  tx: Reader,
  key: CustomerKey & { id: string },
  end: { now: Date; reason: string },
): Promise<boolean> {
  const ended = await tx
    .update(portalSessions)
    .set({ endedAt: end.now, endedReason: end.reason })
    .where(
      and(
        eq(portalSessions.organizationId, key.organizationId),
        eq(portalSessions.customerId, key.customerId),
        eq(portalSessions.id, key.id),
        isNull(portalSessions.endedAt),
      ),
    )
    .returning({ id: portalSessions.id });
  return ended.length > 0;
}

/** Ends every open session of the customer (their link was revoked). */
export async function endCustomerSessions(tx: Reader, key: CustomerKey, end: { now: Date; reason: string }) {
  await tx
    .update(portalSessions)
    .set({ endedAt: end.now, endedReason: end.reason })
    .where(
      and(
        eq(portalSessions.organizationId, key.organizationId),
        eq(portalSessions.customerId, key.customerId),
        isNull(portalSessions.endedAt),
      ),
    );
}

/** The customer's sessions, newest first (the 50 latest: the exchanges staff look back on). */
export async function listSessions(db: Reader, key: CustomerKey) {
  return db
    .select({
      id: portalSessions.id,
      createdAt: portalSessions.createdAt,
      lastSeenAt: portalSessions.lastSeenAt,
      ipAddress: portalSessions.ipAddress,
      userAgent: portalSessions.userAgent,
      endedAt: portalSessions.endedAt,
      endedReason: portalSessions.endedReason,
    })
    .from(portalSessions)
    .where(
      and(
        eq(portalSessions.organizationId, key.organizationId),
        eq(portalSessions.customerId, key.customerId),
      ),
    )
    .orderBy(desc(portalSessions.createdAt), desc(portalSessions.id))
    .limit(50);
}

/** The bucket's window, locked, created empty first so two first hits do not both insert. */
export async function lockBucket(tx: Transaction, bucket: string, now: Date) {
  await tx.insert(portalRateLimits).values({ bucket, windowStartedAt: now, hits: 0 }).onConflictDoNothing();
  const [row] = await tx
    .select({ startedAt: portalRateLimits.windowStartedAt, hits: portalRateLimits.hits })
    .from(portalRateLimits)
    .where(eq(portalRateLimits.bucket, bucket))
    .for('update');
  return row && row.hits > 0 ? row : null;
}

export async function saveBucket(tx: Transaction, bucket: string, window: { startedAt: Date; hits: number }) {
  await tx
    .update(portalRateLimits)
    .set({ windowStartedAt: window.startedAt, hits: window.hits })
    .where(eq(portalRateLimits.bucket, bucket));
}

/** Counters whose window ended a day ago or more: nothing reads them again. */
export async function deleteStaleBuckets(db: Database, now: Date) {
  await db
    .delete(portalRateLimits)
    .where(lt(portalRateLimits.windowStartedAt, sql`${now.toISOString()}::timestamptz - interval '1 day'`));
}
