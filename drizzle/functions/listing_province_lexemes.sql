-- A word within a province as one lexeme ('chiriqui/cevich'): 'this word in this province' is then
-- one short posting list of a GIN index, instead of the word's and the province's long lists
-- intersected (tens of thousands of entries each at 1M listings).
CREATE OR REPLACE FUNCTION public.listing_province_lexemes(prov text, v tsvector)
 RETURNS tsvector
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE STRICT
AS $function$
  SELECT coalesce(string_agg(
    '''' || replace(replace(prov || '/' || u.lexeme, '\', '\\'), '''', '''''') || ''''
      || coalesce(':' || (SELECT string_agg(x.p::text || x.w, ',') FROM unnest(u.positions, u.weights) AS x(p, w)), ''),
    ' '), '')::tsvector
  FROM unnest(v) AS u
$function$;
