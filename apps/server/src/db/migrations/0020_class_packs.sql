CREATE TYPE "public"."plan_kind" AS ENUM('RECURRING', 'PACK', 'SINGLE', 'TRIAL');--> statement-breakpoint
CREATE TYPE "public"."purchase_kind" AS ENUM('PACK', 'SINGLE', 'TRIAL');--> statement-breakpoint
CREATE TABLE "purchase_classes" (
	"organization_id" uuid NOT NULL,
	"session_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"purchase_id" uuid NOT NULL,
	"spent_at" timestamp with time zone NOT NULL,
	"returned_at" timestamp with time zone,
	CONSTRAINT "purchase_classes_organization_id_session_id_customer_id_pk" PRIMARY KEY("organization_id","session_id","customer_id")
);
--> statement-breakpoint
CREATE TABLE "purchases" (
	"organization_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"plan_id" uuid NOT NULL,
	"kind" "purchase_kind" NOT NULL,
	"classes_total" integer NOT NULL,
	"starts_on" date NOT NULL,
	"expires_on" date NOT NULL,
	"price_cents" bigint NOT NULL,
	"currency" "currency" NOT NULL,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "purchases_organization_id_id_pk" PRIMARY KEY("organization_id","id"),
	CONSTRAINT "purchases_values_check" CHECK ("purchases"."classes_total" >= 1 and "purchases"."price_cents" >= 0 and "purchases"."expires_on" >= "purchases"."starts_on")
);
--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "enrollment_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "customer_plans" ADD COLUMN "kind" "plan_kind" DEFAULT 'RECURRING' NOT NULL;--> statement-breakpoint
ALTER TABLE "customer_plans" ADD COLUMN "class_count" integer;--> statement-breakpoint
ALTER TABLE "customer_plans" ADD COLUMN "validity_days" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "purchase_id" uuid;--> statement-breakpoint
ALTER TABLE "purchase_classes" ADD CONSTRAINT "purchase_classes_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_classes" ADD CONSTRAINT "purchase_classes_organization_id_purchase_id_purchases_organization_id_id_fk" FOREIGN KEY ("organization_id","purchase_id") REFERENCES "public"."purchases"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_classes" ADD CONSTRAINT "purchase_classes_organization_id_session_id_schedule_sessions_organization_id_id_fk" FOREIGN KEY ("organization_id","session_id") REFERENCES "public"."schedule_sessions"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchases" ADD CONSTRAINT "purchases_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchases" ADD CONSTRAINT "purchases_organization_id_customer_id_customers_organization_id_id_fk" FOREIGN KEY ("organization_id","customer_id") REFERENCES "public"."customers"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchases" ADD CONSTRAINT "purchases_organization_id_plan_id_customer_plans_organization_id_id_fk" FOREIGN KEY ("organization_id","plan_id") REFERENCES "public"."customer_plans"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "purchase_classes_purchase_idx" ON "purchase_classes" USING btree ("organization_id","purchase_id");--> statement-breakpoint
CREATE INDEX "purchases_customer_idx" ON "purchases" USING btree ("organization_id","customer_id","expires_on");--> statement-breakpoint
CREATE INDEX "purchases_org_created_idx" ON "purchases" USING btree ("organization_id","created_at","id");--> statement-breakpoint
CREATE INDEX "purchases_plan_idx" ON "purchases" USING btree ("organization_id","plan_id");--> statement-breakpoint
CREATE INDEX "purchases_expires_idx" ON "purchases" USING btree ("organization_id","expires_on");--> statement-breakpoint
CREATE UNIQUE INDEX "purchases_one_trial_idx" ON "purchases" USING btree ("organization_id","customer_id") WHERE "purchases"."kind" = 'TRIAL';--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_organization_id_purchase_id_purchases_organization_id_id_fk" FOREIGN KEY ("organization_id","purchase_id") REFERENCES "public"."purchases"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payments_purchase_idx" ON "payments" USING btree ("organization_id","purchase_id");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_target_check" CHECK (("payments"."enrollment_id" is null) <> ("payments"."purchase_id" is null));