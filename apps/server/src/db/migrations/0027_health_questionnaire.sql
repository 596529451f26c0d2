CREATE TYPE "public"."health_questionnaire_kind" AS ENUM('OFF', 'ANAMNESIS', 'PAR_Q_PLUS');--> statement-breakpoint
CREATE TYPE "public"."medical_record_origin" AS ENUM('STAFF', 'PORTAL');--> statement-breakpoint
CREATE TABLE "health_data_consents" (
	"organization_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"portal_session_id" uuid NOT NULL,
	"text_sha256" text NOT NULL,
	"language" text NOT NULL,
	"ip_address" text NOT NULL,
	"user_agent" text NOT NULL,
	"consented_at" timestamp with time zone NOT NULL,
	CONSTRAINT "health_data_consents_organization_id_id_pk" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
CREATE TABLE "health_questionnaire_settings" (
	"organization_id" uuid PRIMARY KEY NOT NULL,
	"kind" "health_questionnaire_kind" NOT NULL,
	"questions" text[] NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "health_questionnaire_submissions" (
	"organization_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"medical_record_id" uuid NOT NULL,
	"consent_id" uuid NOT NULL,
	"idempotency_key" text,
	"submitted_at" timestamp with time zone NOT NULL,
	CONSTRAINT "health_questionnaire_submissions_organization_id_id_pk" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
ALTER TABLE "medical_records" ADD COLUMN "origin" "medical_record_origin" DEFAULT 'STAFF' NOT NULL;--> statement-breakpoint
ALTER TABLE "medical_records" ADD COLUMN "is_draft" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "health_data_consents" ADD CONSTRAINT "health_data_consents_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "health_data_consents" ADD CONSTRAINT "health_data_consents_organization_id_customer_id_customers_organization_id_id_fk" FOREIGN KEY ("organization_id","customer_id") REFERENCES "public"."customers"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "health_questionnaire_settings" ADD CONSTRAINT "health_questionnaire_settings_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "health_questionnaire_settings" ADD CONSTRAINT "health_questionnaire_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "health_questionnaire_submissions" ADD CONSTRAINT "health_questionnaire_submissions_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "health_questionnaire_submissions" ADD CONSTRAINT "health_questionnaire_submissions_organization_id_customer_id_customers_organization_id_id_fk" FOREIGN KEY ("organization_id","customer_id") REFERENCES "public"."customers"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "health_data_consents_customer_idx" ON "health_data_consents" USING btree ("organization_id","customer_id","consented_at");--> statement-breakpoint
CREATE UNIQUE INDEX "health_questionnaire_submissions_customer_idx" ON "health_questionnaire_submissions" USING btree ("organization_id","customer_id");