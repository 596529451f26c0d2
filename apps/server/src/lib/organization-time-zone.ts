import { eq } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { organizations } from '../db/schema/index.ts';

/** The organization's IANA time zone, in which its dates and class times are written. */
export async function organizationTimeZone(db: Database, organizationId: string): Promise<string> {
  const [row] = await db
    .select({ timeZone: organizations.timeZone })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  if (!row) throw new Error(`organization ${organizationId} has no row`);
  return row.timeZone;
}
