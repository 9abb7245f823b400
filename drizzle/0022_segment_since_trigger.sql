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
END $function$;--> statement-breakpoint
-- A change of industry or province dates the listing's share of voice (listing_segment_since).
CREATE TRIGGER businesses_segment_since BEFORE UPDATE OF industria, provincia ON public.businesses FOR EACH ROW EXECUTE FUNCTION listing_segment_since('industria');--> statement-breakpoint
-- A change of category or province dates the listing's share of voice (listing_segment_since).
CREATE TRIGGER restaurants_segment_since BEFORE UPDATE OF categoria, provincia ON public.restaurants FOR EACH ROW EXECUTE FUNCTION listing_segment_since('categoria');
