CREATE TYPE "public"."payment_method" AS ENUM('CREDIT_CARD', 'DEBIT_CARD', 'CASH', 'BANK_TRANSFER', 'PIX', 'OTHER');--> statement-breakpoint
CREATE TYPE "public"."payment_status" AS ENUM('COMPLETED', 'PENDING', 'FAILED', 'REFUNDED', 'CANCELLED');--> statement-breakpoint
CREATE TABLE "payments" (
	"organization_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"enrollment_id" uuid NOT NULL,
	"plan_id" uuid NOT NULL,
	"cycle_start" date NOT NULL,
	"cycle_end" date NOT NULL,
	"amount_cents" bigint NOT NULL,
	"currency" "currency" NOT NULL,
	"paid_on" date NOT NULL,
	"method" "payment_method" NOT NULL,
	"status" "payment_status" NOT NULL,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_organization_id_id_pk" PRIMARY KEY("organization_id","id"),
	CONSTRAINT "payments_amount_check" CHECK ("payments"."amount_cents" > 0 and "payments"."amount_cents" <= 100000000)
);
--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "details" jsonb;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "pix_key" text;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "pix_merchant_name" text;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "pix_merchant_city" text;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_organization_id_customer_id_customers_organization_id_id_fk" FOREIGN KEY ("organization_id","customer_id") REFERENCES "public"."customers"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_organization_id_enrollment_id_enrollments_organization_id_id_fk" FOREIGN KEY ("organization_id","enrollment_id") REFERENCES "public"."enrollments"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_organization_id_plan_id_customer_plans_organization_id_id_fk" FOREIGN KEY ("organization_id","plan_id") REFERENCES "public"."customer_plans"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payments_org_paid_on_idx" ON "payments" USING btree ("organization_id","paid_on","id");--> statement-breakpoint
CREATE INDEX "payments_customer_idx" ON "payments" USING btree ("organization_id","customer_id","paid_on");--> statement-breakpoint
CREATE INDEX "payments_enrollment_cycle_idx" ON "payments" USING btree ("organization_id","enrollment_id","cycle_start");--> statement-breakpoint
CREATE INDEX "payments_plan_idx" ON "payments" USING btree ("organization_id","plan_id","paid_on");