-- A change of industry or province dates the listing's share of voice (listing_segment_since).
CREATE TRIGGER businesses_segment_since BEFORE UPDATE OF industria, provincia ON public.businesses FOR EACH ROW EXECUTE FUNCTION listing_segment_since('industria');
