-- Ranking among equally relevant directory entries: max_local, then starter_local, then the rest.
-- IMMUTABLE so that the plan indexes can use it.
CREATE OR REPLACE FUNCTION public.listing_plan_rank(plan_type text)
 RETURNS integer
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
AS $function$ SELECT CASE plan_type WHEN 'max_local' THEN 2 WHEN 'starter_local' THEN 1 ELSE 0 END $function$;
