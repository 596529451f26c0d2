import { randomUUID } from 'node:crypto';
import { readdir, rm } from 'node:fs/promises';
import { basename, join, resolve } from 'node:path';
import {
  BACKUP_FILE_NAME,
  type BackupRun,
  type BackupStatus,
  backupsToRemove,
  parseRetention,
  type RetentionPolicy,
} from '@reformer/domain/backups';
import { todayIn } from '@reformer/domain/time-zones';
import { and, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type pg from 'pg';
import type { Database } from '../db/client.ts';
import { backupRuns } from '../db/schema/index.ts';
import type { Env } from '../env.ts';
import { setLastBackupTime } from '../observability/metrics.ts';
import { resolveBackupPublicKey } from './backup-keys.ts';
import { collectDataDirFiles } from './data-dir-files.ts';
import { writeLogicalBackup } from './logical-backup.ts';

/** The scheduled and manual backups of decision 036, as the server makes them (`npm run backup` is the CLI's). */
export type BackupSettings = {
  folder: string;
  hour: number;
  timeZone: string;
  retention: RetentionPolicy;
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
>;

export function backupSettings(env: BackupEnv): BackupSettings {
  return {
    folder: resolve(env.BACKUP_DIR ?? join(env.DATA_DIR, 'backups')),
    hour: env.BACKUP_HOUR,
    timeZone: env.BACKUP_TIME_ZONE,
    // Validated by env.ts.
    retention: parseRetention(env.BACKUP_RETENTION) as RetentionPolicy,
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
  options: { now?: Date; requestedBy?: string } = {},
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
    const [run] = await db
      .insert(backupRuns)
      .values({
        id: randomUUID(),
        trigger,
        status: 'running',
        scheduledFor: trigger === 'scheduled' ? todayIn(settings.timeZone, now) : null,
        startedAt: now,
        requestedBy: options.requestedBy ?? null,
      })
      .onConflictDoNothing({ target: backupRuns.scheduledFor })
      .returning();
    if (!run) {
      await unlock();
      return { outcome: 'skipped' };
    }
    const finished = runBackup(db, env, settings, run, recipient).finally(unlock);
    return { outcome: 'started', run, finished };
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
): Promise<RunRow> {
  try {
    if (recipient instanceof Error) throw recipient;
    const isEmbedded = !env.DATABASE_URL;
    const written = await writeLogicalBackup({
      databaseUrl: String(poolOf(db).options.connectionString),
      databaseMode: isEmbedded ? 'embedded' : 'server',
      folder: settings.folder,
      recipient: recipient.key,
      dataDirFiles: collectDataDirFiles({
        dataDir: resolve(env.DATA_DIR),
        isEmbedded,
        authSecret: env.AUTH_SECRET,
        secretsKey: env.SECRETS_KEY,
        backupPublicKeyPem: recipient.pem,
      }),
    });
    const finishedAt = new Date();
    const [done] = await db
      .update(backupRuns)
      .set({ status: 'ok', finishedAt, fileName: basename(written.path), bytes: written.bytes })
      .where(eq(backupRuns.id, run.id))
      .returning();
    setLastBackupTime(finishedAt);
    await applyRetention(settings).catch((error: unknown) => {
      console.error(`[backups] retention failed: ${(error as Error).message}`);
    });
    return done ?? run;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    console.error(`[backups] the backup failed: ${reason}`);
    const [failed] = await db
      .update(backupRuns)
      .set({ status: 'failed', finishedAt: new Date(), reason })
      .where(eq(backupRuns.id, run.id))
      .returning()
      .catch(() => [run]);
    return failed ?? run;
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

/** The time a backup's name carries (backup-file.ts writes the ISO time with `-` for `:`). */
function createdAtOf(name: string): Date {
  const stamp = /^reformer-backup-(\d{4}-\d{2}-\d{2}T)(\d{2})-(\d{2})-(\d{2}\.\d{3}Z)/.exec(name);
  return new Date(`${stamp?.[1]}${stamp?.[2]}:${stamp?.[3]}:${stamp?.[4]}`);
}

/** Removes the backup files of the folder the retention policy no longer keeps; answers their names. */
export async function applyRetention(settings: BackupSettings): Promise<string[]> {
  const backups = (await backupFilesIn(settings.folder)).map((name) => {
    const createdAt = createdAtOf(name);
    return { name, createdAt, localDate: todayIn(settings.timeZone, createdAt) };
  });
  const removed = backupsToRemove(backups, settings.retention);
  for (const backup of removed) await rm(join(settings.folder, backup.name), { force: true });
  return removed.map((backup) => backup.name);
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
    schedule: { hour: settings.hour, timeZone: settings.timeZone },
    retention: settings.retention,
    lastSuccessAt: lastSuccessAt?.toISOString() ?? null,
    runs: runs.map((run) => toBackupRun(run, present)),
  };
}

export function toBackupRun(run: RunRow, present: Set<string>): BackupRun {
  return {
    id: run.id,
    trigger: run.trigger,
    status: run.status,
    kind: 'logical',
    startedAt: run.startedAt.toISOString(),
    finishedAt: run.finishedAt?.toISOString() ?? null,
    fileName: run.fileName,
    bytes: run.bytes,
    reason: run.reason,
    downloadable: run.status === 'ok' && run.fileName !== null && present.has(run.fileName),
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
