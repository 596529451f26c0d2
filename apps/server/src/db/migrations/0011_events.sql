CREATE TYPE "public"."event_channel" AS ENUM('EMAIL', 'WHATSAPP', 'SMS');--> statement-breakpoint
CREATE TYPE "public"."event_kind" AS ENUM('BIRTHDAY', 'PAYMENT_REMINDER');--> statement-breakpoint
CREATE TYPE "public"."event_message_status" AS ENUM('SENT', 'OUTBOX', 'NOT_CONFIGURED', 'NO_RECIPIENT', 'MARKED');--> statement-breakpoint
CREATE TYPE "public"."event_source" AS ENUM('AUTOMATIC', 'MANUAL', 'MARKED');--> statement-breakpoint
CREATE TYPE "public"."event_timing" AS ENUM('BEFORE', 'ON_DAY', 'AFTER');--> statement-breakpoint
CREATE TABLE "event_configs" (
	"organization_id" uuid NOT NULL,
	"kind" "event_kind" NOT NULL,
	"enabled" boolean NOT NULL,
	"timing" "event_timing" NOT NULL,
	"days" smallint NOT NULL,
	"send_time" time NOT NULL,
	"channels" jsonb NOT NULL,
	"template" text NOT NULL,
	"overdue_template" text,
	"last_run_on" date,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_configs_organization_id_kind_pk" PRIMARY KEY("organization_id","kind")
);
--> statement-breakpoint
CREATE TABLE "event_deliveries" (
	"organization_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"kind" "event_kind" NOT NULL,
	"occasion" text NOT NULL,
	"occasion_date" date NOT NULL,
	"enrollment_id" uuid,
	"source" "event_source" NOT NULL,
	"actor_id" text,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "event_deliveries_organization_id_id_pk" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
CREATE TABLE "event_messages" (
	"organization_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"delivery_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"kind" "event_kind" NOT NULL,
	"channel" "event_channel",
	"status" "event_message_status" NOT NULL,
	"recipient" text,
	"subject" text,
	"body" text,
	"link" text,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "event_messages_organization_id_id_pk" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
ALTER TABLE "event_configs" ADD CONSTRAINT "event_configs_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_configs" ADD CONSTRAINT "event_configs_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_deliveries" ADD CONSTRAINT "event_deliveries_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_deliveries" ADD CONSTRAINT "event_deliveries_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_deliveries" ADD CONSTRAINT "event_deliveries_organization_id_customer_id_customers_organization_id_id_fk" FOREIGN KEY ("organization_id","customer_id") REFERENCES "public"."customers"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_messages" ADD CONSTRAINT "event_messages_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_messages" ADD CONSTRAINT "event_messages_organization_id_delivery_id_event_deliveries_organization_id_id_fk" FOREIGN KEY ("organization_id","delivery_id") REFERENCES "public"."event_deliveries"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "event_deliveries_occasion_idx" ON "event_deliveries" USING btree ("organization_id","customer_id","kind","occasion");--> statement-breakpoint
CREATE INDEX "event_deliveries_kind_date_idx" ON "event_deliveries" USING btree ("organization_id","kind","occasion_date");--> statement-breakpoint
CREATE INDEX "event_messages_customer_idx" ON "event_messages" USING btree ("organization_id","customer_id","created_at");--> statement-breakpoint
CREATE INDEX "event_messages_status_idx" ON "event_messages" USING btree ("organization_id","status","kind","created_at");