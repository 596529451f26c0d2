import type { KeyObject } from 'node:crypto';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { openDatabase } from '../db/client.ts';
import { BackupFileError } from './backup-container.ts';
import { readBackupFile } from './backup-file.ts';
import type { BackupManifest } from './backup-manifest.ts';
import { CopyIn } from './copy-streams.ts';
import { COPY_SESSION_SETTINGS, ownedSequences, qualifiedName, quoteIdentifier } from './database-tables.ts';
import { applyMigrations, type KnownMigration, knownMigrations } from './migrations.ts';

/**
 * Loads a verified backup into an empty database. First the migrations up to the backup's, committed on their
 * own: PostgreSQL before 17 refuses a row holding an enum value added in the same transaction (0013 and 0014
 * add values to event_kind). Then ONE transaction: the tables (COPY, in the file's foreign-key order, so every
 * constraint holds as each row arrives), the owned sequences moved past their rows, and the migrations that
 * came after the backup — which thus transform the old rows as they would have on a running server. A
 * failure there rolls back every row (the caller then drops the schema: restore-backup.ts). Last, drizzle's
 * own migrate (nothing left to apply) and the row-level-security wall, as at start-up.
 */
export async function loadIntoDatabase(options: {
  file: string;
  privateKey: KeyObject;
  manifest: BackupManifest;
  databaseUrl: string;
}): Promise<{ rows: number }> {
  const { manifest } = options;
  const { before, after } = splitMigrations(manifest);
  const client = new pg.Client({ connectionString: options.databaseUrl });
  await client.connect();
  let rows = 0;
  try {
    await client.query(COPY_SESSION_SETTINGS);
    await inTransaction(client, () => applyMigrations(client, before));
    const tables = new Map(
      manifest.entries.flatMap((entry) => (entry.table ? [[entry.name, entry.table]] : [])),
    );
    await inTransaction(client, async () => {
      // The backup's rows include what triggers derived from them (the dashboard's marks): loading them must
      // not derive it a second time (migration 0039). The migrations after the backup's write as a server would.
      await client.query(`select set_config('${RESTORING_SETTING}', 'on', true)`);
      await readBackupFile(options.file, options.privateKey, async (entry) => {
        const table = tables.get(entry.name);
        // The DATA_DIR files are written by the caller; checkBackup refused any other entry.
        if (!table) return;
        const columns = table.columns.map(quoteIdentifier).join(', ');
        const copy = client.query(new CopyIn(`copy ${qualifiedName(table)} (${columns}) from stdin`));
        await pipeline(entry.content, copy);
        const loaded = await copy.finished;
        if (loaded !== table.rows)
          throw new BackupFileError(
            'DAMAGED',
            `${table.name}: ${loaded} rows loaded, the manifest says ${table.rows}.`,
          );
        rows += loaded;
      });
      for (const { sequence, table, column } of await ownedSequences(client))
        await client.query(
          `select setval('${sequence.replace(/'/g, "''")}', coalesce(max(${quoteIdentifier(column)}), 1), max(${quoteIdentifier(column)}) is not null) from ${table}`,
        );
      await client.query(`select set_config('${RESTORING_SETTING}', 'off', true)`);
      await applyMigrations(client, after);
    });
  } finally {
    await client.end().catch(() => {});
  }
  const database = openDatabase(options.databaseUrl);
  try {
    await database.migrate();
  } finally {
    await database.close();
  }
  return { rows };
}

/** Read by the triggers that derive rows (migration 0039's `dashboard_mark_days`). */
const RESTORING_SETTING = 'reformer.restoring';

async function inTransaction(client: pg.Client, run: () => Promise<void>): Promise<void> {
  await client.query('begin');
  try {
    await run();
    await client.query('commit');
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  }
}

/** The migrations to run before the load (up to the backup's) and after it; checkBackupVersions ran first. */
function splitMigrations(manifest: BackupManifest): { before: KnownMigration[]; after: KnownMigration[] } {
  const known = knownMigrations();
  const index = manifest.migration
    ? known.findIndex((migration) => migration.when === manifest.migration?.when)
    : -1;
  return { before: known.slice(0, index + 1), after: known.slice(index + 1) };
}
