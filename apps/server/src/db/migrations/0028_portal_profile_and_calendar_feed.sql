CREATE TABLE "customer_calendar_feeds" (
	"organization_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoked_by" text,
	CONSTRAINT "customer_calendar_feeds_organization_id_id_pk" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
CREATE TABLE "customer_profile_changes" (
	"organization_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"field" text NOT NULL,
	"old_value" text,
	"new_value" text,
	"changed_at" timestamp with time zone NOT NULL,
	"portal_session_id" uuid NOT NULL,
	CONSTRAINT "customer_profile_changes_organization_id_id_pk" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
ALTER TABLE "customer_calendar_feeds" ADD CONSTRAINT "customer_calendar_feeds_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_calendar_feeds" ADD CONSTRAINT "customer_calendar_feeds_organization_id_customer_id_customers_organization_id_id_fk" FOREIGN KEY ("organization_id","customer_id") REFERENCES "public"."customers"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_profile_changes" ADD CONSTRAINT "customer_profile_changes_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_profile_changes" ADD CONSTRAINT "customer_profile_changes_organization_id_customer_id_customers_organization_id_id_fk" FOREIGN KEY ("organization_id","customer_id") REFERENCES "public"."customers"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "customer_calendar_feeds_live_customer_idx" ON "customer_calendar_feeds" USING btree ("organization_id","customer_id") WHERE "customer_calendar_feeds"."revoked_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "customer_calendar_feeds_token_idx" ON "customer_calendar_feeds" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "customer_profile_changes_customer_idx" ON "customer_profile_changes" USING btree ("organization_id","customer_id","changed_at");