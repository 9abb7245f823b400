-- The query side of listing_province_lexemes: rewrites a tsquery built from normalized words
-- (letters and digits only) to the province's lexemes.
CREATE OR REPLACE FUNCTION public.listing_province_query(prov text, q tsquery)
 RETURNS tsquery
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE STRICT
AS $function$
  SELECT regexp_replace(q::text, '(^|[ (!])''', '\1''' || prov || '/', 'g')::tsquery
$function$;
