CREATE TYPE "public"."whatsapp_send_state" AS ENUM('PENDING', 'SENDING', 'SENT', 'FAILED');--> statement-breakpoint
ALTER TYPE "public"."event_message_status" ADD VALUE 'QUEUED';--> statement-breakpoint
CREATE TABLE "whatsapp_sends" (
	"organization_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"event_message_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"template_kind" text NOT NULL,
	"language" text NOT NULL,
	"parameters" jsonb NOT NULL,
	"to_phone" text NOT NULL,
	"state" "whatsapp_send_state" NOT NULL,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"attempt_started_at" timestamp with time zone,
	"last_failure" text,
	"last_meta_code" integer,
	"wamid" text,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "whatsapp_sends_organization_id_id_pk" PRIMARY KEY("organization_id","id"),
	CONSTRAINT "whatsapp_sends_event_message_key" UNIQUE("organization_id","event_message_id")
);
--> statement-breakpoint
ALTER TABLE "whatsapp_message_statuses" ADD COLUMN "recipient_id" text;--> statement-breakpoint
ALTER TABLE "whatsapp_sends" ADD CONSTRAINT "whatsapp_sends_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_sends" ADD CONSTRAINT "whatsapp_sends_organization_id_event_message_id_event_messages_organization_id_id_fk" FOREIGN KEY ("organization_id","event_message_id") REFERENCES "public"."event_messages"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "whatsapp_sends_due_idx" ON "whatsapp_sends" USING btree ("organization_id","state","next_attempt_at");