-- Extensions and immutable helpers for Spanish accent-insensitive search (DESIGN D4).
-- unaccent() is only STABLE, so indexes use these IMMUTABLE wrappers with an explicit dictionary.
CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE OR REPLACE FUNCTION immutable_unaccent(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT public.unaccent('public.unaccent'::regdictionary, $1) $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION listing_search_text(nombre text, descripcion text, direccion text, especialidades text[], etiqueta text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT public.immutable_unaccent(lower(
    coalesce(nombre, '') || ' ' || coalesce(etiqueta, '') || ' ' || coalesce(array_to_string(especialidades, ' '), '')
    || ' ' || coalesce(descripcion, '') || ' ' || coalesce(direccion, '')
  )) $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION blog_search_text(title text, excerpt text, category text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT public.immutable_unaccent(lower(
    coalesce(title, '') || ' ' || coalesce(excerpt, '') || ' ' || coalesce(category, '')
  )) $$;
