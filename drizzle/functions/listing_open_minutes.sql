-- The minutes of the week a schedule is open, as one multirange (the ranges of listing_open_spans):
-- stored beside the schedule, so that 'open now' is one containment test a row, not the JSON read
-- again for every candidate.
CREATE OR REPLACE FUNCTION public.listing_open_minutes(periods jsonb)
 RETURNS int4multirange
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
AS $function$ SELECT coalesce(range_agg(int4range(sp.s, sp.e)), '{}'::int4multirange) FROM public.listing_open_spans(periods) sp $function$;
