CREATE TYPE "public"."pix_fallback_reason" AS ENUM('AMOUNT_CHANGED', 'DEBIT_FAILED', 'REFUSED');--> statement-breakpoint
CREATE TYPE "public"."pix_recurring_charge_state" AS ENUM('PENDING', 'ACTIVE', 'PAID', 'FAILED', 'CANCELLED', 'REFUSED');--> statement-breakpoint
CREATE TABLE "pix_recurring_charges" (
	"organization_id" uuid NOT NULL,
	"txid" text NOT NULL,
	"recurrence_id" uuid NOT NULL,
	"enrollment_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"cycle_start" date NOT NULL,
	"due_date" date NOT NULL,
	"amount_cents" bigint NOT NULL,
	"state" "pix_recurring_charge_state" DEFAULT 'PENDING' NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_retry_date" date,
	"rejection_code" text,
	"end_to_end_id" text,
	"failure" text,
	"fallback_reason" "pix_fallback_reason",
	"fell_back_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pix_recurring_charges_organization_id_txid_pk" PRIMARY KEY("organization_id","txid"),
	CONSTRAINT "pix_recurring_charges_amount_check" CHECK ("pix_recurring_charges"."amount_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "pix_recurring_charges" ADD CONSTRAINT "pix_recurring_charges_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pix_recurring_charges" ADD CONSTRAINT "pix_recurring_charges_recurrence_fk" FOREIGN KEY ("organization_id","recurrence_id") REFERENCES "public"."pix_recurrences"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pix_recurring_charges" ADD CONSTRAINT "pix_recurring_charges_cycle_fk" FOREIGN KEY ("organization_id","enrollment_id","cycle_start") REFERENCES "public"."billing_cycles"("organization_id","enrollment_id","cycle_start") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "pix_recurring_charges_cycle_idx" ON "pix_recurring_charges" USING btree ("organization_id","recurrence_id","cycle_start");--> statement-breakpoint
CREATE UNIQUE INDEX "pix_recurring_charges_enrollment_cycle_idx" ON "pix_recurring_charges" USING btree ("organization_id","enrollment_id","cycle_start");