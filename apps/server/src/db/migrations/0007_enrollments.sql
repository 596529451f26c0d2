CREATE TYPE "public"."enrollment_status" AS ENUM('ACTIVE', 'PAUSED', 'CANCELED', 'COMPLETED');--> statement-breakpoint
CREATE TABLE "enrollments" (
	"organization_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"plan_id" uuid NOT NULL,
	"schedule_id" uuid NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"is_end_date_explicit" boolean DEFAULT false NOT NULL,
	"status" "enrollment_status" DEFAULT 'ACTIVE' NOT NULL,
	"paused_from" date,
	"resume_on" date,
	"canceled_from" date,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "enrollments_organization_id_id_pk" PRIMARY KEY("organization_id","id"),
	CONSTRAINT "enrollments_dates_check" CHECK ("enrollments"."end_date" >= "enrollments"."start_date"),
	CONSTRAINT "enrollments_pause_check" CHECK ("enrollments"."resume_on" is null or ("enrollments"."paused_from" is not null and "enrollments"."resume_on" > "enrollments"."paused_from"))
);
--> statement-breakpoint
ALTER TABLE "enrollments" ADD CONSTRAINT "enrollments_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrollments" ADD CONSTRAINT "enrollments_organization_id_customer_id_customers_organization_id_id_fk" FOREIGN KEY ("organization_id","customer_id") REFERENCES "public"."customers"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrollments" ADD CONSTRAINT "enrollments_organization_id_plan_id_customer_plans_organization_id_id_fk" FOREIGN KEY ("organization_id","plan_id") REFERENCES "public"."customer_plans"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrollments" ADD CONSTRAINT "enrollments_organization_id_schedule_id_schedules_organization_id_id_fk" FOREIGN KEY ("organization_id","schedule_id") REFERENCES "public"."schedules"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "enrollments_schedule_dates_idx" ON "enrollments" USING btree ("organization_id","schedule_id","start_date","end_date");--> statement-breakpoint
CREATE INDEX "enrollments_customer_idx" ON "enrollments" USING btree ("organization_id","customer_id","start_date");--> statement-breakpoint
CREATE INDEX "enrollments_plan_idx" ON "enrollments" USING btree ("organization_id","plan_id");--> statement-breakpoint
CREATE INDEX "enrollments_org_start_idx" ON "enrollments" USING btree ("organization_id","start_date","id");--> statement-breakpoint
CREATE INDEX "enrollments_status_end_idx" ON "enrollments" USING btree ("status","end_date");