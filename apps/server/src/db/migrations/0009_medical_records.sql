CREATE TYPE "public"."medical_record_type" AS ENUM('ANAMNESIS', 'PHYSICAL_EVALUATION', 'PERIODIC_EVALUATION', 'TREATMENT', 'OTHER', 'EVALUATION', 'ASSESSMENT', 'PROGRESS');--> statement-breakpoint
CREATE TABLE "medical_records" (
	"organization_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"type" "medical_record_type" NOT NULL,
	"record_date" date NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"document" jsonb NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "medical_records_organization_id_id_pk" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
ALTER TABLE "medical_records" ADD CONSTRAINT "medical_records_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "medical_records" ADD CONSTRAINT "medical_records_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "medical_records" ADD CONSTRAINT "medical_records_organization_id_customer_id_customers_organization_id_id_fk" FOREIGN KEY ("organization_id","customer_id") REFERENCES "public"."customers"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "medical_records_customer_idx" ON "medical_records" USING btree ("organization_id","customer_id","record_date");--> statement-breakpoint
CREATE INDEX "medical_records_org_date_idx" ON "medical_records" USING btree ("organization_id","record_date","id");