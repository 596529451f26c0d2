import { execFileSync } from 'node:child_process';
import type { KeyObject } from 'node:crypto';
import { chownSync, createWriteStream, existsSync, readFileSync } from 'node:fs';
import { chown, mkdir, readdir, rename, rm, writeFile } from 'node:fs/promises';
import { join, normalize, sep } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { clusterPassword } from '../db/embedded-postgres/cluster-folder.ts';
import { takeOverCluster } from '../db/embedded-postgres/cluster-owner.ts';
import { launchPostgres } from '../db/embedded-postgres/launch-postgres.ts';
import {
  loadPostgresBinaries,
  postgresRunAs,
  type RunAs,
} from '../db/embedded-postgres/postgres-binaries.ts';
import { clusterLocation, reachableBinaries } from '../db/embedded-postgres/reachable-by-postgres.ts';
import { readBackupFile } from './backup-file.ts';
import type { BackupManifest } from './backup-manifest.ts';
import { RestoreRefusedError } from './backup-versions.ts';
import {
  BACKUP_LABEL_ENTRY,
  CLUSTER_FILE_ENTRY,
  CLUSTER_FOLDER_ENTRY,
  TABLESPACE_MAP_ENTRY,
  WAL_ENTRY,
} from './physical-backup.ts';
import { archivedWalNames, openWalFile, WAL_ARCHIVE_EXTENSION } from './wal-archive.ts';

/** Whether an entry belongs to a physical backup's cluster (checkBackup accepts these for that kind only). */
export function isClusterEntry(name: string): boolean {
  return (
    name.startsWith(CLUSTER_FOLDER_ENTRY) ||
    name.startsWith(CLUSTER_FILE_ENTRY) ||
    name.startsWith(WAL_ENTRY) ||
    name === BACKUP_LABEL_ENTRY ||
    name === TABLESPACE_MAP_ENTRY
  );
}

export type Recovery = {
  /** The WAL archive to replay after the base backup; without it the cluster stops at the backup's end. */
  walArchiveDir?: string;
  /** Replay up to this moment ("before the mistaken deletion at 14:05"); without it, to the archive's end. */
  toTime?: Date;
};

/** What the recovery reached: the last transaction replayed (null: none after the backup's end). */
export type RecoveredCluster = { lastTransactionAt: Date | null };

/**
 * Refuses a point-in-time restore this base backup cannot serve, before anything is written: a moment before
 * the backup became consistent needs an older base backup, and an archive must hold the WAL from the
 * backup's start on its timeline.
 */
export async function checkRecovery(manifest: BackupManifest, recovery: Recovery): Promise<void> {
  const physical = manifest.physical;
  if (!physical) return;
  if (recovery.toTime && recovery.toTime.getTime() < Date.parse(manifest.snapshotAt))
    throw new RestoreRefusedError(
      `This base backup is consistent from ${manifest.snapshotAt}; ${recovery.toTime.toISOString()} is earlier. ` +
        'Restore an older physical backup to go back that far.',
    );
  if (recovery.toTime && !recovery.walArchiveDir)
    throw new RestoreRefusedError(
      'A restore to a point in time needs the WAL archive (--wal-archive <folder>).',
    );
  if (recovery.walArchiveDir && !existsSync(recovery.walArchiveDir))
    throw new RestoreRefusedError(`The WAL archive ${recovery.walArchiveDir} does not exist.`);
}

/**
 * Builds the embedded cluster of `folder` from a physical backup (decision 036): the cluster's files, the WAL
 * of the backup and its label written where `startEmbeddedPostgres` will look, then PostgreSQL started once to
 * replay — only the backup's own WAL (crash recovery from the label), or, with an archive, archive recovery
 * up to `toTime` or the archive's end, then promoted — and stopped cleanly. The DATA_DIR files (the cluster's
 * password among them) must be in `folder` already.
 */
