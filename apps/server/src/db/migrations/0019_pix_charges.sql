CREATE TYPE "public"."pix_charge_status" AS ENUM('PENDING', 'ACTIVE', 'PAID', 'REMOVED', 'REFUSED');--> statement-breakpoint
CREATE TABLE "pix_charges" (
	"organization_id" uuid NOT NULL,
	"txid" text NOT NULL,
	"enrollment_id" uuid NOT NULL,
	"cycle_start" date NOT NULL,
	"customer_id" uuid NOT NULL,
	"due_date" date NOT NULL,
	"amount_cents" bigint NOT NULL,
	"status" "pix_charge_status" DEFAULT 'PENDING' NOT NULL,
	"br_code" text,
	"failure" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pix_charges_organization_id_txid_pk" PRIMARY KEY("organization_id","txid"),
	CONSTRAINT "pix_charges_amount_check" CHECK ("pix_charges"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "pix_received" (
	"organization_id" uuid NOT NULL,
	"end_to_end_id" text NOT NULL,
	"txid" text,
	"amount_cents" bigint NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"payment_id" uuid,
	"source" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pix_received_organization_id_end_to_end_id_pk" PRIMARY KEY("organization_id","end_to_end_id")
);
--> statement-breakpoint
CREATE TABLE "pix_refunds" (
	"organization_id" uuid NOT NULL,
	"refund_id" text NOT NULL,
	"end_to_end_id" text NOT NULL,
	"payment_id" uuid NOT NULL,
	"amount_cents" bigint NOT NULL,
	"status" text NOT NULL,
	"requested_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "pix_refunds_organization_id_refund_id_pk" PRIMARY KEY("organization_id","refund_id"),
	CONSTRAINT "pix_refunds_amount_check" CHECK ("pix_refunds"."amount_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "end_to_end_id" text;--> statement-breakpoint
ALTER TABLE "pix_psp_connections" ADD COLUMN "reconciled_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "pix_charges" ADD CONSTRAINT "pix_charges_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pix_charges" ADD CONSTRAINT "pix_charges_cycle_fk" FOREIGN KEY ("organization_id","enrollment_id","cycle_start") REFERENCES "public"."billing_cycles"("organization_id","enrollment_id","cycle_start") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pix_charges" ADD CONSTRAINT "pix_charges_organization_id_customer_id_customers_organization_id_id_fk" FOREIGN KEY ("organization_id","customer_id") REFERENCES "public"."customers"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pix_received" ADD CONSTRAINT "pix_received_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pix_refunds" ADD CONSTRAINT "pix_refunds_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "pix_charges_cycle_idx" ON "pix_charges" USING btree ("organization_id","enrollment_id","cycle_start");--> statement-breakpoint
CREATE INDEX "pix_charges_customer_idx" ON "pix_charges" USING btree ("organization_id","customer_id");--> statement-breakpoint
CREATE INDEX "pix_charges_open_idx" ON "pix_charges" USING btree ("organization_id","status") WHERE status in ('PENDING', 'ACTIVE');--> statement-breakpoint
CREATE INDEX "pix_refunds_open_idx" ON "pix_refunds" USING btree ("organization_id") WHERE status in ('REQUESTED', 'EM_PROCESSAMENTO');--> statement-breakpoint
CREATE UNIQUE INDEX "payments_end_to_end_idx" ON "payments" USING btree ("organization_id","end_to_end_id") WHERE end_to_end_id is not null;--> statement-breakpoint
-- Refunds go through the PSP now (decision 030): connections saved with the scopes asked before ask for pix.write too.
UPDATE "pix_psp_connections" SET "scopes" = "scopes" || ' pix.write' WHERE "scopes" = 'cobv.write cobv.read pix.read webhook.write webhook.read';
