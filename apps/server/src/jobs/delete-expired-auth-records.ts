import { lt } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { rateLimits, sessions, verifications } from '../db/schema/index.ts';

/** better-auth never deletes what expired; without this, sessions and rate-limit rows grow forever. */
export async function deleteExpiredAuthRecords(db: Database, now: Date) {
  const dayAgo = now.getTime() - 24 * 60 * 60 * 1000;
  const deletedSessions = await db
    .delete(sessions)
    .where(lt(sessions.expiresAt, now))
    .returning({ id: sessions.id });
  const deletedVerifications = await db
    .delete(verifications)
    .where(lt(verifications.expiresAt, now))
    .returning({ id: verifications.id });
  await db.delete(rateLimits).where(lt(rateLimits.lastRequest, dayAgo));
  return { sessions: deletedSessions.length, verifications: deletedVerifications.length };
}