export async function recoverPhysicalBackup(options: {
  file: string;
  privateKey: KeyObject;
  manifest: BackupManifest;
  folder: string;
  recovery: Recovery;
  log: (line: string) => void;
}): Promise<RecoveredCluster> {
  const { manifest, folder, recovery } = options;
  const runAs = postgresRunAs();
  const binaries = reachableBinaries(await loadPostgresBinaries(), runAs);
  const major = postgresMajor(binaries.postgres);
  if (major !== manifest.postgres.major)
    throw new RestoreRefusedError(
      `This physical backup is of PostgreSQL ${manifest.postgres.major}; this Reformer runs PostgreSQL ${major}. ` +
        'Restore a logical backup instead (it moves between PostgreSQL versions).',
    );
  const cluster = clusterLocation(folder, runAs);
  await mkdir(cluster, { recursive: true, mode: 0o700 });
  await readBackupFile(options.file, options.privateKey, async (entry) => {
    const path = clusterPath(entry.name);
    if (path === null) return;
    if (entry.name.startsWith(CLUSTER_FOLDER_ENTRY)) {
      await mkdir(join(cluster, path), { recursive: true, mode: 0o700 });
      return;
    }
    await pipeline(entry.content, createWriteStream(join(cluster, path), { mode: 0o600 }));
  });
  if (runAs) execFileSync('chown', ['-R', `${runAs.uid}:${runAs.gid}`, cluster]);

  const feed = recovery.walArchiveDir ? `${cluster}-wal-restore` : null;
  const settings = ['archive_mode=off'];
  if (feed && recovery.walArchiveDir) {
    await rm(feed, { recursive: true, force: true });
    await mkdir(feed, { mode: 0o700 });
    if (runAs) await chown(feed, runAs.uid, runAs.gid);
    await writeFile(join(cluster, 'recovery.signal'), '', { mode: 0o600 });
    if (runAs) chownSync(join(cluster, 'recovery.signal'), runAs.uid, runAs.gid);
    settings.push(`restore_command=${restoreCommand(feed)}`, 'recovery_target_action=promote');
    if (recovery.toTime)
      settings.push(
        `recovery_target_time=${recovery.toTime.toISOString().replace('T', ' ').replace('Z', '+00')}`,
      );
  }
  const password = clusterPassword(folder);
  await takeOverCluster(cluster, folder, password);
  const feeder =
    feed && recovery.walArchiveDir
      ? startWalFeeder(recovery.walArchiveDir, feed, options.privateKey, runAs)
      : null;
  try {
    const server = await launchPostgres({ binaries, cluster, runAs, dataDir: folder, password, settings });
    try {
      const url = `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${server.port}/postgres`;
      const reached = await waitForPromotion(
        url,
        server.exited,
        join(folder, 'postgres.log'),
        () => feeder?.failure() ?? null,
      );
      options.log(
        reached
          ? `Replayed up to the transaction of ${reached.toISOString()}.`
          : `Restored as of the backup's end (${manifest.snapshotAt}); no later transaction was replayed.`,
      );
      return { lastTransactionAt: reached };
    } finally {
      await server.stop();
    }
  } finally {
    await feeder?.stop();
    if (feed) await rm(feed, { recursive: true, force: true });
  }
}

/** The path inside the cluster an entry names; null for an entry that is not the cluster's or would leave it. */
function clusterPath(name: string): string | null {
  const inside = name.startsWith(CLUSTER_FOLDER_ENTRY)
    ? name.slice(CLUSTER_FOLDER_ENTRY.length)
    : name.startsWith(CLUSTER_FILE_ENTRY)
      ? name.slice(CLUSTER_FILE_ENTRY.length)
      : name.startsWith(WAL_ENTRY)
        ? `pg_wal/${name.slice(WAL_ENTRY.length)}`
        : name === BACKUP_LABEL_ENTRY || name === TABLESPACE_MAP_ENTRY
          ? name
          : null;
  if (inside === null) return null;
  const path = normalize(inside);
  if (path === '.' || path.startsWith('..') || path.startsWith(sep) || path.includes('\0')) return null;
  return path;
}

function postgresMajor(postgres: string): number {
  const version = execFileSync(postgres, ['--version'], { encoding: 'utf8' });
  return Number(/(\d+)(?:\.\d+)?/.exec(version.replace(/^[^)]*\)/, ''))?.[1]);
}

