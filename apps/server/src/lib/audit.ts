import type { Context } from 'hono';
import { v7 as uuidv7 } from 'uuid';
import type { Database } from '../db/client.ts';
import { auditLog } from '../db/schema/index.ts';
import { clientIp } from './client-ip.ts';
import type { AppEnv } from './http.ts';

/** Who does an audited change, from where, and when. */
export type Actor = { userId: string; ipAddress: string; now: Date };

export function actorOf(c: Context<AppEnv>): Actor {
  return { userId: c.get('userId'), ipAddress: clientIp(c), now: c.get('deps').now() };
}

export type AuditEntry = {
  organizationId: string;
  /** Null when no member acted: a customer through their class link (decision 025). */
  actorId: string | null;
  action: string;
  entityType: string;
  entityId: string;
  ipAddress: string;
  at: Date;
  /** Only for records that are not personal data (a payment's amounts and status). */
  details?: unknown;
};

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** Records who touched which record; callers pass identifiers only, never the record's content. */
export async function recordAudit(db: Database | Tx, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({ id: uuidv7(), ...entry });
}
