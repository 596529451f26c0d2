import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { preparedStatement } from '../db/prepared.ts';
import { organizations } from '../db/schema/index.ts';

/**
 * The organization's IANA time zone, in which its dates and class times are written. Asked by most requests
 * that deal in dates, so built once (db/prepared.ts).
 */
export async function organizationTimeZone(db: Database, organizationId: string): Promise<string> {
  const statement = preparedStatement(db, 'organization_time_zone', (name) =>
    db
      .select({ timeZone: organizations.timeZone })
      .from(organizations)
      .where(eq(organizations.id, sql.placeholder('organizationId')))
      .prepare(name),
  );
  const [row] = await statement.execute({ organizationId });
  if (!row) throw new Error(`organization ${organizationId} has no row`);
  return row.timeZone;
}
