-- The periods of a schedule as half-open ranges [s, e) of minutes of the week (Sunday 00:00 = 0,
-- America/Panama): a period that wraps at the week's end is two ranges, one without close (or
-- closing when it opens) is the whole week.
CREATE OR REPLACE FUNCTION public.listing_open_spans(periods jsonb)
 RETURNS TABLE(s integer, e integer)
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
AS $function$ SELECT r.s, r.e FROM (
      SELECT
        (coalesce((p->'open'->>'day')::int, 0) * 1440 + coalesce((p->'open'->>'hour')::int, 0) * 60 + coalesce((p->'open'->>'minute')::int, 0)) % 10080 AS s,
        CASE WHEN p->'close' IS NULL THEN NULL ELSE
          (coalesce((p->'close'->>'day')::int, 0) * 1440 + coalesce((p->'close'->>'hour')::int, 0) * 60 + coalesce((p->'close'->>'minute')::int, 0)) % 10080 END AS e
      FROM jsonb_array_elements(CASE WHEN jsonb_typeof(periods) = 'array' THEN periods ELSE '[]'::jsonb END) p
    ) x,
    LATERAL (
      SELECT 0 AS s, 10080 AS e WHERE x.e IS NULL OR x.e = x.s
      UNION ALL SELECT x.s, x.e WHERE x.e > x.s
      UNION ALL SELECT x.s, 10080 WHERE x.e < x.s
      UNION ALL SELECT 0, x.e WHERE x.e < x.s AND x.e > 0
    ) r $function$;