const quote = (path: string) => `'${path.replace(/'/g, `'\\''`)}'`;

/**
 * PostgreSQL's `restore_command` (run by /bin/sh as the cluster's user): it asks for a file by creating
 * `want-<name>` in the feed folder and waits for the restore process to answer with the file (opened from the
 * sealed archive, which only this process can) or `none-<name>` (not archived: the end of the archive).
 * One segment at a time, so a week of WAL never needs its unsealed size on disk.
 */
export function restoreCommand(feed: string): string {
  const folder = quote(feed);
  return [
    `d=${folder}; f=%f; : > "$d/want-$f"`,
    // `stop`: the restore gave up; no shell may wait on after it.
    'while [ ! -e "$d/$f" ] && [ ! -e "$d/none-$f" ]; do [ -e "$d/stop" ] && exit 1; sleep 0.02; done',
    // The question goes before the answer: the feeder answers a question that has none.
    'if [ -e "$d/$f" ]; then cp "$d/$f" "%p" && rm -f "$d/want-$f" && rm -f "$d/$f"; else rm -f "$d/want-$f"; rm -f "$d/none-$f"; exit 1; fi',
  ].join('; ');
}

/** Answers the restore command's requests from the sealed archive until stopped. */
function startWalFeeder(archiveDir: string, feed: string, privateKey: KeyObject, runAs: RunAs) {
  let stopped = false;
  const answer = async (name: string) => {
    const archived = join(archiveDir, `${name}${WAL_ARCHIVE_EXTENSION}`);
    const target = join(feed, name);
    if (!existsSync(archived)) {
      await writeFile(join(feed, `none-${name}`), '');
      return;
    }
    const partial = `${target}.partial`;
    await openWalFile(archived, name, partial, privateKey);
    if (runAs) await chown(partial, runAs.uid, runAs.gid);
    await rename(partial, target);
  };
  const loop = (async () => {
    while (!stopped) {
      const names = await readdir(feed).catch(() => [] as string[]);
      const present = new Set(names);
      for (const entry of names) {
        if (!entry.startsWith('want-')) continue;
        const name = entry.slice('want-'.length);
        // Answered already (PostgreSQL asks the same name again only after taking the answer away).
        if (present.has(name) || present.has(`none-${name}`)) continue;
        // A file unsealed but refused (damaged, another key) is not the archive's end: the restore fails.
        await answer(name);
      }
      await sleep(10);
    }
  })();
  let failure: Error | null = null;
  loop.catch((error: Error) => {
    failure = error;
  });
  return {
    failure: () => failure,
    async stop() {
      stopped = true;
      await writeFile(join(feed, 'stop'), '').catch(() => {});
      await loop.catch(() => {});
    },
  };
}

/**
 * Waits until the recovery ends (the server leaves recovery, promoted) and answers the last replayed
 * transaction's time; a server that stops instead (the target is beyond the archive's end, a broken WAL) fails
 * with its log's words.
 */
async function waitForPromotion(
  url: string,
  exited: Promise<void>,
  logPath: string,
  feederFailure: () => Error | null,
): Promise<Date | null> {
  let hasExited = false;
  exited.then(() => {
    hasExited = true;
  });
  for (;;) {
    if (hasExited) throw new RestoreRefusedError(`The recovery stopped: ${recoveryProblem(logPath)}`);
    const failure = feederFailure();
    if (failure) throw failure;
    const client = new pg.Client({ connectionString: url });
    client.on('error', () => {});
    try {
      await client.connect();
      const { rows } = await client.query<{ recovering: boolean; replayed: Date | null }>(
        'select pg_is_in_recovery() as recovering, pg_last_xact_replay_timestamp() as replayed',
      );
      const [state] = rows;
      if (state && !state.recovering) {
        // A clean checkpoint now, so the next start has nothing to replay.
        await client.query('checkpoint');
        return state.replayed;
      }
    } catch (error) {
      // Not accepting connections yet, or restarting after promotion; a refused password never changes.
      if ((error as { code?: string }).code === '28P01')
        throw new RestoreRefusedError('The restored cluster refuses the password the backup holds for it.');
    } finally {
      await client.end().catch(() => {});
    }
    await sleep(100);
  }
}

function recoveryProblem(logPath: string): string {
  const log = existsSync(logPath) ? readFileSync(logPath, 'utf8').slice(-4000) : '';
  const fatal = log
    .split('\n')
    .filter((line) => /FATAL|PANIC/.test(line))
    .at(-1);
  if (fatal?.includes('recovery ended before configured recovery target was reached'))
    return 'the WAL archive ends before the time asked for; restore without --to-time to get its latest point.';
  return fatal?.replace(/^.*?(FATAL|PANIC):\s*/, '') ?? 'see the log of PostgreSQL in the restored folder';
}

/** The WAL archive's first and last segment (for the restore's message); null when empty. */
export async function describeWalArchive(archiveDir: string): Promise<string | null> {
  const names = (await archivedWalNames(archiveDir)).filter((name) => name.length === 24);
  if (names.length === 0) return null;
  return `${names.length} WAL segments, ${names[0]} to ${names.at(-1)}`;
}
