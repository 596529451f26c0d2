CREATE TYPE "public"."enrollment_renewal" AS ENUM('PLAN', 'RENEWS', 'ENDS');--> statement-breakpoint
ALTER TABLE "customer_plans" ADD COLUMN "renews_automatically" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "enrollments" ADD COLUMN "renewal" "enrollment_renewal" DEFAULT 'PLAN' NOT NULL;--> statement-breakpoint
ALTER TABLE "enrollments" ADD COLUMN "plan_renews_automatically" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Hand-written (issue #26): plans that existed before renewals follow the same default as new ones — monthly
-- plans renew by themselves, the longer cycles stay fixed terms renewed by hand, as they were.
UPDATE "customer_plans" SET "renews_automatically" = ("billing_cycle" = 'MONTHLY');--> statement-breakpoint
-- Hand-written (issue #26, seats): existing enrollments copy their plan's choice, as every write does from now on.
UPDATE "enrollments" SET "plan_renews_automatically" = "customer_plans"."renews_automatically"
  FROM "customer_plans"
  WHERE "customer_plans"."organization_id" = "enrollments"."organization_id"
    AND "customer_plans"."id" = "enrollments"."plan_id";
