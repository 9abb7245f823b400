-- 'Open now' (D21) in SQL: open at minute m of the week (Sunday 00:00 = 0, America/Panama). A period
-- runs from its open to its close minute, wrapping at the week's end; a period without close is open
-- around the clock. app/lib/opening-hours.ts computes the same (a test holds them to the same answers).
CREATE OR REPLACE FUNCTION public.listing_open_at(periods jsonb, m integer)
 RETURNS boolean
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
AS $function$ SELECT coalesce(bool_or(
      x.e IS NULL OR ((m - x.s + 10080) % 10080) < (CASE WHEN x.e = x.s THEN 10080 ELSE (x.e - x.s + 10080) % 10080 END)
    ), false)
    FROM jsonb_array_elements(CASE WHEN jsonb_typeof(periods) = 'array' THEN periods ELSE '[]'::jsonb END) p,
    LATERAL (SELECT
      (coalesce((p->'open'->>'day')::int, 0) * 1440 + coalesce((p->'open'->>'hour')::int, 0) * 60 + coalesce((p->'open'->>'minute')::int, 0)) % 10080 AS s,
      CASE WHEN p->'close' IS NULL THEN NULL ELSE
        (coalesce((p->'close'->>'day')::int, 0) * 1440 + coalesce((p->'close'->>'hour')::int, 0) * 60 + coalesce((p->'close'->>'minute')::int, 0)) % 10080 END AS e
    ) x $function$;
