-- 'Near me' (D21): great-circle (haversine) distance in km, Earth's mean radius; app/lib/geo.ts
-- computes the same.
CREATE OR REPLACE FUNCTION public.listing_distance_km(lat1 double precision, lng1 double precision, lat2 double precision, lng2 double precision)
 RETURNS double precision
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE STRICT
AS $function$ SELECT 2 * 6371.0088 * asin(least(1, sqrt(
    power(sin(radians(lat2 - lat1) / 2), 2) + cos(radians(lat1)) * cos(radians(lat2)) * power(sin(radians(lng2 - lng1) / 2), 2)
  ))) $function$;
