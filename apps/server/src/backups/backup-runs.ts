import { type KeyObject, randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { readdir, rm } from 'node:fs/promises';
import { basename, join, resolve } from 'node:path';
import {
  BACKUP_FILE_NAME,
  type BackupKind,
  type BackupRun,
  type BackupStatus,
  backupsToRemove,
  parseRetention,
  type RetentionPolicy,
  retainedBackup,
} from '@reformer/domain/backups';
import { todayIn } from '@reformer/domain/time-zones';
import { and, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type pg from 'pg';
import type { Database } from '../db/client.ts';
import { CLUSTER_PASSWORD_FILE } from '../db/embedded-postgres/cluster-folder.ts';
import { backupRuns } from '../db/schema/index.ts';
import type { Env } from '../env.ts';
import { setLastBackupTime } from '../observability/metrics.ts';
import { resolveBackupPublicKey } from './backup-keys.ts';
import { collectDataDirFiles, type DataDirFile } from './data-dir-files.ts';
import { writeLogicalBackup } from './logical-backup.ts';
import { type OffsiteEnv, offsiteTargetOf, syncBackupsOffsite } from './offsite-backups.ts';
import { type OffsiteStorage, type OffsiteTarget, openOffsiteStorage } from './offsite-copy.ts';
import { writePhysicalBackup } from './physical-backup.ts';
import {
  OFFSITE_WAL_PREFIX,
  pruneWalArchive,
  WAL_ARCHIVE_EXTENSION,
  type WalArchiver,
} from './wal-archive.ts';

/** The scheduled and manual backups of decision 036, as the server makes them (`npm run backup` is the CLI's). */
export type BackupSettings = {
  folder: string;
  /** How many days back a point-in-time restore can go (the WAL archive's window). */
  walDays: number;
  hour: number;
  timeZone: string;
  retention: RetentionPolicy;
  /** The S3-compatible storage each backup is copied to; null when not configured. */
  offsite: OffsiteTarget | null;
};

export type BackupEnv = Pick<
  Env,
  | 'DATA_DIR'
  | 'DATABASE_URL'
  | 'AUTH_SECRET'
  | 'SECRETS_KEY'
  | 'BACKUP_PUBLIC_KEY'
  | 'BACKUP_PUBLIC_KEY_FILE'
  | 'BACKUP_DIR'
  | 'BACKUP_HOUR'
  | 'BACKUP_TIME_ZONE'
  | 'BACKUP_RETENTION'
  | 'BACKUP_WAL_DAYS'
> &
  OffsiteEnv;

/** The WAL archive of the embedded database: beside the backups, so it goes where they go. */
export const walArchiveFolder = (settings: Pick<BackupSettings, 'folder'>) => join(settings.folder, 'wal');

/**
 * The embedded cluster a physical backup copies and its WAL archiver, set by the server that runs the cluster
 * (main.ts): only that process holds the archiver's outbox. Null with DATABASE_URL (the operator's own
 * PostgreSQL backups apply) and without a backup key.
 */
let physicalSource: { cluster: string; archiver: WalArchiver } | null = null;

export function usePhysicalBackups(source: { cluster: string; archiver: WalArchiver } | null): void {
  physicalSource = source;
}

/**
 * Where and for whom the embedded cluster archives its WAL: on whenever a backup key is configured (a broken
 * key file turns it off; the daily run then reports the key's problem).
 */
export function walArchiveOptions(
  env: BackupEnv,
): { archiveDir: string; recipient: KeyObject; offsite: OffsiteStorage | null } | undefined {
  try {
    const recipient = recipientOf(env);
    const settings = backupSettings(env);
    return recipient
      ? {
          archiveDir: walArchiveFolder(settings),
          recipient: recipient.key,
          offsite: settings.offsite ? openOffsiteStorage(settings.offsite) : null,
        }
      : undefined;
  } catch {
    return undefined;
  }
}

/** The kinds each run makes: physical first (point in time), then logical (portable across majors and modes). */
export function backupKinds(): BackupKind[] {
  return physicalSource ? ['physical', 'logical'] : ['logical'];
}

/** The embedded cluster's password file: a physical copy of the cluster keeps the password it was made with. */
function clusterPasswordFile(dataDir: string): DataDirFile[] {
  const path = join(dataDir, CLUSTER_PASSWORD_FILE);
  return existsSync(path) ? [{ path: CLUSTER_PASSWORD_FILE, content: readFileSync(path) }] : [];
}

export function backupSettings(env: BackupEnv): BackupSettings {
  return {
    folder: resolve(env.BACKUP_DIR ?? join(env.DATA_DIR, 'backups')),
    walDays: env.BACKUP_WAL_DAYS,
    hour: env.BACKUP_HOUR,
    timeZone: env.BACKUP_TIME_ZONE,
    // Validated by env.ts.
    retention: parseRetention(env.BACKUP_RETENTION) as RetentionPolicy,
    offsite: offsiteTargetOf(env),
  };
}

const recipientOf = (env: BackupEnv) =>
  resolveBackupPublicKey({
    configured: env.BACKUP_PUBLIC_KEY,
    configuredFile: env.BACKUP_PUBLIC_KEY_FILE,
    dataDir: resolve(env.DATA_DIR),
  });

/** Whether a key to make backups for is configured; a broken key file counts as configured (and fails the run). */
export function backupsConfigured(env: BackupEnv): boolean {
  try {
    return recipientOf(env) !== null;
  } catch {
    return true;
  }
}

/**
 * One backup at a time across every instance on this PostgreSQL: a session lock held by the run's own
 * connection, so a killed server's lock goes with its connection and its `running` row is known abandoned.
 */
const RUN_LOCK = "hashtext('reformer.backup-run')";
const INTERRUPTED = 'Interrupted: the server stopped during the backup';

type RunRow = typeof backupRuns.$inferSelect;
/** The next kind's run, begun, and the kinds after it. */
type NextRun = { run: RunRow; rest: BackupKind[] };

export type StartedBackup =
  /** This call started it; `finished` settles when the run is recorded (never rejects). */
  | { outcome: 'started'; run: RunRow; finished: Promise<RunRow> }
  /** Another call or instance is making one: its run. */
  | { outcome: 'running'; run: RunRow }
  /** A scheduled run: today's was made already, or it is not yet the hour. */
  | { outcome: 'skipped' }
  | { outcome: 'not_configured' };

const poolOf = (db: Database) => (db as unknown as { $client: pg.Pool }).$client;

/**
 * Starts a backup: `scheduled` makes the day's one once its hour has come (a later call the same day, on
 * any instance, is skipped); `manual` makes one now unless one is running, whose run it answers instead.
 */
export async function startBackup(
  db: Database,
  env: BackupEnv,
  trigger: 'scheduled' | 'manual',
  /** `kinds`: what the run makes (a test's choice), by default every one of {@link backupKinds}. */
  options: { now?: Date; requestedBy?: string; kinds?: BackupKind[] } = {},
): Promise<StartedBackup> {
  const recipient = (() => {
    try {
      return recipientOf(env);
    } catch (error) {
      return error as Error;
    }
  })();
  if (!recipient) return { outcome: 'not_configured' };
  const settings = backupSettings(env);
  const now = options.now ?? new Date();
  if (trigger === 'scheduled' && localHour(now, settings.timeZone) < settings.hour)
    return { outcome: 'skipped' };
  const lockClient = await poolOf(db).connect();
  let holdsLock = false;
  let released = false;
  const unlock = async () => {
    if (released) return;
    released = true;
    if (holdsLock) await lockClient.query(`select pg_advisory_unlock(${RUN_LOCK})`).catch(() => {});
    lockClient.release();
  };
  try {
    // Another run holds the lock: its row is answered, or, once it has finished, the lock is taken again.
    for (let attempt = 0; !holdsLock; attempt += 1) {
      const { rows } = await lockClient.query<{ locked: boolean }>(
        `select pg_try_advisory_lock(${RUN_LOCK}) as locked`,
      );
      holdsLock = rows[0]?.locked === true;
      if (holdsLock) break;
      if (trigger === 'scheduled') {
        await unlock();
        return { outcome: 'skipped' };
      }
      const [running] = await db.select().from(backupRuns).where(eq(backupRuns.status, 'running')).limit(1);
      if (running) {
        await unlock();
        return { outcome: 'running', run: running };
      }
      // The lock is taken before the row is written: the other run's row may take a moment to appear.
      if (attempt === 50) throw new Error('A backup holds the lock but has recorded no run');
      await new Promise((resolveWait) => setTimeout(resolveWait, 100));
    }
    // Holding the lock, any `running` row is a run whose server stopped (or a restored database's).
    await db
      .update(backupRuns)
      .set({ status: 'failed', finishedAt: now, reason: INTERRUPTED })
      .where(eq(backupRuns.status, 'running'));
    const begin = (kind: BackupKind, on: Database) =>
      on
        .insert(backupRuns)
        .values({
          id: randomUUID(),
          trigger,
          kind,
          status: 'running',
          scheduledFor: trigger === 'scheduled' ? todayIn(settings.timeZone, now) : null,
          startedAt: new Date(),
          requestedBy: options.requestedBy ?? null,
        })
        .onConflictDoNothing({ target: [backupRuns.scheduledFor, backupRuns.kind] })
        .returning()
        .then(([row]) => row);
    // A scheduled run does the kinds today has not had yet (one may have been made before a restart).
    const beginFirstOf = async (kinds: BackupKind[], on: Database): Promise<NextRun | undefined> => {
      for (const [position, kind] of kinds.entries()) {
        const run = await begin(kind, on);
        if (run) return { run, rest: kinds.slice(position + 1) };
      }
      return undefined;
    };
    const made = backupKinds();
    const first = await beginFirstOf(
      (options.kinds ?? made).filter((kind) => made.includes(kind)),
      db,
    );
    if (!first) {
      await unlock();
      return { outcome: 'skipped' };
    }
    const finished = (async () => {
      let step = await runBackup(db, env, settings, first.run, recipient, (on) =>
        beginFirstOf(first.rest, on),
      );
      const done = step.recorded;
      while (step.next) {
        const { run, rest } = step.next;
        step = await runBackup(db, env, settings, run, recipient, (on) => beginFirstOf(rest, on));
      }
      return done;
    })().finally(unlock);
    return { outcome: 'started', run: first.run, finished };
  } catch (error) {
    await unlock();
    throw error;
  }
}

async function runBackup(
  db: Database,
  env: BackupEnv,
  settings: BackupSettings,
  run: RunRow,
  recipient: Exclude<ReturnType<typeof recipientOf>, null> | Error,
  beginNext: (on: Database) => Promise<NextRun | undefined>,
): Promise<{ recorded: RunRow; next: NextRun | undefined }> {
  // The run is recorded and the next kind's row written in one transaction: one run may be running at a time
  // (a unique index), and with none running between the two, the screen, which asks again only while one
  // runs, stopped asking before the next kind appeared. The next kind's insert is a savepoint of its own: its
  // failure must not take this kind's record with it.
  const record = (values: Partial<typeof backupRuns.$inferInsert>) =>
    db.transaction(async (tx) => {
      const [recorded] = await tx.update(backupRuns).set(values).where(eq(backupRuns.id, run.id)).returning();
      const next = await tx
        .transaction((savepoint) => beginNext(savepoint))
        .catch((error: unknown) => {
          console.error(`[backups] the next backup could not start: ${(error as Error).message}`);
          return undefined;
        });
      return { recorded: recorded ?? run, next };
    });
  try {
    if (recipient instanceof Error) throw recipient;
    const isEmbedded = !env.DATABASE_URL;
    const databaseUrl = String(poolOf(db).options.connectionString);
    const dataDirFiles = collectDataDirFiles({
      dataDir: resolve(env.DATA_DIR),
      isEmbedded,
      authSecret: env.AUTH_SECRET,
      secretsKey: env.SECRETS_KEY,
      backupPublicKeyPem: recipient.pem,
    });
    const written =
      run.kind === 'physical' && physicalSource
        ? await writePhysicalBackup({
            databaseUrl,
            cluster: physicalSource.cluster,
            archiver: physicalSource.archiver,
            folder: settings.folder,
            recipient: recipient.key,
            dataDirFiles: [...dataDirFiles, ...clusterPasswordFile(resolve(env.DATA_DIR))],
          })
        : await writeLogicalBackup({
            databaseUrl,
            databaseMode: isEmbedded ? 'embedded' : 'server',
            folder: settings.folder,
            recipient: recipient.key,
            dataDirFiles,
          });
    const finishedAt = new Date();
    const fileName = basename(written.path);
    await applyRetention(settings)
      .then(() => pruneArchive(db, settings, finishedAt))
      .catch((error: unknown) => {
        console.error(`[backups] retention failed: ${(error as Error).message}`);
      });
    // Before the run is recorded, so the screen shows it running until its copy's outcome is known. The
    // folder unreadable just after the write, the new file is still copied: the backup stands either way.
    const kept = await backupFilesIn(settings.folder).catch(() => [fileName]);
    const offsite = await syncBackupsOffsite(db, settings, kept, fileName);
    const done = await record({
      status: 'ok',
      finishedAt,
      fileName,
      bytes: written.bytes,
      walStart: written.manifest.physical?.startWal ?? null,
      ...offsite,
    });
    setLastBackupTime(finishedAt);
    return done;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    console.error(`[backups] the backup failed: ${reason}`);
    return record({ status: 'failed', finishedAt: new Date(), reason }).catch(() => ({
      recorded: run,
      next: undefined,
    }));
  }
}

/** The backup files in the folder, by name; anything else there (a partial, the owner's notes) is not one. */
export async function backupFilesIn(folder: string): Promise<string[]> {
  try {
    return (await readdir(folder)).filter((name) => BACKUP_FILE_NAME.test(name));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

/** Removes the backup files of the folder the retention policy no longer keeps (kind by kind); answers their names. */
export async function applyRetention(settings: BackupSettings): Promise<string[]> {
  const backups = (await backupFilesIn(settings.folder)).map((name) =>
    retainedBackup(name, settings.timeZone),
  );
  const removed = backupsToRemove(backups, settings.retention);
  for (const backup of removed) await rm(join(settings.folder, backup.name), { force: true });
  return removed.map((backup) => backup.name);
}

/**
 * Keeps the WAL archive as far back as the point-in-time window (`walDays`): from the start of the newest
 * physical backup at least that old, so any moment of the window has a base backup and the WAL after it.
 * Until such a backup exists, everything is kept.
 */
async function pruneArchive(db: Database, settings: BackupSettings, now: Date): Promise<string[]> {
  const windowStart = new Date(now.getTime() - settings.walDays * 24 * 60 * 60 * 1000);
  const present = new Set(await backupFilesIn(settings.folder));
  const candidates = await db
    .select({ fileName: backupRuns.fileName, walStart: backupRuns.walStart })
    .from(backupRuns)
    .where(
      and(
        eq(backupRuns.status, 'ok'),
        eq(backupRuns.kind, 'physical'),
        isNotNull(backupRuns.walStart),
        sql`${backupRuns.finishedAt} <= ${windowStart.toISOString()}`,
      ),
    )
    .orderBy(desc(backupRuns.finishedAt));
  const base = candidates.find((run) => run.fileName && present.has(run.fileName));
  if (!base?.walStart) return [];
  const removed = await pruneWalArchive(walArchiveFolder(settings), base.walStart);
  if (settings.offsite && removed.length > 0) {
    // The bucket keeps the same window; what fails here is removed by a later run's pruning of newer names.
    const storage = openOffsiteStorage(settings.offsite);
    try {
      for (const name of removed)
        await storage.deleteObject(`${OFFSITE_WAL_PREFIX}${name}${WAL_ARCHIVE_EXTENSION}`);
    } finally {
      storage.close();
    }
  }
  return removed;
}

function localHour(now: Date, timeZone: string): number {
  return Number(
    new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', hourCycle: 'h23' }).format(now),
  );
}

/** Sets the age metric from the last successful run in the database, whichever instance made it. */
export async function refreshLastBackupMetric(db: Database): Promise<Date | null> {
  const [last] = await db
    .select({ finishedAt: backupRuns.finishedAt })
    .from(backupRuns)
    .where(and(eq(backupRuns.status, 'ok'), isNotNull(backupRuns.finishedAt)))
    .orderBy(desc(backupRuns.finishedAt))
    .limit(1);
  if (last?.finishedAt) setLastBackupTime(last.finishedAt);
  return last?.finishedAt ?? null;
}

const RUNS_SHOWN = 30;

/** What the Backups screen shows: the settings, whether a key is configured, and the last runs. */
export async function backupStatus(db: Database, env: BackupEnv): Promise<BackupStatus> {
  const settings = backupSettings(env);
  const [runs, files, lastSuccessAt] = await Promise.all([
    db.select().from(backupRuns).orderBy(desc(backupRuns.startedAt)).limit(RUNS_SHOWN),
    backupFilesIn(settings.folder),
    refreshLastBackupMetric(db),
  ]);
  const present = new Set(files);
  return {
    configured: backupsConfigured(env),
    folder: settings.folder,
    offsite: settings.offsite && {
      bucket: settings.offsite.bucket,
      region: settings.offsite.region,
      endpoint: settings.offsite.endpoint ?? null,
      prefix: settings.offsite.prefix,
    },
    schedule: { hour: settings.hour, timeZone: settings.timeZone },
    retention: settings.retention,
    lastSuccessAt: lastSuccessAt?.toISOString() ?? null,
    pointInTime: {
      state: physicalSource
        ? 'on'
        : env.DATABASE_URL
          ? 'database_server'
          : backupsConfigured(env)
            ? 'restart_needed'
            : 'no_key',
      windowDays: settings.walDays,
      lastArchivedAt: physicalSource?.archiver.lastArchivedAt()?.toISOString() ?? null,
    },
    runs: runs.map((run) => toBackupRun(run, present, settings.offsite !== null)),
  };
}

/** `offsiteConfigured`: a kept file with no copy recorded is then pending (the next run copies it). */
export function toBackupRun(run: RunRow, present: Set<string>, offsiteConfigured = false): BackupRun {
  const kept = run.status === 'ok' && run.fileName !== null && present.has(run.fileName);
  return {
    id: run.id,
    trigger: run.trigger,
    status: run.status,
    kind: run.kind === 'physical' ? 'physical' : 'logical',
    startedAt: run.startedAt.toISOString(),
    finishedAt: run.finishedAt?.toISOString() ?? null,
    fileName: run.fileName,
    bytes: run.bytes,
    reason: run.reason,
    downloadable: kept,
    copy: run.offsiteStatus
      ? { status: run.offsiteStatus, at: run.offsiteAt?.toISOString() ?? null, reason: run.offsiteReason }
      : kept && offsiteConfigured
        ? { status: 'pending', at: null, reason: null }
        : null,
  };
}

/** The last successful run's time, for the dashboard's warning (no file listing). */
export async function lastSuccessfulBackupAt(db: Database): Promise<Date | null> {
  const [last] = await db
    .select({ at: sql<Date>`max(${backupRuns.finishedAt})` })
    .from(backupRuns)
    .where(eq(backupRuns.status, 'ok'));
  return last?.at ? new Date(last.at) : null;
}
