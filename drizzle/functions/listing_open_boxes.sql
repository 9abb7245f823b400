-- An entry's boxes for 'open now, near me': its point, and each open range cut at midnight, on the
-- time axis (bounds inclusive, hence e - 1), with its day.
CREATE OR REPLACE FUNCTION public.listing_open_boxes(lng numeric, lat numeric, periods jsonb)
 RETURNS TABLE(day smallint, span cube)
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
AS $function$ SELECT d::smallint, cube(
      array[lng::float8, lat::float8, listing_week_coord(greatest(sp.s, d * 1440))],
      array[lng::float8, lat::float8, listing_week_coord(least(sp.e, (d + 1) * 1440) - 1)])
    FROM listing_open_spans(periods) sp, generate_series(sp.s / 1440, (sp.e - 1) / 1440) d
    WHERE lng IS NOT NULL AND lat IS NOT NULL $function$;
