CREATE TYPE "public"."psp_certificate_format" AS ENUM('PEM', 'PFX');--> statement-breakpoint
CREATE TYPE "public"."psp_environment" AS ENUM('PRODUCTION', 'SANDBOX');--> statement-breakpoint
CREATE TYPE "public"."psp_preset" AS ENUM('EFI', 'SICOOB', 'BANCO_DO_BRASIL', 'ITAU', 'SANTANDER', 'INTER', 'SICREDI', 'CUSTOM');--> statement-breakpoint
CREATE TABLE "pix_psp_connections" (
	"organization_id" uuid PRIMARY KEY NOT NULL,
	"preset" "psp_preset" NOT NULL,
	"environment" "psp_environment" NOT NULL,
	"base_url" text NOT NULL,
	"token_url" text NOT NULL,
	"scopes" text NOT NULL,
	"client_id" text NOT NULL,
	"client_secret_sealed" text,
	"certificate_format" "psp_certificate_format" NOT NULL,
	"certificate_sealed" text NOT NULL,
	"certificate_password_sealed" text,
	"certificate_subject" text NOT NULL,
	"certificate_expires_at" timestamp with time zone NOT NULL,
	"extras" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"pix_key" text NOT NULL,
	"charge_days_ahead" integer NOT NULL,
	"fine_basis_points" integer NOT NULL,
	"interest_basis_points_monthly" integer NOT NULL,
	"discount_basis_points" integer,
	"discount_days_before" integer,
	"webhook_secret_sealed" text NOT NULL,
	"webhook_secret_rotated_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pix_psp_connections_fine_check" CHECK ("pix_psp_connections"."fine_basis_points" between 0 and 200),
	CONSTRAINT "pix_psp_connections_interest_check" CHECK ("pix_psp_connections"."interest_basis_points_monthly" between 0 and 100),
	CONSTRAINT "pix_psp_connections_days_ahead_check" CHECK ("pix_psp_connections"."charge_days_ahead" between 1 and 30),
	CONSTRAINT "pix_psp_connections_discount_check" CHECK (("pix_psp_connections"."discount_basis_points" is null) = ("pix_psp_connections"."discount_days_before" is null))
);
--> statement-breakpoint
ALTER TABLE "pix_psp_connections" ADD CONSTRAINT "pix_psp_connections_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;