ALTER TABLE "pix_charges" ALTER COLUMN "enrollment_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "pix_charges" ALTER COLUMN "cycle_start" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "pix_charges" ADD COLUMN "purchase_id" uuid;--> statement-breakpoint
ALTER TABLE "pix_charges" ADD CONSTRAINT "pix_charges_purchase_fk" FOREIGN KEY ("organization_id","purchase_id") REFERENCES "public"."purchases"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "pix_charges_purchase_idx" ON "pix_charges" USING btree ("organization_id","purchase_id") WHERE purchase_id is not null;--> statement-breakpoint
ALTER TABLE "pix_charges" ADD CONSTRAINT "pix_charges_target_check" CHECK (("pix_charges"."purchase_id" is null) <> ("pix_charges"."enrollment_id" is null) and ("pix_charges"."enrollment_id" is null) = ("pix_charges"."cycle_start" is null));