-- Dates a listing's change of category or industry (the column named by the argument) or of
-- province, in Panama's day: its share of voice is measured from then on, among the entries it is
-- now compared with. Its triggers are in drizzle/triggers/.
CREATE OR REPLACE FUNCTION public.listing_segment_since()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF NEW.provincia IS DISTINCT FROM OLD.provincia OR to_jsonb(NEW) ->> TG_ARGV[0] IS DISTINCT FROM to_jsonb(OLD) ->> TG_ARGV[0] THEN
    NEW.segment_since := (now() AT TIME ZONE 'America/Panama')::date;
  END IF;
  RETURN NEW;
END $function$;
