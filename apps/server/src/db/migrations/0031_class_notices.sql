ALTER TYPE "public"."event_kind" ADD VALUE 'CLASS_REMINDER';--> statement-breakpoint
ALTER TYPE "public"."event_kind" ADD VALUE 'CLASS_CHANGED';--> statement-breakpoint
CREATE TABLE "event_class_notice_settings" (
	"organization_id" uuid PRIMARY KEY NOT NULL,
	"reminder_hours" smallint NOT NULL,
	"reminder_channels" jsonb NOT NULL,
	"change_notice_enabled" boolean NOT NULL,
	"change_channels" jsonb NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "event_class_notice_settings" ADD CONSTRAINT "event_class_notice_settings_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_class_notice_settings" ADD CONSTRAINT "event_class_notice_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;