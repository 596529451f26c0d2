CREATE TYPE "public"."whatsapp_consent_source" AS ENUM('STAFF', 'IMPORT', 'PORTAL', 'WEBHOOK');--> statement-breakpoint
CREATE TYPE "public"."whatsapp_status" AS ENUM('accepted', 'sent', 'delivered', 'read', 'failed');--> statement-breakpoint
CREATE TABLE "whatsapp_connections" (
	"organization_id" uuid PRIMARY KEY NOT NULL,
	"api_base_url" text NOT NULL,
	"phone_number_id" text NOT NULL,
	"waba_id" text NOT NULL,
	"access_token_sealed" text NOT NULL,
	"app_secret_sealed" text NOT NULL,
	"webhook_secret_sealed" text NOT NULL,
	"display_phone_number" text NOT NULL,
	"verified_name" text NOT NULL,
	"messaging_tier" text,
	"webhook_registered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "whatsapp_consents" (
	"organization_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"is_opted_in" boolean,
	"source" "whatsapp_consent_source",
	"changed_at" timestamp with time zone,
	"wa_id" text,
	CONSTRAINT "whatsapp_consents_organization_id_customer_id_pk" PRIMARY KEY("organization_id","customer_id"),
	CONSTRAINT "whatsapp_consents_answer_check" CHECK (("whatsapp_consents"."is_opted_in" is null) = ("whatsapp_consents"."source" is null) and ("whatsapp_consents"."is_opted_in" is null) = ("whatsapp_consents"."changed_at" is null))
);
--> statement-breakpoint
CREATE TABLE "whatsapp_message_statuses" (
	"organization_id" uuid NOT NULL,
	"wamid" text NOT NULL,
	"status" "whatsapp_status" NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"error_code" integer,
	"error_title" text,
	CONSTRAINT "whatsapp_message_statuses_organization_id_wamid_status_pk" PRIMARY KEY("organization_id","wamid","status")
);
--> statement-breakpoint
CREATE TABLE "whatsapp_messages" (
	"organization_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"wamid" text NOT NULL,
	"customer_id" uuid,
	"to_phone" text NOT NULL,
	"wa_id" text,
	"template_name" text NOT NULL,
	"language" text NOT NULL,
	"status" "whatsapp_status" NOT NULL,
	"error_code" integer,
	"error_title" text,
	"sent_at" timestamp with time zone NOT NULL,
	"status_at" timestamp with time zone NOT NULL,
	CONSTRAINT "whatsapp_messages_organization_id_id_pk" PRIMARY KEY("organization_id","id"),
	CONSTRAINT "whatsapp_messages_wamid_key" UNIQUE("organization_id","wamid")
);
--> statement-breakpoint
ALTER TABLE "whatsapp_connections" ADD CONSTRAINT "whatsapp_connections_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_consents" ADD CONSTRAINT "whatsapp_consents_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_consents" ADD CONSTRAINT "whatsapp_consents_organization_id_customer_id_customers_organization_id_id_fk" FOREIGN KEY ("organization_id","customer_id") REFERENCES "public"."customers"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_message_statuses" ADD CONSTRAINT "whatsapp_message_statuses_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_messages" ADD CONSTRAINT "whatsapp_messages_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_messages" ADD CONSTRAINT "whatsapp_messages_organization_id_customer_id_customers_organization_id_id_fk" FOREIGN KEY ("organization_id","customer_id") REFERENCES "public"."customers"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "whatsapp_consents_wa_id_idx" ON "whatsapp_consents" USING btree ("organization_id","wa_id");--> statement-breakpoint
CREATE INDEX "whatsapp_messages_sent_idx" ON "whatsapp_messages" USING btree ("organization_id","sent_at");