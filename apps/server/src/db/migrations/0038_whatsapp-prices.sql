CREATE TABLE "whatsapp_prices" (
	"organization_id" uuid PRIMARY KEY NOT NULL,
	"utility_micro_dollars" integer,
	"marketing_micro_dollars" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "whatsapp_prices_range" CHECK (("whatsapp_prices"."utility_micro_dollars" IS NULL OR "whatsapp_prices"."utility_micro_dollars" BETWEEN 0 AND 1000000) AND ("whatsapp_prices"."marketing_micro_dollars" IS NULL OR "whatsapp_prices"."marketing_micro_dollars" BETWEEN 0 AND 1000000))
);
--> statement-breakpoint
ALTER TABLE "whatsapp_prices" ADD CONSTRAINT "whatsapp_prices_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;