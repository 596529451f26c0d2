import type { KeyObject } from 'node:crypto';
import { existsSync, lstatSync, readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import {
  runningEmbeddedPostgresUrl,
  startEmbeddedPostgres,
} from '../db/embedded-postgres/embedded-postgres.ts';
import { readBackupFile } from './backup-file.ts';
import type { BackupManifest } from './backup-manifest.ts';
import { checkBackupVersions, RestoreRefusedError } from './backup-versions.ts';
import { type DataDirFile, dataDirPath, writeDataDirFile } from './data-dir-files.ts';
import { emptyDatabaseAgain, refuseNonEmptyDatabase } from './empty-database.ts';
import { loadIntoDatabase } from './load-database.ts';
import { checkRecovery, isClusterEntry, type Recovery, recoverPhysicalBackup } from './physical-restore.ts';
import { type PurgeLedgerEntry, replayPurgeLedger } from './purge-ledger.ts';

export type RestoreTarget =
  /** A new DATA_DIR (absent or empty): an embedded cluster is made there. */
  | { kind: 'new-data-dir'; dataDir: string }
  /** The current DATA_DIR, which is moved aside first (never deleted); the server must be stopped. */
  | { kind: 'over-current'; dataDir: string }
  /** An empty database on a PostgreSQL server; the DATA_DIR files go to `secretsDir`. */
  | { kind: 'database-url'; databaseUrl: string; secretsDir: string };

export type RestoreResult = {
  manifest: BackupManifest;
  /** The rows loaded (a logical backup's); null for a physical one, whose files are copied whole. */
  rows: number | null;
  /** Customers the purge ledger erased again (purged after the backup's moment). */
  purgesReplayed: number;
  /** Where the previous DATA_DIR now is (over-current only). */
  movedAside?: string;
};

/**
 * `npm run restore` (decision 036). The target is checked first (a new folder, a stopped server, an empty
 * database); then the whole file is read and checked — every chunk authenticated, every entry's checksum, the
 * versions — before anything is written; then it is read again and loaded (load-database.ts). A new DATA_DIR
 * is built beside its place and renamed into it only once complete, so a failed restore leaves no folder that
 * looks like a studio; an empty database is emptied again.
 */
export async function restoreBackup(options: {
  file: string;
  privateKey: KeyObject;
  target: RestoreTarget;
  /** A physical backup's recovery: the WAL archive, and the moment to stop at. */
  recovery?: Recovery;
  /** The LGPD purge ledger's entries, replayed after the restore (decision 036). */
  purgeLedger?: PurgeLedgerEntry[];
  log?: (line: string) => void;
}): Promise<RestoreResult> {
  const log = options.log ?? (() => {});
  const { file, privateKey, target } = options;
  if (target.kind === 'new-data-dir') refuseUsedFolder(target.dataDir);
  if (target.kind === 'over-current') await refuseRunningServer(target.dataDir);
  const empty =
    target.kind === 'database-url'
      ? await refuseNonEmptyDatabase(target.databaseUrl, withoutPassword(target.databaseUrl))
      : null;
  const { manifest, files } = await checkBackup(file, privateKey);
  log(`The backup checks out: ${describeBackup(manifest)}.`);
  const recovery = options.recovery ?? {};
  const ledger = options.purgeLedger ?? [];
  if (manifest.kind === 'physical') {
    if (target.kind === 'database-url')
      throw new RestoreRefusedError(
        'A physical backup restores the embedded database only; restore a logical backup into a PostgreSQL server.',
      );
    await checkRecovery(manifest, recovery);
  } else if (recovery.toTime)
    throw new RestoreRefusedError(
      'Only a physical backup restores to a point in time; this one is logical (its moment is fixed).',
    );
  const load = (databaseUrl: string) => loadIntoDatabase({ file, privateKey, manifest, databaseUrl });
  // The embedded cluster of a new folder: loaded from a logical backup, or recovered from a physical one.
  const build = async (folder: string): Promise<{ rows: number | null }> => {
    if (manifest.kind === 'physical') {
      for (const { path, content } of files) await writeDataDirFile(folder, path, content);
      await recoverPhysicalBackup({ file, privateKey, manifest, folder, recovery, log });
      return { rows: null };
    }
    const embedded = await startEmbeddedPostgres(folder);
    try {
      return await load(embedded.url);
    } finally {
      await embedded.stop();
    }
  };

  if (target.kind === 'database-url') {
    refuseConflictingFiles(target.secretsDir, files);
    const { rows } = await load(target.databaseUrl).catch(async (error: Error) => {
      if (empty)
        await emptyDatabaseAgain(target.databaseUrl, empty).catch((cleanup: Error) => {
          error.message += ` (and what the restore made could not be dropped again: ${cleanup.message})`;
        });
      throw error;
    });
    const purgesReplayed = await replayPurgeLedger(target.databaseUrl, ledger);
    for (const { path, content } of files) await writeDataDirFile(target.secretsDir, path, content);
    return { manifest, rows, purgesReplayed };
  }
  const built = await buildDataDir(target.dataDir, files, async (folder) => {
    const { rows } = await build(folder);
    if (ledger.length === 0) return { rows, purgesReplayed: 0 };
    const embedded = await startEmbeddedPostgres(folder);
    try {
      return { rows, purgesReplayed: await replayPurgeLedger(embedded.url, ledger) };
    } finally {
      await embedded.stop();
    }
  });
  const { rows, purgesReplayed } = built;
  if (target.kind === 'new-data-dir') {
    await rename(built.folder, target.dataDir);
    return { manifest, rows, purgesReplayed };
  }
  // The server may have been started meanwhile: then the restored folder is not put in its place.
  await refuseRunningServer(target.dataDir).catch(async (error: Error) => {
    await removeFolder(built.folder);
    throw error;
  });
  const movedAside = `${target.dataDir}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
  await rename(target.dataDir, movedAside);
  await rename(built.folder, target.dataDir);
  return { manifest, rows, purgesReplayed, movedAside };
}

/**
 * The verifying read: the manifest once every byte checked out, the versions this Reformer can load, and the
 * DATA_DIR files (small) kept for the end. Every entry must be a table or a DATA_DIR file.
 */
export async function checkBackup(file: string, privateKey: KeyObject) {
  const files: DataDirFile[] = [];
  const manifest = await readBackupFile(file, privateKey, async (entry) => {
    const path = dataDirPath(entry.name);
    if (!path) return;
    const parts: Buffer[] = [];
    for await (const chunk of entry.content) parts.push(chunk);
    files.push({ path, content: Buffer.concat(parts) });
  });
  checkBackupVersions(manifest);
  const isPhysical = manifest.kind === 'physical';
  const unknown = manifest.entries.find(
    (entry) => !entry.table && !dataDirPath(entry.name) && !(isPhysical && isClusterEntry(entry.name)),
  );
  if (unknown)
    throw new RestoreRefusedError(`The backup holds an entry this Reformer does not know: ${unknown.name}.`);
  return { manifest, files };
}

export function describeBackup(manifest: BackupManifest): string {
  if (manifest.physical)
    return (
      `the embedded cluster's files as of ${manifest.snapshotAt} (physical, WAL ${manifest.physical.startWal} to ` +
      `${manifest.physical.stopWal}), migration ${manifest.migration?.tag ?? 'none'}, PostgreSQL ` +
      `${manifest.postgres.major}, Reformer ${manifest.reformerVersion}`
    );
  const tables = manifest.entries.filter((entry) => entry.table);
  const rows = tables.reduce((sum, entry) => sum + (entry.table?.rows ?? 0), 0);
  return (
    `the ${manifest.databaseMode} database as of ${manifest.snapshotAt}, ${tables.length} tables, ${rows} rows, ` +
    `migration ${manifest.migration?.tag ?? 'none'}, PostgreSQL ${manifest.postgres.major}, Reformer ${manifest.reformerVersion}`
  );
}

