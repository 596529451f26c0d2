import { z } from 'zod';
import { firstOfMonth, startOfWeek } from './calendar-dates.ts';
import type { OrgRole } from './permissions.ts';
import { todayIn } from './time-zones.ts';

/** How many daily, weekly and monthly backups to keep (decision 036): BACKUP_RETENTION, "7d,4w,12m". */
export type RetentionPolicy = { daily: number; weekly: number; monthly: number };

export const DEFAULT_RETENTION: RetentionPolicy = { daily: 7, weekly: 4, monthly: 12 };

/** "7d,4w,12m", in any order, each part at most once; a part left out keeps none of that period. */
export function parseRetention(text: string): RetentionPolicy | null {
  const parts = text.split(',').map((part) => part.trim());
  const policy: RetentionPolicy = { daily: 0, weekly: 0, monthly: 0 };
  const seen = new Set<string>();
  for (const part of parts) {
    const match = /^(\d{1,3})([dwm])$/.exec(part);
    if (!match || seen.has(match[2] as string)) return null;
    seen.add(match[2] as string);
    const count = Number(match[1]);
    if (match[2] === 'd') policy.daily = count;
    else if (match[2] === 'w') policy.weekly = count;
    else policy.monthly = count;
  }
  return policy.daily + policy.weekly + policy.monthly > 0 ? policy : null;
}

export type RetainedBackup = {
  name: string;
  /** Each kind is kept by the rule on its own: a day's logical backup never pushes out its physical one. */
  kind?: string;
  createdAt: Date;
  /** The day it was made on, in the install's BACKUP_TIME_ZONE (yyyy-MM-dd). */
  localDate: string;
};

/** A backup file as retention sees it: the time its name carries, and that time's day in `timeZone`. */
export function retainedBackup(name: string, timeZone: string): RetainedBackup {
  // backup-file.ts writes the ISO time with `-` for `:`.
  const stamp = /^reformer-backup-(\d{4}-\d{2}-\d{2}T)(\d{2})-(\d{2})-(\d{2}\.\d{3}Z)/.exec(name);
  const createdAt = new Date(`${stamp?.[1]}${stamp?.[2]}:${stamp?.[3]}:${stamp?.[4]}`);
  const kind = /-([a-z]+)\.rfb$/.exec(name)?.[1];
  return { name, kind, createdAt, localDate: todayIn(timeZone, createdAt) };
}

/**
 * The backups retention removes: each kept period (day, Monday-started week, month) keeps its newest
 * backup, for the newest `daily` days, `weekly` weeks and `monthly` months that have one. A backup kept by
 * any period stays; the newest backup always stays, whatever the policy. Each kind by itself.
 */
export function backupsToRemove<T extends RetainedBackup>(backups: T[], policy: RetentionPolicy): T[] {
  const kinds = new Set(backups.map((backup) => backup.kind));
  if (kinds.size > 1)
    return [...kinds].flatMap((kind) =>
      backupsToRemove(
        backups.filter((backup) => backup.kind === kind),
        policy,
      ),
    );
  const newestFirst = [...backups].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
  const kept = new Set<T>(newestFirst.slice(0, 1));
  const periods: [number, (date: string) => string][] = [
    [policy.daily, (date) => date],
    [policy.weekly, (date) => startOfWeek(date, 1)],
    [policy.monthly, firstOfMonth],
  ];
  for (const [count, periodOf] of periods) {
    const seen = new Set<string>();
    for (const backup of newestFirst) {
      const period = periodOf(backup.localDate);
      if (seen.has(period)) continue;
      if (seen.size === count) break;
      seen.add(period);
      kept.add(backup);
    }
  }
  return newestFirst.filter((backup) => !kept.has(backup));
}

/**
 * Who may see, start and download backups (decision 036): a backup holds every organization of the install,
 * so only a user who is ORG_OWNER of every one of them — the install's owner, not one studio's.
 */
export function mayManageBackups(
  userOrgRoles: { organizationId: string; orgRole: OrgRole | null }[],
  installOrganizationIds: string[],
): boolean {
  if (installOrganizationIds.length === 0) return false;
  const owned = new Set(
    userOrgRoles.filter((role) => role.orgRole === 'ORG_OWNER').map((role) => role.organizationId),
  );
  return installOrganizationIds.every((id) => owned.has(id));
}

/** Past this age the dashboard warns that the daily backup is not happening. */
export const BACKUP_STALE_AFTER_HOURS = 26;

