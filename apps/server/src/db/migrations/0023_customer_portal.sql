CREATE TYPE "public"."portal_make_up_scope" AS ENUM('SAME_ESTABLISHMENT', 'ANY_ALLOWED_ESTABLISHMENT');--> statement-breakpoint
CREATE TABLE "portal_rate_limits" (
	"bucket" text PRIMARY KEY NOT NULL,
	"window_started_at" timestamp with time zone NOT NULL,
	"hits" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "portal_sessions" (
	"organization_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"link_id" uuid NOT NULL,
	"session_hash" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	"ip_address" text NOT NULL,
	"user_agent" text NOT NULL,
	"ended_at" timestamp with time zone,
	"ended_reason" text,
	CONSTRAINT "portal_sessions_organization_id_id_pk" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
ALTER TABLE "customer_class_links" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "make_up_credit_settings" ADD COLUMN "portal_booking_hours" integer DEFAULT 2 NOT NULL;--> statement-breakpoint
ALTER TABLE "make_up_credit_settings" ADD COLUMN "portal_make_up_scope" "portal_make_up_scope" DEFAULT 'SAME_ESTABLISHMENT' NOT NULL;--> statement-breakpoint
ALTER TABLE "portal_sessions" ADD CONSTRAINT "portal_sessions_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portal_sessions" ADD CONSTRAINT "portal_sessions_organization_id_customer_id_customers_organization_id_id_fk" FOREIGN KEY ("organization_id","customer_id") REFERENCES "public"."customers"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "portal_rate_limits_window_idx" ON "portal_rate_limits" USING btree ("window_started_at");--> statement-breakpoint
CREATE INDEX "portal_sessions_customer_idx" ON "portal_sessions" USING btree ("organization_id","customer_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "portal_sessions_hash_idx" ON "portal_sessions" USING btree ("session_hash");--> statement-breakpoint
-- Hand-written (decision 039): links sent before the portal had no expiry; each is given 30 days from now
-- (or from its making, if later), so a link a customer bookmarked last month does not stop the day this lands.
UPDATE "customer_class_links" SET "expires_at" = greatest("created_at", now()) + interval '30 days' WHERE "expires_at" IS NULL;--> statement-breakpoint
ALTER TABLE "customer_class_links" ALTER COLUMN "expires_at" SET NOT NULL;
