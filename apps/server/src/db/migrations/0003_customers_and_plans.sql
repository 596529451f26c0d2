CREATE TYPE "public"."billing_cycle" AS ENUM('MONTHLY', 'QUARTERLY', 'SEMI_ANNUAL', 'ANNUALLY');--> statement-breakpoint
CREATE TYPE "public"."currency" AS ENUM('BRL', 'USD');--> statement-breakpoint
CREATE TYPE "public"."customer_status" AS ENUM('ACTIVE', 'INACTIVE', 'PENDING', 'DELETED', 'PURGED');--> statement-breakpoint
CREATE TYPE "public"."gender" AS ENUM('MALE', 'FEMALE', 'OTHER', 'PREFER_NOT_TO_SAY');--> statement-breakpoint
CREATE TYPE "public"."id_type" AS ENUM('CPF', 'RG', 'PASSPORT', 'SSN', 'DRIVER_LICENSE', 'AADHAAR', 'PAN', 'NATIONAL_ID');--> statement-breakpoint
CREATE TABLE "audit_log" (
	"organization_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"actor_id" text,
	"action" text NOT NULL,
	"entity_type" text NOT NULL,
	"entity_id" text NOT NULL,
	"ip_address" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "audit_log_organization_id_id_pk" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
CREATE TABLE "customer_plans" (
	"organization_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"price_cents" bigint NOT NULL,
	"currency" "currency" NOT NULL,
	"billing_cycle" "billing_cycle" NOT NULL,
	"features" jsonb NOT NULL,
	"weekly_sessions_limit" integer,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customer_plans_organization_id_id_pk" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
CREATE TABLE "customers" (
	"organization_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"date_of_birth" date,
	"gender" "gender",
	"country" text DEFAULT 'BR' NOT NULL,
	"id_type" "id_type",
	"id_number" text,
	"email" text,
	"phone" text,
	"is_whatsapp" boolean DEFAULT false NOT NULL,
	"address" text,
	"number" text,
	"apartment" text,
	"neighborhood" text,
	"city" text,
	"state" text,
	"zip_code" text,
	"profession" text,
	"emergency_contact_name" text,
	"emergency_contact_phone" text,
	"notes" text,
	"status" "customer_status" DEFAULT 'ACTIVE' NOT NULL,
	"search_text" text GENERATED ALWAYS AS (immutable_unaccent(lower(first_name || ' ' || last_name || ' ' || coalesce(email, '') || ' ' || coalesce(phone, '') || ' ' || regexp_replace(coalesce(phone, ''), '\D', '', 'g') || ' ' || coalesce(id_number, '')))) STORED,
	"sort_name" text GENERATED ALWAYS AS (immutable_unaccent(lower(first_name || ' ' || last_name))) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customers_organization_id_id_pk" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
ALTER TABLE "customer_plans" ADD CONSTRAINT "customer_plans_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_entity_idx" ON "audit_log" USING btree ("organization_id","entity_type","entity_id","at");--> statement-breakpoint
CREATE INDEX "customer_plans_org_name_idx" ON "customer_plans" USING btree ("organization_id","name");--> statement-breakpoint
CREATE INDEX "customers_org_name_idx" ON "customers" USING btree ("organization_id","sort_name" collate "C","id");--> statement-breakpoint
CREATE INDEX "customers_search_idx" ON "customers" USING gin ("organization_id","search_text" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "customers_cpf_unique_idx" ON "customers" USING btree ("organization_id","id_number") WHERE id_type = 'CPF' and status not in ('DELETED', 'PURGED');--> statement-breakpoint
CREATE UNIQUE INDEX "customers_email_unique_idx" ON "customers" USING btree ("organization_id","email") WHERE email is not null and status not in ('DELETED', 'PURGED');