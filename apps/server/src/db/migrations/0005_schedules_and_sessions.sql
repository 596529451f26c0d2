CREATE TYPE "public"."recurrence_type" AS ENUM('SINGLE', 'WEEKLY', 'MONTHLY');--> statement-breakpoint
CREATE TYPE "public"."schedule_type" AS ENUM('GROUP', 'INDIVIDUAL');--> statement-breakpoint
CREATE TYPE "public"."add_to_session_reason" AS ENUM('REPOSITION', 'TRIAL_CLASS', 'SPECIAL_EVENT', 'OTHER');--> statement-breakpoint
CREATE TYPE "public"."attendance_status" AS ENUM('CONFIRMED', 'CANCELED', 'TRIAL', 'REPOSITION');--> statement-breakpoint
CREATE TYPE "public"."roster_source" AS ENUM('ENROLLMENT', 'ADDED');--> statement-breakpoint
CREATE TABLE "schedules" (
	"organization_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"type" "schedule_type" NOT NULL,
	"establishment_id" uuid NOT NULL,
	"staff_user_id" text NOT NULL,
	"capacity" integer NOT NULL,
	"start_time" time NOT NULL,
	"end_time" time NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date,
	"recurrence_type" "recurrence_type" NOT NULL,
	"days_of_week" smallint[] DEFAULT '{}' NOT NULL,
	"notes" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "schedules_organization_id_id_pk" PRIMARY KEY("organization_id","id"),
	CONSTRAINT "schedules_capacity_check" CHECK ("schedules"."capacity" >= 1),
	CONSTRAINT "schedules_times_check" CHECK ("schedules"."end_time" > "schedules"."start_time")
);
--> statement-breakpoint
CREATE TABLE "schedule_sessions" (
	"organization_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"schedule_id" uuid NOT NULL,
	"scheduled_date" date NOT NULL,
	"scheduled_start_time" time NOT NULL,
	"scheduled_end_time" time NOT NULL,
	"date" date NOT NULL,
	"start_time" time NOT NULL,
	"end_time" time NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "schedule_sessions_organization_id_id_pk" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
CREATE TABLE "session_attendance" (
	"organization_id" uuid NOT NULL,
	"session_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"source" "roster_source" NOT NULL,
	"status" "attendance_status" NOT NULL,
	"reason" "add_to_session_reason",
	"notes" text,
	"checked_in_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "session_attendance_organization_id_session_id_customer_id_pk" PRIMARY KEY("organization_id","session_id","customer_id"),
	CONSTRAINT "session_attendance_reason_check" CHECK ("session_attendance"."source" <> 'ADDED' or "session_attendance"."reason" is not null)
);
--> statement-breakpoint
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_organization_id_establishment_id_establishments_organization_id_id_fk" FOREIGN KEY ("organization_id","establishment_id") REFERENCES "public"."establishments"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_sessions" ADD CONSTRAINT "schedule_sessions_organization_id_schedule_id_schedules_organization_id_id_fk" FOREIGN KEY ("organization_id","schedule_id") REFERENCES "public"."schedules"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_attendance" ADD CONSTRAINT "session_attendance_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_attendance" ADD CONSTRAINT "session_attendance_organization_id_session_id_schedule_sessions_organization_id_id_fk" FOREIGN KEY ("organization_id","session_id") REFERENCES "public"."schedule_sessions"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_attendance" ADD CONSTRAINT "session_attendance_organization_id_customer_id_customers_organization_id_id_fk" FOREIGN KEY ("organization_id","customer_id") REFERENCES "public"."customers"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "schedules_org_name_idx" ON "schedules" USING btree ("organization_id","name","id");--> statement-breakpoint
CREATE INDEX "schedules_establishment_idx" ON "schedules" USING btree ("organization_id","establishment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "schedule_sessions_schedule_date_unique_idx" ON "schedule_sessions" USING btree ("organization_id","schedule_id","scheduled_date");--> statement-breakpoint
CREATE INDEX "schedule_sessions_org_date_idx" ON "schedule_sessions" USING btree ("organization_id","date");--> statement-breakpoint
CREATE INDEX "schedule_sessions_org_starts_at_idx" ON "schedule_sessions" USING btree ("organization_id","starts_at");--> statement-breakpoint
CREATE INDEX "session_attendance_customer_idx" ON "session_attendance" USING btree ("organization_id","customer_id");