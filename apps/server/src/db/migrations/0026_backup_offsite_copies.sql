CREATE TYPE "public"."backup_offsite_status" AS ENUM('copied', 'failed', 'removed');--> statement-breakpoint
ALTER TABLE "backup_runs" ADD COLUMN "offsite_status" "backup_offsite_status";--> statement-breakpoint
ALTER TABLE "backup_runs" ADD COLUMN "offsite_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "backup_runs" ADD COLUMN "offsite_reason" text;