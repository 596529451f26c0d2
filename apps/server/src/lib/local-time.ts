import { eq } from 'drizzle-orm';
import type { Transaction } from '../db/client.ts';
import { organizations } from '../db/schema/index.ts';

/**
 * The organization's time zone, read under a share lock until the transaction ends: whatever instants the
 * caller computes with it (generating or moving sessions) cannot be overtaken by a zone change, which
 * updates this row and then recomputes the sessions it can see.
 */
export async function lockTimeZone(tx: Transaction, organizationId: string): Promise<string> {
  const [row] = await tx
    .select({ timeZone: organizations.timeZone })
    .from(organizations)
    .where(eq(organizations.id, organizationId))
    .for('share');
  if (!row) throw new Error(`Organization ${organizationId} vanished during the request`);
  return row.timeZone;
}

/** PostgreSQL prints a `time` as "07:00:00"; the API speaks "HH:mm" like <input type="time">. */
export function toTimeOfDay(time: string): string {
  return time.slice(0, 5);
}
