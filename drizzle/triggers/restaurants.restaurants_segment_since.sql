-- A change of category or province dates the listing's share of voice (listing_segment_since).
CREATE TRIGGER restaurants_segment_since BEFORE UPDATE OF categoria, provincia ON public.restaurants FOR EACH ROW EXECUTE FUNCTION listing_segment_since('categoria');
