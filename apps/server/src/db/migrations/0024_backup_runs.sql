CREATE TYPE "public"."backup_run_status" AS ENUM('running', 'ok', 'failed');--> statement-breakpoint
CREATE TYPE "public"."backup_run_trigger" AS ENUM('scheduled', 'manual');--> statement-breakpoint
CREATE TABLE "backup_runs" (
	"id" uuid PRIMARY KEY NOT NULL,
	"trigger" "backup_run_trigger" NOT NULL,
	"status" "backup_run_status" NOT NULL,
	"kind" text DEFAULT 'logical' NOT NULL,
	"scheduled_for" date,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"file_name" text,
	"bytes" bigint,
	"reason" text,
	"requested_by" text
);
--> statement-breakpoint
CREATE UNIQUE INDEX "backup_runs_one_running_idx" ON "backup_runs" USING btree ("status") WHERE status = 'running';--> statement-breakpoint
CREATE UNIQUE INDEX "backup_runs_one_scheduled_a_day_idx" ON "backup_runs" USING btree ("scheduled_for");--> statement-breakpoint
CREATE INDEX "backup_runs_started_at_idx" ON "backup_runs" USING btree ("started_at");