-- A listing's searchable text, lower-case and without accents; the full-text, trigram and geo-words
-- indexes are built on it.
CREATE OR REPLACE FUNCTION public.listing_search_text(nombre text, descripcion text, direccion text, especialidades text[], etiqueta text)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
AS $function$ SELECT public.immutable_unaccent(lower(
    coalesce(nombre, '') || ' ' || coalesce(etiqueta, '') || ' ' || coalesce(array_to_string(especialidades, ' '), '')
    || ' ' || coalesce(descripcion, '') || ' ' || coalesce(direccion, '')
  )) $function$;
