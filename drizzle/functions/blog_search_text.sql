-- An article's searchable text, lower-case and without accents.
CREATE OR REPLACE FUNCTION public.blog_search_text(title text, excerpt text, category text)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
AS $function$ SELECT public.immutable_unaccent(lower(
    coalesce(title, '') || ' ' || coalesce(excerpt, '') || ' ' || coalesce(category, '')
  )) $function$;
