-- Accent-insensitive Spanish search (DESIGN D4): unaccent() is only STABLE, so indexes use this
-- IMMUTABLE wrapper with an explicit dictionary.
CREATE OR REPLACE FUNCTION public.immutable_unaccent(text)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE STRICT
AS $function$ SELECT public.unaccent('public.unaccent'::regdictionary, $1) $function$;