export const BACKUP_RUN_STATUSES = ['running', 'ok', 'failed'] as const;
export const BACKUP_RUN_TRIGGERS = ['scheduled', 'manual'] as const;
/**
 * A backup file's copy in S3-compatible storage (decision 036, offsite copy), as recorded: copied (and
 * checked), failed (retried by the next run while the file is kept), or removed by retention.
 */
export const OFFSITE_COPY_STATUSES = ['copied', 'failed', 'removed'] as const;

export const OffsiteCopy = z.object({
  /** `pending`: not copied yet — the storage was configured after the backup, or the run is copying it. */
  status: z.enum([...OFFSITE_COPY_STATUSES, 'pending']),
  /** When it was copied, failed or was removed. */
  at: z.iso.datetime().nullable(),
  /** Why the copy failed, in the words of the error (never a credential). */
  reason: z.string().nullable(),
});
export type OffsiteCopy = z.infer<typeof OffsiteCopy>;

/** `physical`: the embedded cluster's files, restorable to a point in time; `logical`: portable across majors. */
export const BACKUP_KINDS = ['physical', 'logical'] as const;
export type BackupKind = (typeof BACKUP_KINDS)[number];

export const BackupRun = z.object({
  id: z.uuid(),
  trigger: z.enum(BACKUP_RUN_TRIGGERS),
  status: z.enum(BACKUP_RUN_STATUSES),
  kind: z.enum(BACKUP_KINDS),
  startedAt: z.iso.datetime(),
  finishedAt: z.iso.datetime().nullable(),
  fileName: z.string().nullable(),
  bytes: z.number().int().nullable(),
  /** Why it failed, in the words of the error (for the owner and the log). */
  reason: z.string().nullable(),
  /** Whether the file is still in the backup folder (retention removes older ones). */
  downloadable: z.boolean(),
  /** Its copy in S3-compatible storage; null for a run with no file, or none recorded and none configured. */
  copy: OffsiteCopy.nullable(),
});
export type BackupRun = z.infer<typeof BackupRun>;

export const BackupStatus = z.object({
  configured: z.boolean(),
  /** The folder the backups are written to, as the server sees it. */
  folder: z.string(),
  /** The S3-compatible storage each backup is copied to, when configured; never its credentials. */
  offsite: z
    .object({
      bucket: z.string(),
      region: z.string(),
      /** The provider's address for S3-compatible storage other than AWS; null for AWS. */
      endpoint: z.string().nullable(),
      /** Where in the bucket the backups go (ends in `/`). */
      prefix: z.string(),
    })
    .nullable(),
  /** The daily run's local hour (0–23) and its time zone. */
  schedule: z.object({ hour: z.number().int(), timeZone: z.string() }),
  retention: z.object({ daily: z.number().int(), weekly: z.number().int(), monthly: z.number().int() }),
  lastSuccessAt: z.iso.datetime().nullable(),
  /**
   * Point-in-time recovery: on for the embedded database with a backup key (its WAL archived continuously),
   * restorable to any moment of the last `windowDays`; `lastArchivedAt` is the recovery point (null: no segment
   * since the server started).
   */
  pointInTime: z.object({
    /** `on`; off because the database is a server (its own backups apply), no key, or a key set since start. */
    state: z.enum(['on', 'database_server', 'no_key', 'restart_needed']),
    windowDays: z.number().int(),
    lastArchivedAt: z.iso.datetime().nullable(),
  }),
  runs: z.array(BackupRun),
});
export type BackupStatus = z.infer<typeof BackupStatus>;

/** Backup file names as part 1 writes them; nothing else in the folder is served or removed. */
export const BACKUP_FILE_NAME = /^reformer-backup-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}\.\d{3}Z-[a-z]+\.rfb$/;

/**
 * The dashboard's warning to the install's owner: no key, no backup yet, or the last older than
 * BACKUP_STALE_AFTER_HOURS; null when all is well or for anyone else.
 */
export const BackupWarning = z.object({
  warning: z.enum(['not_configured', 'never', 'stale']).nullable(),
  lastSuccessAt: z.iso.datetime().nullable(),
});
export type BackupWarning = z.infer<typeof BackupWarning>;

export function backupWarning(
  configured: boolean,
  lastSuccessAt: Date | null,
  now: Date,
): BackupWarning['warning'] {
  if (!configured) return 'not_configured';
  if (!lastSuccessAt) return 'never';
  return now.getTime() - lastSuccessAt.getTime() > BACKUP_STALE_AFTER_HOURS * 3_600_000 ? 'stale' : null;
}
