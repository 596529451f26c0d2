import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { preparedStatement } from '../db/prepared.ts';
import { sessions } from '../db/schema/index.ts';

/**
 * When the token's sign-in session stops being live, null when it is gone: sign-out, "revoke all sessions"
 * and a password change delete that row. One lookup by primary key; placeholders `sessionId` and `userId`.
 */
export const sessionExpiry = sql<Date | null>`(
  select ${sessions.expiresAt} from ${sessions}
  where ${sessions.id} = ${sql.placeholder('sessionId')}
    and ${sessions.userId} = ${sql.placeholder('userId')})`;

/** A bearer token is good only while the sign-in session it came from exists and has not expired (issue #16). */
export const liveSession = sql<boolean>`coalesce(${sessionExpiry} > now(), false)`;

export async function isSessionLive(db: Database, sessionId: string, userId: string): Promise<boolean> {
  const query = preparedStatement(db, 'live_session', (name) =>
    db.select({ live: liveSession }).from(sql`(select 1) as one`).prepare(name),
  );
  const [row] = await query.execute({ sessionId, userId });
  return row?.live === true;
}
