ALTER TYPE "public"."event_kind" ADD VALUE 'TRIAL_BOOKED';--> statement-breakpoint
CREATE TABLE "studio_pages" (
	"organization_id" uuid PRIMARY KEY NOT NULL,
	"slug" text,
	"display_name" text NOT NULL,
	"accent_color" text NOT NULL,
	"logo" "bytea",
	"logo_type" text,
	"logo_hash" text,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "studio_pages_logo_check" CHECK (("studio_pages"."logo" is null) = ("studio_pages"."logo_hash" is null))
);
--> statement-breakpoint
CREATE TABLE "trial_bookings" (
	"organization_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"session_id" uuid NOT NULL,
	"idempotency_key" text,
	"booked_at" timestamp with time zone NOT NULL,
	"is_new_customer" boolean NOT NULL,
	CONSTRAINT "trial_bookings_organization_id_id_pk" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
ALTER TABLE "studio_pages" ADD CONSTRAINT "studio_pages_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trial_bookings" ADD CONSTRAINT "trial_bookings_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trial_bookings" ADD CONSTRAINT "trial_bookings_organization_id_customer_id_customers_organization_id_id_fk" FOREIGN KEY ("organization_id","customer_id") REFERENCES "public"."customers"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trial_bookings" ADD CONSTRAINT "trial_bookings_organization_id_session_id_schedule_sessions_organization_id_id_fk" FOREIGN KEY ("organization_id","session_id") REFERENCES "public"."schedule_sessions"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "studio_pages_slug_idx" ON "studio_pages" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "studio_pages_logo_hash_idx" ON "studio_pages" USING btree ("logo_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "trial_bookings_customer_idx" ON "trial_bookings" USING btree ("organization_id","customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "trial_bookings_idempotency_idx" ON "trial_bookings" USING btree ("organization_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "trial_bookings_booked_idx" ON "trial_bookings" USING btree ("organization_id","booked_at");