CREATE TABLE "billing_cycles" (
	"organization_id" uuid NOT NULL,
	"enrollment_id" uuid NOT NULL,
	"cycle_start" date NOT NULL,
	"cycle_end" date NOT NULL,
	"customer_id" uuid NOT NULL,
	"amount_cents" bigint NOT NULL,
	"currency" "currency" NOT NULL,
	"credit_applied_cents" bigint DEFAULT 0 NOT NULL,
	"charged_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_cycles_organization_id_enrollment_id_cycle_start_pk" PRIMARY KEY("organization_id","enrollment_id","cycle_start"),
	CONSTRAINT "billing_cycles_amounts_check" CHECK ("billing_cycles"."amount_cents" >= 0 and "billing_cycles"."credit_applied_cents" >= 0 and "billing_cycles"."credit_applied_cents" <= "billing_cycles"."amount_cents")
);
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "credited_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refunded_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "billing_cycles" ADD CONSTRAINT "billing_cycles_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_cycles" ADD CONSTRAINT "billing_cycles_organization_id_enrollment_id_enrollments_organization_id_id_fk" FOREIGN KEY ("organization_id","enrollment_id") REFERENCES "public"."enrollments"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_cycles" ADD CONSTRAINT "billing_cycles_organization_id_customer_id_customers_organization_id_id_fk" FOREIGN KEY ("organization_id","customer_id") REFERENCES "public"."customers"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "billing_cycles_customer_idx" ON "billing_cycles" USING btree ("organization_id","customer_id");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_parts_check" CHECK ("payments"."credited_cents" >= 0 and "payments"."refunded_cents" >= 0 and "payments"."credited_cents" + "payments"."refunded_cents" <= "payments"."amount_cents");--> statement-breakpoint
-- Hand-written (decision 028). Refunds before partial refunds gave back the whole amount.
UPDATE "payments" SET "refunded_cents" = "amount_cents" WHERE "status" = 'REFUNDED';--> statement-breakpoint
-- Cycles with payments are charged at the plan's price of today: the amount they were judged against until
-- now, so no cycle changes state; the hourly job charges the other started cycles the same way.
INSERT INTO "billing_cycles" ("organization_id", "enrollment_id", "cycle_start", "cycle_end", "customer_id", "amount_cents", "currency")
SELECT DISTINCT ON (p."organization_id", p."enrollment_id", p."cycle_start")
  p."organization_id", p."enrollment_id", p."cycle_start", p."cycle_end", e."customer_id", cp."price_cents", cp."currency"
FROM "payments" p
JOIN "enrollments" e ON e."organization_id" = p."organization_id" AND e."id" = p."enrollment_id"
JOIN "customer_plans" cp ON cp."organization_id" = e."organization_id" AND cp."id" = e."plan_id"
ON CONFLICT DO NOTHING;
