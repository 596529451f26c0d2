import { eq } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.ts';
import { pixPspConnections } from '../../db/schema/index.ts';

type Reader = Database | Transaction;

export type PspConnectionRow = typeof pixPspConnections.$inferSelect;
export type PspConnectionWrite = Omit<typeof pixPspConnections.$inferInsert, 'organizationId' | 'createdAt'>;

/** Locked when written to, so two saves of the same settings do not interleave their checks. */
export async function findConnection(
  db: Reader,
  organizationId: string,
  options: { forUpdate?: boolean } = {},
) {
  const query = db
    .select()
    .from(pixPspConnections)
    .where(eq(pixPspConnections.organizationId, organizationId));
  const [row] = await (options.forUpdate ? query.for('update') : query);
  return row ?? null;
}

export async function saveConnection(db: Reader, organizationId: string, values: PspConnectionWrite) {
  await db
    .insert(pixPspConnections)
    .values({ organizationId, ...values })
    .onConflictDoUpdate({ target: pixPspConnections.organizationId, set: values });
}

export async function deleteConnection(db: Reader, organizationId: string): Promise<boolean> {
  const deleted = await db
    .delete(pixPspConnections)
    .where(eq(pixPspConnections.organizationId, organizationId))
    .returning({ organizationId: pixPspConnections.organizationId });
  return deleted.length > 0;
}

export async function updateWebhookSecret(
  db: Reader,
  organizationId: string,
  webhookSecretSealed: string,
  now: Date,
): Promise<boolean> {
  const updated = await db
    .update(pixPspConnections)
    .set({ webhookSecretSealed, webhookSecretRotatedAt: now, updatedAt: now })
    .where(eq(pixPspConnections.organizationId, organizationId))
    .returning({ organizationId: pixPspConnections.organizationId });
  return updated.length > 0;
}
