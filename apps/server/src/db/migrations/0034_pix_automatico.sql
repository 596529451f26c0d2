CREATE TYPE "public"."pix_recurrence_amount_kind" AS ENUM('FIXED', 'FLOOR');--> statement-breakpoint
CREATE TYPE "public"."pix_recurrence_state" AS ENUM('CREATED', 'APPROVED', 'REJECTED', 'CANCELLED_BY_RECEIVER', 'CANCELLED_BY_PAYER', 'EXPIRED');--> statement-breakpoint
CREATE TYPE "public"."pix_retry_policy" AS ENUM('NAO_PERMITE', 'PERMITE_3R_7D');--> statement-breakpoint
CREATE TYPE "public"."receiver_account_type" AS ENUM('CORRENTE', 'POUPANCA', 'PAGAMENTO');--> statement-breakpoint
CREATE TABLE "pix_recurrences" (
	"organization_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"enrollment_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"id_rec" text,
	"location_id" integer,
	"state" "pix_recurrence_state" DEFAULT 'CREATED' NOT NULL,
	"amount_kind" "pix_recurrence_amount_kind" NOT NULL,
	"amount_cents" bigint NOT NULL,
	"retry_policy" "pix_retry_policy" NOT NULL,
	"periodicity" text NOT NULL,
	"first_cycle_start" date NOT NULL,
	"first_txid" text NOT NULL,
	"first_amount_cents" bigint NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date,
	"pix_copia_e_cola" text,
	"is_requested_at_payer_bank" boolean DEFAULT false NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	CONSTRAINT "pix_recurrences_organization_id_id_pk" PRIMARY KEY("organization_id","id"),
	CONSTRAINT "pix_recurrences_amounts_check" CHECK ("pix_recurrences"."amount_cents" > 0 and "pix_recurrences"."first_amount_cents" > 0),
	CONSTRAINT "pix_recurrences_dates_check" CHECK ("pix_recurrences"."end_date" is null or "pix_recurrences"."end_date" >= "pix_recurrences"."start_date")
);
--> statement-breakpoint
ALTER TABLE "pix_psp_connections" ADD COLUMN "receiver_cnpj" text;--> statement-breakpoint
ALTER TABLE "pix_psp_connections" ADD COLUMN "receiver_branch" text;--> statement-breakpoint
ALTER TABLE "pix_psp_connections" ADD COLUMN "receiver_account" text;--> statement-breakpoint
ALTER TABLE "pix_psp_connections" ADD COLUMN "receiver_account_type" "receiver_account_type";--> statement-breakpoint
ALTER TABLE "pix_recurrences" ADD CONSTRAINT "pix_recurrences_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pix_recurrences" ADD CONSTRAINT "pix_recurrences_organization_id_enrollment_id_enrollments_organization_id_id_fk" FOREIGN KEY ("organization_id","enrollment_id") REFERENCES "public"."enrollments"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pix_recurrences" ADD CONSTRAINT "pix_recurrences_organization_id_customer_id_customers_organization_id_id_fk" FOREIGN KEY ("organization_id","customer_id") REFERENCES "public"."customers"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "pix_recurrences_id_rec_idx" ON "pix_recurrences" USING btree ("organization_id","id_rec") WHERE id_rec is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "pix_recurrences_first_txid_idx" ON "pix_recurrences" USING btree ("organization_id","first_txid");--> statement-breakpoint
CREATE UNIQUE INDEX "pix_recurrences_live_idx" ON "pix_recurrences" USING btree ("organization_id","enrollment_id") WHERE state in ('CREATED', 'APPROVED');--> statement-breakpoint
ALTER TABLE "pix_psp_connections" ADD CONSTRAINT "pix_psp_connections_receiver_check" CHECK (("pix_psp_connections"."receiver_cnpj" is null) = ("pix_psp_connections"."receiver_account" is null) and ("pix_psp_connections"."receiver_cnpj" is null) = ("pix_psp_connections"."receiver_account_type" is null) and ("pix_psp_connections"."receiver_cnpj" is not null or "pix_psp_connections"."receiver_branch" is null));