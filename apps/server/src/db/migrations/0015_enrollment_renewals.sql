CREATE TYPE "public"."enrollment_renewal" AS ENUM('PLAN', 'RENEWS', 'ENDS');--> statement-breakpoint
ALTER TABLE "customer_plans" ADD COLUMN "renews_automatically" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "enrollments" ADD COLUMN "renewal" "enrollment_renewal" DEFAULT 'PLAN' NOT NULL;--> statement-breakpoint
-- Hand-written (issue #26): plans that existed before renewals follow the same default as new ones — monthly
-- plans renew by themselves, the longer cycles stay fixed terms renewed by hand, as they were.
UPDATE "customer_plans" SET "renews_automatically" = ("billing_cycle" = 'MONTHLY');
