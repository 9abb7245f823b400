-- A word within a province as one lexeme ('chiriqui/cevich'): 'this word in this province' is then
-- one short posting list of a GIN index, instead of the word's and the province's long lists
-- intersected (tens of thousands of entries each at 1M listings). The query side rewrites a tsquery
-- built from normalized words (letters and digits only) the same way.
CREATE OR REPLACE FUNCTION listing_province_lexemes(prov text, v tsvector) RETURNS tsvector
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT coalesce(string_agg(
    '''' || replace(replace(prov || '/' || u.lexeme, '\', '\\'), '''', '''''') || ''''
      || coalesce(':' || (SELECT string_agg(x.p::text || x.w, ',') FROM unnest(u.positions, u.weights) AS x(p, w)), ''),
    ' '), '')::tsvector
  FROM unnest(v) AS u
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION listing_province_query(prov text, q tsquery) RETURNS tsquery
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT regexp_replace(q::text, '(^|[ (!])''', '\1''' || prov || '/', 'g')::tsquery
$$;--> statement-breakpoint
CREATE INDEX "businesses_search_province_fts_idx" ON "businesses" USING gin (listing_province_lexemes("provincia", to_tsvector('spanish'::regconfig, listing_search_text("nombre", "descripcion", "direccion", "especialidades", "industria"))));--> statement-breakpoint
CREATE INDEX "restaurants_search_province_fts_idx" ON "restaurants" USING gin (listing_province_lexemes("provincia", to_tsvector('spanish'::regconfig, listing_search_text("nombre", "descripcion", "direccion", "especialidades", "categoria"))));