const STAGING = '.restoring-';

/**
 * A new DATA_DIR in a staging folder beside its place: an embedded cluster loaded with the backup, then the
 * DATA_DIR files. Each restore's folder has a name of its own: run as root, a cluster PostgreSQL cannot reach
 * in it lives in a shared folder named after the path (decision 033), which a reused name would share with the
 * DATA_DIR an earlier restore renamed into place.
 */
async function buildDataDir<T>(
  dataDir: string,
  files: DataDirFile[],
  build: (folder: string) => Promise<T>,
): Promise<T & { folder: string }> {
  // Left by restores that were killed: they never became a DATA_DIR.
  for (const name of readdirSync(dirname(dataDir)))
    if (name.startsWith(`${basename(dataDir)}${STAGING}`)) await removeFolder(join(dirname(dataDir), name));
  const folder = `${dataDir}${STAGING}${Date.now()}`;
  try {
    await mkdir(folder, { recursive: true, mode: 0o700 });
    const built = await build(folder);
    for (const { path, content } of files) await writeDataDirFile(folder, path, content);
    return { ...built, folder };
  } catch (error) {
    await removeFolder(folder);
    throw error;
  }
}

/** Removes a staging folder, and the cluster it links to when PostgreSQL could not reach it (decision 033). */
async function removeFolder(folder: string): Promise<void> {
  const cluster = join(folder, 'postgres');
  if (existsSync(cluster) && lstatSync(cluster).isSymbolicLink())
    await rm(readlinkSync(cluster), { recursive: true, force: true });
  await rm(folder, { recursive: true, force: true });
}

function refuseUsedFolder(dataDir: string): void {
  if (existsSync(dataDir) && (!lstatSync(dataDir).isDirectory() || readdirSync(dataDir).length > 0))
    throw new RestoreRefusedError(
      `${dataDir} is not empty: restore into a new folder, or over the current DATA_DIR with --over-current --yes (it is moved aside, not deleted).`,
    );
}

async function refuseRunningServer(dataDir: string): Promise<void> {
  if (!existsSync(join(dataDir, 'postgres')))
    throw new RestoreRefusedError(
      `${dataDir} holds no embedded database to restore over; restore into it with --data-dir.`,
    );
  if (await runningEmbeddedPostgresUrl(dataDir))
    throw new RestoreRefusedError(
      `The embedded PostgreSQL of ${dataDir} is running: stop the Reformer server first, then restore over it.`,
    );
}

/** Never overwrites a secret: a file already there must hold what the backup holds. */
function refuseConflictingFiles(folder: string, files: DataDirFile[]): void {
  const differing = files.filter(({ path, content }) => {
    const target = join(folder, path);
    return existsSync(target) && !readFileSync(target).equals(content);
  });
  if (differing.length > 0)
    throw new RestoreRefusedError(
      `${folder} already holds ${differing.map(({ path }) => path).join(', ')} with other contents; name a new folder for the restored secrets with --data-dir.`,
    );
}

export function withoutPassword(databaseUrl: string): string {
  if (!URL.canParse(databaseUrl)) return 'given';
  const url = new URL(databaseUrl);
  url.password = '';
  return url.toString();
}
