import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import {
  BACKUP_FILE_NAME,
  backupsToRemove,
  OFFSITE_COPY_STATUSES,
  type RetentionPolicy,
  retainedBackup,
} from '@reformer/domain/backups';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { backupRuns } from '../db/schema/index.ts';
import type { Env } from '../env.ts';
import { countOffsiteCopyFailure } from '../observability/metrics.ts';
import {
  describeOffsiteError,
  normalizePrefix,
  type OffsiteStorage,
  type OffsiteTarget,
  openOffsiteStorage,
} from './offsite-copy.ts';

/**
 * The backups' copies in S3-compatible storage (decision 036, offsite copy): after each backup, every backup
 * file the folder keeps and the storage lacks is copied (the new one, and any an earlier failed copy left),
 * each copy recorded on its run, and the retention rule is applied to the storage's backups as to the folder's.
 */
export type OffsiteEnv = Pick<
  Env,
  | 'BACKUP_S3_BUCKET'
  | 'BACKUP_S3_REGION'
  | 'BACKUP_S3_ENDPOINT'
  | 'BACKUP_S3_PREFIX'
  | 'BACKUP_S3_ACCESS_KEY_ID'
  | 'BACKUP_S3_SECRET_ACCESS_KEY'
>;

/** The backups go under `<BACKUP_S3_PREFIX>backups/`, apart from what else the bucket will hold (WAL). */
const BACKUPS_KEY_PREFIX = 'backups/';

export function offsiteTargetOf(env: OffsiteEnv): OffsiteTarget | null {
  if (!env.BACKUP_S3_BUCKET) return null;
  return {
    bucket: env.BACKUP_S3_BUCKET,
    // env.ts requires the region with the bucket.
    region: env.BACKUP_S3_REGION ?? '',
    ...(env.BACKUP_S3_ENDPOINT ? { endpoint: env.BACKUP_S3_ENDPOINT } : {}),
    prefix: normalizePrefix(env.BACKUP_S3_PREFIX),
    ...(env.BACKUP_S3_ACCESS_KEY_ID && env.BACKUP_S3_SECRET_ACCESS_KEY
      ? {
          credentials: {
            accessKeyId: env.BACKUP_S3_ACCESS_KEY_ID,
            secretAccessKey: env.BACKUP_S3_SECRET_ACCESS_KEY,
          },
        }
      : {}),
  };
}

/** The object key of a backup file, relative to the prefix. */
export const offsiteBackupKey = (fileName: string) => `${BACKUPS_KEY_PREFIX}${fileName}`;

type OffsiteColumns = Pick<typeof backupRuns.$inferInsert, 'offsiteStatus' | 'offsiteAt' | 'offsiteReason'>;

const [COPIED, FAILED, REMOVED] = OFFSITE_COPY_STATUSES;

export type OffsiteSyncSettings = {
  folder: string;
  timeZone: string;
  retention: RetentionPolicy;
  offsite: OffsiteTarget | null;
};

/**
 * Brings the storage in line with the backup folder, which retention has just pruned: copies the kept files
 * it lacks (or holds at another size), then deletes the backups the retention rule removes — applied to the
 * storage's backups and the folder's together, so an object the rule keeps is never deleted, even one the
 * folder has lost. `newFile` is the run's own file, not yet on its run's row: its outcome is answered, for
 * the caller to record with the run; the other files' outcomes are recorded on their runs here.
 * Never throws: an unreachable or refusing storage is a failed copy, retried by the next run.
 */
export async function syncBackupsOffsite(
  db: Database,
  settings: OffsiteSyncSettings,
  localFiles: string[],
  newFile: string,
): Promise<OffsiteColumns> {
  if (!settings.offsite) return {};
  const storage = openOffsiteStorage(settings.offsite);
  try {
    let stored: Map<string, number>;
    try {
      stored = await storedBackups(storage);
    } catch (error) {
      return failed(error);
    }
    let newFileOutcome: OffsiteColumns = {};
    for (const name of localFiles) {
      const path = join(settings.folder, name);
      const outcome = await copyBackup(storage, path, name, stored);
      if (!outcome) continue;
      if (name === newFile) newFileOutcome = outcome;
      else await recordOn(db, name, outcome);
    }
    await removeWhatRetentionRemoves(db, storage, settings, stored, localFiles);
    return newFileOutcome;
  } finally {
    storage.close();
  }
}

/** The backups in the storage by name, with their size. */
async function storedBackups(storage: OffsiteStorage): Promise<Map<string, number>> {
  const objects = await storage.list(BACKUPS_KEY_PREFIX);
  const backups = new Map<string, number>();
  for (const object of objects) {
    const name = object.key.slice(BACKUPS_KEY_PREFIX.length);
    if (BACKUP_FILE_NAME.test(name)) backups.set(name, object.bytes);
  }
  return backups;
}

/** Copies one file unless the storage holds it at its size; null when nothing was to do. */
async function copyBackup(
  storage: OffsiteStorage,
  path: string,
  name: string,
  stored: Map<string, number>,
): Promise<OffsiteColumns | null> {
  try {
    const { size } = await stat(path);
    if (stored.get(name) === size) return null;
    const copied = await storage.copyFile(path, offsiteBackupKey(name));
    stored.set(name, copied.bytes);
    return { offsiteStatus: COPIED, offsiteAt: new Date(), offsiteReason: null };
  } catch (error) {
    return failed(error);
  }
}

function failed(error: unknown): OffsiteColumns {
  countOffsiteCopyFailure('backup');
  const reason = describeOffsiteError(error);
  console.error(`[backups] the copy to S3 failed: ${reason}`);
  return { offsiteStatus: FAILED, offsiteAt: new Date(), offsiteReason: reason };
}

async function removeWhatRetentionRemoves(
  db: Database,
  storage: OffsiteStorage,
  settings: OffsiteSyncSettings,
  stored: Map<string, number>,
  localFiles: string[],
): Promise<void> {
  const names = new Set([...stored.keys(), ...localFiles]);
  const backups = [...names].map((name) => retainedBackup(name, settings.timeZone));
  for (const { name } of backupsToRemove(backups, settings.retention)) {
    if (!stored.has(name)) continue;
    try {
      await storage.deleteObject(offsiteBackupKey(name));
      await recordOn(db, name, { offsiteStatus: REMOVED, offsiteAt: new Date(), offsiteReason: null });
    } catch (error) {
      // Left for the next run, which applies the same rule.
      console.error(`[backups] removing ${name} from S3 failed: ${describeOffsiteError(error)}`);
    }
  }
}

const recordOn = (db: Database, fileName: string, outcome: OffsiteColumns) =>
  db.update(backupRuns).set(outcome).where(eq(backupRuns.fileName, fileName));
