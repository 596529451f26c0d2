CREATE TABLE "portal_idempotency_keys" (
	"organization_id" uuid NOT NULL,
	"session_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"key" text NOT NULL,
	"fingerprint" text NOT NULL,
	"status" integer,
	"content_type" text,
	"body" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "portal_idempotency_keys_organization_id_session_id_key_pk" PRIMARY KEY("organization_id","session_id","key")
);
--> statement-breakpoint
ALTER TABLE "portal_idempotency_keys" ADD CONSTRAINT "portal_idempotency_keys_organization_id_session_id_portal_sessions_organization_id_id_fk" FOREIGN KEY ("organization_id","session_id") REFERENCES "public"."portal_sessions"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "portal_idempotency_keys_customer_idx" ON "portal_idempotency_keys" USING btree ("organization_id","customer_id");--> statement-breakpoint
CREATE INDEX "portal_idempotency_keys_created_at_idx" ON "portal_idempotency_keys" USING btree ("created_at");