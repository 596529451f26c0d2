-- Id numbers also as bare digits, so "529.982.247-25" (as the screens show a CPF) or an RG typed with other
-- punctuation finds the customer. Dropping the column drops its index, recreated below; the new column has
-- no statistics until analyzed, and without them the planner took the trigram index for a common name
-- (5 ms) instead of the name order (0.5 ms).
ALTER TABLE "customers" drop column "search_text";--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "search_text" text GENERATED ALWAYS AS (immutable_unaccent(lower(first_name || ' ' || last_name || ' ' || coalesce(email, '') || ' ' || coalesce(phone, '') || ' ' || regexp_replace(coalesce(phone, ''), '\D', '', 'g') || ' ' || coalesce(id_number, '') || ' ' || regexp_replace(coalesce(id_number, ''), '\D', '', 'g')))) STORED;--> statement-breakpoint
CREATE INDEX "customers_search_idx" ON "customers" USING gin ("organization_id","search_text" gin_trgm_ops);--> statement-breakpoint
ANALYZE "customers";
