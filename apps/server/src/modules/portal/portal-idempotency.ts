import { and, eq, isNull, lt } from 'drizzle-orm';
import { createMiddleware } from 'hono/factory';
import type { Database, Transaction } from '../../db/client.ts';
import { portalIdempotencyKeys, portalSessions } from '../../db/schema/index.ts';
import type { AppEnv } from '../../lib/http.ts';
import {
  type AnswerStore,
  answerOnce,
  IDEMPOTENCY_KEY_LIFETIME_MS,
  idempotencyKeyOf,
} from '../../lib/idempotency.ts';
import { hashClassLinkToken, isClassLinkToken } from '../class-links/class-link-tokens.ts';
import { cookieOf } from './portal-cookie.ts';

type Owner = { organizationId: string; sessionId: string; customerId: string; key: string };

/**
 * `Idempotency-Key` on the portal's writes, as on staff's creates (lib/idempotency.ts): the key is the
 * session's own. Without a session (none, or ended) the request goes on, to be refused by its route.
 */
export const portalIdempotency = createMiddleware<AppEnv>(async (c, next) => {
  if (c.req.method !== 'POST') return next();
  const key = idempotencyKeyOf(c);
  const cookie = cookieOf(c);
  if (key === undefined || !cookie || !isClassLinkToken(cookie)) return next();
  const { db } = c.get('deps');
  const [session] = await db
    .select({
      organizationId: portalSessions.organizationId,
      sessionId: portalSessions.id,
      customerId: portalSessions.customerId,
    })
    .from(portalSessions)
    .where(and(eq(portalSessions.sessionHash, hashClassLinkToken(cookie)), isNull(portalSessions.endedAt)));
  if (!session) return next();
  return answerOnce(c, next, sessionAnswers(db, { ...session, key }));
});

function sessionAnswers(db: Database, owner: Owner): AnswerStore {
  const mine = and(
    eq(portalIdempotencyKeys.organizationId, owner.organizationId),
    eq(portalIdempotencyKeys.sessionId, owner.sessionId),
    eq(portalIdempotencyKeys.key, owner.key),
  );
  return {
    claim: async (fingerprint) => {
      const [claimed] = await db
        .insert(portalIdempotencyKeys)
        .values({ ...owner, fingerprint })
        .onConflictDoNothing()
        .returning({ key: portalIdempotencyKeys.key });
      return claimed !== undefined;
    },
    find: async () => {
      const [first] = await db.select().from(portalIdempotencyKeys).where(mine);
      return first;
    },
    keep: async (answer) => {
      await db.update(portalIdempotencyKeys).set(answer).where(mine);
    },
    forget: async () => {
      await db.delete(portalIdempotencyKeys).where(mine);
    },
    // The customer's own answers, erased with the session and by their purge.
    keepsPrivateAnswers: true,
  };
}

/** A purged customer's kept answers go with the rest of their data. */
export async function erasePortalAnswers(
  tx: Transaction,
  key: { organizationId: string; customerId: string },
) {
  await tx
    .delete(portalIdempotencyKeys)
    .where(
      and(
        eq(portalIdempotencyKeys.organizationId, key.organizationId),
        eq(portalIdempotencyKeys.customerId, key.customerId),
      ),
    );
}

/** For the hourly clean-up job: answers older than a day are not replayed any more. */
export async function deleteExpiredPortalAnswers(db: Database, now: Date): Promise<number> {
  const deleted = await db
    .delete(portalIdempotencyKeys)
    .where(lt(portalIdempotencyKeys.createdAt, new Date(now.getTime() - IDEMPOTENCY_KEY_LIFETIME_MS)))
    .returning({ key: portalIdempotencyKeys.key });
  return deleted.length;
}
