-- Accent- and case-insensitive substring search (customers): trigram GIN indexes over unaccented text,
-- with the organization id as the leading index column (btree_gin) so a search never reads another
-- organization's rows. unaccent() is only STABLE; indexes need an IMMUTABLE wrapper with a fixed dictionary.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
CREATE OR REPLACE FUNCTION immutable_unaccent(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT public.unaccent('public.unaccent'::regdictionary, $1) $$;
