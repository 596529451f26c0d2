CREATE TYPE "public"."make_up_credit_validity" AS ENUM('END_OF_NEXT_MONTH', 'DAYS');--> statement-breakpoint
CREATE TYPE "public"."make_up_credit_status" AS ENUM('AVAILABLE', 'USED');--> statement-breakpoint
CREATE TABLE "make_up_credit_settings" (
	"organization_id" uuid PRIMARY KEY NOT NULL,
	"notice_hours" integer NOT NULL,
	"monthly_limit" integer NOT NULL,
	"validity" "make_up_credit_validity" NOT NULL,
	"validity_days" integer NOT NULL,
	"allow_make_up_of_make_up" boolean NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "make_up_credits" (
	"organization_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"canceled_session_id" uuid NOT NULL,
	"session_date" date NOT NULL,
	"earned_at" timestamp with time zone NOT NULL,
	"expires_on" date NOT NULL,
	"status" "make_up_credit_status" DEFAULT 'AVAILABLE' NOT NULL,
	"used_session_id" uuid,
	"used_at" timestamp with time zone,
	CONSTRAINT "make_up_credits_organization_id_id_pk" PRIMARY KEY("organization_id","id"),
	CONSTRAINT "make_up_credits_used_check" CHECK (("make_up_credits"."status" = 'USED') = ("make_up_credits"."used_session_id" is not null and "make_up_credits"."used_at" is not null))
);
--> statement-breakpoint
CREATE TABLE "no_credit_dates" (
	"organization_id" uuid NOT NULL,
	"establishment_id" uuid NOT NULL,
	"date" date NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "no_credit_dates_organization_id_establishment_id_date_pk" PRIMARY KEY("organization_id","establishment_id","date")
);
--> statement-breakpoint
ALTER TABLE "make_up_credit_settings" ADD CONSTRAINT "make_up_credit_settings_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "make_up_credits" ADD CONSTRAINT "make_up_credits_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "make_up_credits" ADD CONSTRAINT "make_up_credits_organization_id_customer_id_customers_organization_id_id_fk" FOREIGN KEY ("organization_id","customer_id") REFERENCES "public"."customers"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "make_up_credits" ADD CONSTRAINT "make_up_credits_organization_id_canceled_session_id_schedule_sessions_organization_id_id_fk" FOREIGN KEY ("organization_id","canceled_session_id") REFERENCES "public"."schedule_sessions"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "make_up_credits" ADD CONSTRAINT "make_up_credits_organization_id_used_session_id_schedule_sessions_organization_id_id_fk" FOREIGN KEY ("organization_id","used_session_id") REFERENCES "public"."schedule_sessions"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "no_credit_dates" ADD CONSTRAINT "no_credit_dates_organization_id_establishment_id_establishments_organization_id_id_fk" FOREIGN KEY ("organization_id","establishment_id") REFERENCES "public"."establishments"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "make_up_credits_canceled_place_idx" ON "make_up_credits" USING btree ("organization_id","canceled_session_id","customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "make_up_credits_used_place_idx" ON "make_up_credits" USING btree ("organization_id","used_session_id","customer_id") WHERE "make_up_credits"."used_session_id" is not null;--> statement-breakpoint
CREATE INDEX "make_up_credits_customer_idx" ON "make_up_credits" USING btree ("organization_id","customer_id","earned_at");