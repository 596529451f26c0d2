CREATE TYPE "public"."message_language" AS ENUM('en_US', 'pt_BR');--> statement-breakpoint
CREATE TYPE "public"."waitlist_entry_state" AS ENUM('WAITING', 'OFFERED', 'ACCEPTED', 'DECLINED', 'EXPIRED', 'REMOVED');--> statement-breakpoint
ALTER TYPE "public"."event_kind" ADD VALUE 'WAITLIST_OFFER';--> statement-breakpoint
CREATE TABLE "waitlist_entries" (
	"organization_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"session_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"state" "waitlist_entry_state" DEFAULT 'WAITING' NOT NULL,
	"position" integer NOT NULL,
	"offer_token_hash" text,
	"offer_count" integer DEFAULT 0 NOT NULL,
	"offered_at" timestamp with time zone,
	"offer_expires_at" timestamp with time zone,
	"resolved_at" timestamp with time zone,
	"created_by" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "waitlist_entries_organization_id_id_pk" PRIMARY KEY("organization_id","id"),
	CONSTRAINT "waitlist_entries_offer_check" CHECK ("waitlist_entries"."state" <> 'OFFERED' or ("waitlist_entries"."offer_token_hash" is not null and "waitlist_entries"."offer_expires_at" is not null))
);
--> statement-breakpoint
CREATE TABLE "waitlist_settings" (
	"organization_id" uuid PRIMARY KEY NOT NULL,
	"hold_minutes" integer NOT NULL,
	"message_language" "message_language" NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_organization_id_session_id_schedule_sessions_organization_id_id_fk" FOREIGN KEY ("organization_id","session_id") REFERENCES "public"."schedule_sessions"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_organization_id_customer_id_customers_organization_id_id_fk" FOREIGN KEY ("organization_id","customer_id") REFERENCES "public"."customers"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_settings" ADD CONSTRAINT "waitlist_settings_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "waitlist_entries_active_customer_idx" ON "waitlist_entries" USING btree ("organization_id","session_id","customer_id") WHERE "waitlist_entries"."state" in ('WAITING', 'OFFERED');--> statement-breakpoint
CREATE INDEX "waitlist_entries_session_idx" ON "waitlist_entries" USING btree ("organization_id","session_id","position");--> statement-breakpoint
CREATE INDEX "waitlist_entries_offer_expiry_idx" ON "waitlist_entries" USING btree ("organization_id","offer_expires_at") WHERE "waitlist_entries"."state" = 'OFFERED';--> statement-breakpoint
CREATE UNIQUE INDEX "waitlist_entries_offer_token_idx" ON "waitlist_entries" USING btree ("offer_token_hash");