DROP INDEX "backup_runs_one_scheduled_a_day_idx";--> statement-breakpoint
ALTER TABLE "backup_runs" ADD COLUMN "wal_start" text;--> statement-breakpoint
CREATE UNIQUE INDEX "backup_runs_one_scheduled_a_day_idx" ON "backup_runs" USING btree ("scheduled_for","kind");