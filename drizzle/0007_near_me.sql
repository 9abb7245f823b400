-- 'Open now' and 'near me' (D21) in SQL, for filters under a LIMIT; app/lib/opening-hours.ts and
-- app/lib/geo.ts compute the same in TypeScript (a test holds them to the same answers).
-- Open at minute m of the week (Sunday 00:00 = 0, America/Panama): a period runs from its open to its
-- close minute, wrapping at the week's end; a period without close is open around the clock.
CREATE OR REPLACE FUNCTION listing_open_at(periods jsonb, m integer) RETURNS boolean
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT coalesce(bool_or(
      x.e IS NULL OR ((m - x.s + 10080) % 10080) < (CASE WHEN x.e = x.s THEN 10080 ELSE (x.e - x.s + 10080) % 10080 END)
    ), false)
    FROM jsonb_array_elements(CASE WHEN jsonb_typeof(periods) = 'array' THEN periods ELSE '[]'::jsonb END) p,
    LATERAL (SELECT
      (coalesce((p->'open'->>'day')::int, 0) * 1440 + coalesce((p->'open'->>'hour')::int, 0) * 60 + coalesce((p->'open'->>'minute')::int, 0)) % 10080 AS s,
      CASE WHEN p->'close' IS NULL THEN NULL ELSE
        (coalesce((p->'close'->>'day')::int, 0) * 1440 + coalesce((p->'close'->>'hour')::int, 0) * 60 + coalesce((p->'close'->>'minute')::int, 0)) % 10080 END AS e
    ) x $$;--> statement-breakpoint
-- Great-circle (haversine) distance in km, Earth's mean radius.
CREATE OR REPLACE FUNCTION listing_distance_km(lat1 float8, lng1 float8, lat2 float8, lng2 float8) RETURNS float8
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT 2 * 6371.0088 * asin(least(1, sqrt(
    power(sin(radians(lat2 - lat1) / 2), 2) + cos(radians(lat1)) * cos(radians(lat2)) * power(sin(radians(lng2 - lng1) / 2), 2)
  ))) $$;--> statement-breakpoint
CREATE INDEX "businesses_geo_idx" ON "businesses" USING gist (point("longitud"::float8, "latitud"::float8)) WHERE "businesses"."is_active" and "businesses"."latitud" is not null;--> statement-breakpoint
CREATE INDEX "restaurants_geo_idx" ON "restaurants" USING gist (point("longitud"::float8, "latitud"::float8)) WHERE "restaurants"."is_active" and "restaurants"."latitud" is not null;