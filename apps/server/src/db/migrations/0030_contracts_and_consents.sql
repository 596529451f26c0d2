CREATE TYPE "public"."consent_kind" AS ENUM('MARKETING_MESSAGES', 'IMAGE_USE');--> statement-breakpoint
CREATE TABLE "contract_signatures" (
	"organization_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"version_id" uuid NOT NULL,
	"text_sha256" text NOT NULL,
	"signed_at" timestamp with time zone NOT NULL,
	"signed_on" date NOT NULL,
	"signer_name" text NOT NULL,
	"signer_cpf" text NOT NULL,
	"is_guardian" boolean NOT NULL,
	"ip_address" text NOT NULL,
	"user_agent" text NOT NULL,
	"enrollment_id" uuid,
	"idempotency_key" text,
	"withdrawn_at" timestamp with time zone,
	"refunded_cents" integer,
	"psp_refunds_requested" integer,
	"canceled_enrollment" boolean,
	CONSTRAINT "contract_signatures_organization_id_id_pk" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
CREATE TABLE "contract_versions" (
	"organization_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"number" integer NOT NULL,
	"text" text NOT NULL,
	"text_sha256" text NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	"published_by" text,
	CONSTRAINT "contract_versions_organization_id_id_pk" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
CREATE TABLE "customer_consent_changes" (
	"organization_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"kind" "consent_kind" NOT NULL,
	"is_given" boolean NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"ip_address" text NOT NULL,
	CONSTRAINT "customer_consent_changes_organization_id_id_pk" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
CREATE TABLE "customer_consents" (
	"organization_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"kind" "consent_kind" NOT NULL,
	"is_given" boolean NOT NULL,
	"changed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "customer_consents_organization_id_customer_id_kind_pk" PRIMARY KEY("organization_id","customer_id","kind")
);
--> statement-breakpoint
ALTER TABLE "contract_signatures" ADD CONSTRAINT "contract_signatures_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_signatures" ADD CONSTRAINT "contract_signatures_organization_id_customer_id_customers_organization_id_id_fk" FOREIGN KEY ("organization_id","customer_id") REFERENCES "public"."customers"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_signatures" ADD CONSTRAINT "contract_signatures_organization_id_version_id_contract_versions_organization_id_id_fk" FOREIGN KEY ("organization_id","version_id") REFERENCES "public"."contract_versions"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_signatures" ADD CONSTRAINT "contract_signatures_organization_id_enrollment_id_enrollments_organization_id_id_fk" FOREIGN KEY ("organization_id","enrollment_id") REFERENCES "public"."enrollments"("organization_id","id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_versions" ADD CONSTRAINT "contract_versions_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_versions" ADD CONSTRAINT "contract_versions_published_by_users_id_fk" FOREIGN KEY ("published_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_consent_changes" ADD CONSTRAINT "customer_consent_changes_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_consent_changes" ADD CONSTRAINT "customer_consent_changes_organization_id_customer_id_customers_organization_id_id_fk" FOREIGN KEY ("organization_id","customer_id") REFERENCES "public"."customers"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_consents" ADD CONSTRAINT "customer_consents_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_consents" ADD CONSTRAINT "customer_consents_organization_id_customer_id_customers_organization_id_id_fk" FOREIGN KEY ("organization_id","customer_id") REFERENCES "public"."customers"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contract_signatures_customer_idx" ON "contract_signatures" USING btree ("organization_id","customer_id","signed_at");--> statement-breakpoint
CREATE INDEX "contract_signatures_version_idx" ON "contract_signatures" USING btree ("organization_id","version_id");--> statement-breakpoint
CREATE UNIQUE INDEX "contract_signatures_idempotency_idx" ON "contract_signatures" USING btree ("organization_id","customer_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "contract_versions_number_idx" ON "contract_versions" USING btree ("organization_id","number");--> statement-breakpoint
CREATE INDEX "customer_consent_changes_customer_idx" ON "customer_consent_changes" USING btree ("organization_id","customer_id","at");