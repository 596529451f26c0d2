import { sql } from 'drizzle-orm';
import type { Database, Transaction } from '../db/client.ts';
import { type SecretBox, sealedKeyId } from './secret-box.ts';

/**
 * Every column that holds sealed secrets, by table: start-up asks which keys sealed them, and a key rotation
 * re-seals them all. A new table of secrets adds itself here. Each value is sealed with the context
 * `<table>.<column>:<organization id>` (sealContext), so it opens only where it was written.
 */
export const SEALED_COLUMNS = {
  pix_psp_connections: [
    'client_secret_sealed',
    'certificate_sealed',
    'certificate_password_sealed',
    'webhook_secret_sealed',
  ],
  whatsapp_connections: ['access_token_sealed', 'app_secret_sealed', 'webhook_secret_sealed'],
} as const;

type SealedTable = keyof typeof SEALED_COLUMNS;
type SealedColumn<T extends SealedTable> = (typeof SEALED_COLUMNS)[T][number];

export function sealContext<T extends SealedTable>(
  table: T,
  column: SealedColumn<T>,
  organizationId: string,
) {
  return contextOf(table, column, organizationId);
}

function contextOf(table: string, column: string, organizationId: string) {
  return `${table}.${column}:${organizationId}`;
}

/** The distinct key ids of every sealed value stored, on the connecting user's pool (not walled). */
export async function storedSecretKeyIds(db: Database): Promise<string[]> {
  const ids = new Set<string>();
  for (const [table, columns] of Object.entries(SEALED_COLUMNS)) {
    for (const column of columns) {
      const result = await db.execute(
        sql`select distinct split_part(${sql.identifier(column)}, '.', 2) as key_id from ${sql.identifier(table)}
            where ${sql.identifier(column)} is not null`,
      );
      for (const row of (result as { rows: { key_id: string | null }[] }).rows)
        if (row.key_id) ids.add(row.key_id);
    }
  }
  return [...ids].sort();
}

/**
 * Opens every sealed value with `from` and seals it again with `to`, in the caller's transaction (all or
 * nothing: a value that does not open stops the rotation). Rows are locked while they are rewritten.
 * Answers how many values were re-sealed; a value already under `to` is left as it is.
 */
export async function resealAll(tx: Transaction, from: SecretBox, to: SecretBox): Promise<number> {
  let count = 0;
  for (const [table, columns] of Object.entries(SEALED_COLUMNS)) {
    const result = await tx.execute(
      sql`select organization_id, ${sql.join(
        columns.map((column) => sql.identifier(column)),
        sql`, `,
      )} from ${sql.identifier(table)} for update`,
    );
    for (const row of (result as { rows: Record<string, string | null>[] }).rows) {
      const organizationId = String(row.organization_id);
      for (const column of columns) {
        const sealed = row[column];
        if (!sealed || sealedKeyId(sealed) === to.keyId) continue;
        const context = contextOf(table, column, organizationId);
        const resealed = to.seal(from.open(sealed, context), context);
        await tx.execute(
          sql`update ${sql.identifier(table)} set ${sql.identifier(column)} = ${resealed}
              where organization_id = ${organizationId}`,
        );
        count += 1;
      }
    }
  }
  return count;
}
