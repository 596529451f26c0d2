import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { preparedStatement } from '../db/prepared.ts';
import { sessions } from '../db/schema/index.ts';

/**
 * A bearer token is good only while the sign-in session it came from exists: sign-out, "revoke all
 * sessions" and a password change delete that row, and the token stops working at once (issue #16).
 * One lookup by primary key; placeholders `sessionId` and `userId`.
 */
export const liveSession = sql<boolean>`exists (
  select 1 from ${sessions}
  where ${sessions.id} = ${sql.placeholder('sessionId')}
    and ${sessions.userId} = ${sql.placeholder('userId')}
    and ${sessions.expiresAt} > now())`;

export async function isSessionLive(db: Database, sessionId: string, userId: string): Promise<boolean> {
  const query = preparedStatement(db, 'live_session', (name) =>
    db.select({ live: liveSession }).from(sql`(select 1) as one`).prepare(name),
  );
  const [row] = await query.execute({ sessionId, userId });
  return row?.live === true;
}
