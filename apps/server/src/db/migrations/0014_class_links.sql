ALTER TYPE "public"."event_kind" ADD VALUE 'CLASS_LINK';--> statement-breakpoint
CREATE TABLE "customer_class_links" (
	"organization_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "customer_class_links_organization_id_id_pk" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
ALTER TABLE "customer_class_links" ADD CONSTRAINT "customer_class_links_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_class_links" ADD CONSTRAINT "customer_class_links_organization_id_customer_id_customers_organization_id_id_fk" FOREIGN KEY ("organization_id","customer_id") REFERENCES "public"."customers"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "customer_class_links_live_customer_idx" ON "customer_class_links" USING btree ("organization_id","customer_id") WHERE "customer_class_links"."revoked_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "customer_class_links_token_idx" ON "customer_class_links" USING btree ("token_hash");