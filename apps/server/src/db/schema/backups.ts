import { BACKUP_RUN_STATUSES, BACKUP_RUN_TRIGGERS, OFFSITE_COPY_STATUSES } from '@reformer/domain/backups';
import { sql } from 'drizzle-orm';
import {
  bigint,
  date,
  index,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

export const backupRunStatusEnum = pgEnum('backup_run_status', BACKUP_RUN_STATUSES);
export const backupRunTriggerEnum = pgEnum('backup_run_trigger', BACKUP_RUN_TRIGGERS);
export const backupOffsiteStatusEnum = pgEnum('backup_offsite_status', OFFSITE_COPY_STATUSES);

/**
 * Every backup the server made or tried (decision 036), for the whole install — no organization's: in the
 * database, so every instance answers the same status and the age metric survives restarts. The partial
 * unique indexes are the exactly-once: one run at a time across instances, and one scheduled run a day.
 */
export const backupRuns = pgTable(
  'backup_runs',
  {
    id: uuid('id').primaryKey(),
    trigger: backupRunTriggerEnum('trigger').notNull(),
    status: backupRunStatusEnum('status').notNull(),
    kind: text('kind').notNull().default('logical'),
    /** The local day (BACKUP_TIME_ZONE) a scheduled run is the daily backup of; null for a manual one. */
    scheduledFor: date('scheduled_for'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    fileName: text('file_name'),
    bytes: bigint('bytes', { mode: 'number' }),
    reason: text('reason'),
    /** Who pressed "back up now"; null for the schedule. */
    requestedBy: text('requested_by'),
    /** A physical backup's first WAL segment: the archive is pruned up to the one of the oldest it must serve. */
    walStart: text('wal_start'),
    /** The file's copy in S3-compatible storage (backups/offsite-backups.ts); null while none was tried. */
    offsiteStatus: backupOffsiteStatusEnum('offsite_status'),
    /** When it was copied, failed, or removed by retention. */
    offsiteAt: timestamp('offsite_at', { withTimezone: true }),
    /** Why the last copy failed. */
    offsiteReason: text('offsite_reason'),
  },
  (table) => [
    uniqueIndex('backup_runs_one_running_idx').on(table.status).where(sql`status = 'running'`),
    // A day's scheduled run makes one backup of each kind (physical, then logical, on the embedded database).
    uniqueIndex('backup_runs_one_scheduled_a_day_idx').on(table.scheduledFor, table.kind),
    index('backup_runs_started_at_idx').on(table.startedAt),
  ],
);
