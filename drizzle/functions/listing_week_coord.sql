-- The week's time axis in the open-period boxes, in thousands of minutes (GiST's grouping does not
-- depend on the scale; this keeps the numbers near those of the degrees).
CREATE OR REPLACE FUNCTION public.listing_week_coord(m integer)
 RETURNS double precision
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE STRICT
AS $function$ SELECT m / 1000.0::float8 $function$;
