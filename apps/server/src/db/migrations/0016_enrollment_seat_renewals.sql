ALTER TABLE "enrollments" ADD COLUMN "plan_renews_automatically" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Hand-written (issue #26, seats): existing enrollments copy their plan's choice, as every write does from now on.
UPDATE "enrollments" SET "plan_renews_automatically" = "customer_plans"."renews_automatically"
  FROM "customer_plans"
  WHERE "customer_plans"."organization_id" = "enrollments"."organization_id"
    AND "customer_plans"."id" = "enrollments"."plan_id";
