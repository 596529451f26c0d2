import type { KeyObject } from 'node:crypto';
import pg from 'pg';
import { writeBackupFile } from './backup-file.ts';
import { MANIFEST_FORMAT_VERSION, type MigrationStamp } from './backup-manifest.ts';
import { CopyOut } from './copy-streams.ts';
import { DATA_DIR_ENTRY, type DataDirFile } from './data-dir-files.ts';
import {
  COPY_SESSION_SETTINGS,
  listTablesInLoadOrder,
  qualifiedName,
  quoteIdentifier,
} from './database-tables.ts';
import { migrationTag } from './migrations.ts';
import { reformerVersion } from './reformer-version.ts';

export const TABLE_ENTRY = 'table/';

export type LogicalBackupOptions = {
  databaseUrl: string;
  databaseMode: 'embedded' | 'server';
  folder: string;
  recipient: KeyObject;
  dataDirFiles: DataDirFile[];
  /**
   * Called once the snapshot is taken, before any table is read, with the snapshot's id (`pg_export_snapshot`),
   * which stays importable until this returns: the restore drill reads the source as of the same snapshot.
   */
  onSnapshot?: (snapshotId: string) => Promise<void>;
};

/**
 * The logical backup (decision 036): one REPEATABLE READ READ ONLY transaction — one snapshot while writes go
 * on — and `COPY <table> TO STDOUT` of every application table in it, streamed into the backup file in the
 * order a restore loads them, then the DATA_DIR files a restore needs.
 */
export async function writeLogicalBackup(options: LogicalBackupOptions) {
  const client = new pg.Client({ connectionString: options.databaseUrl });
  await client.connect();
  try {
    await client.query(COPY_SESSION_SETTINGS);
    await client.query('begin isolation level repeatable read read only');
    const createdAt = new Date();
    // The snapshot is taken by this, the transaction's first statement.
    const { rows } = await client.query<{
      at: Date;
      version: string;
      version_num: string;
      snapshot: string | null;
    }>(
      `select statement_timestamp() as at, current_setting('server_version') as version,
              current_setting('server_version_num') as version_num,
              ${options.onSnapshot ? 'pg_export_snapshot()' : 'null'} as snapshot`,
    );
    const [snapshot] = rows;
    if (!snapshot) throw new Error('PostgreSQL did not answer');
    if (options.onSnapshot && snapshot.snapshot) await options.onSnapshot(snapshot.snapshot);
    const migration = await lastMigration(client);
    const tables = await listTablesInLoadOrder(client);
    const written = await writeBackupFile({
      folder: options.folder,
      recipient: options.recipient,
      createdAt,
      kind: 'logical',
      fill: async (contents) => {
        for (const table of tables) {
          const columns = table.columns.map(quoteIdentifier).join(', ');
          const rowsOut = client.query(new CopyOut(`copy ${qualifiedName(table)} (${columns}) to stdout`));
          await contents.add(`${TABLE_ENTRY}${table.schema}.${table.name}`, rowsOut, () => ({
            ...table,
            rows: rowsOut.rows,
          }));
        }
        for (const file of options.dataDirFiles)
          await contents.add(`${DATA_DIR_ENTRY}${file.path}`, [file.content]);
        return {
          format: 'reformer-backup',
          formatVersion: MANIFEST_FORMAT_VERSION,
          reformerVersion: reformerVersion(),
          migration,
          postgres: {
            version: snapshot.version.split(' ')[0] ?? '',
            major: Math.floor(Number(snapshot.version_num) / 10000),
          },
          databaseMode: options.databaseMode,
          snapshotAt: snapshot.at.toISOString(),
        };
      },
    });
    await client.query('commit');
    return written;
  } finally {
    await client.end().catch(() => {});
  }
}

/** The database's last applied migration, from drizzle's ledger; null for a database never migrated. */
export async function lastMigration(client: pg.ClientBase): Promise<MigrationStamp | null> {
  const { rows: ledger } = await client.query<{ exists: boolean }>(
    "select to_regclass('drizzle.__drizzle_migrations') is not null as exists",
  );
  if (!ledger[0]?.exists) return null;
  const { rows } = await client.query<{ hash: string; created_at: string }>(
    'select hash, created_at from drizzle.__drizzle_migrations order by created_at desc limit 1',
  );
  const [last] = rows;
  if (!last) return null;
  const when = Number(last.created_at);
  return { tag: migrationTag(when), when, hash: last.hash };
}
