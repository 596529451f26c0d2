DROP INDEX "pix_recurrences_live_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "pix_recurrences_waiting_idx" ON "pix_recurrences" USING btree ("organization_id","enrollment_id") WHERE state = 'CREATED';--> statement-breakpoint
CREATE UNIQUE INDEX "pix_recurrences_approved_idx" ON "pix_recurrences" USING btree ("organization_id","enrollment_id") WHERE state = 'APPROVED';