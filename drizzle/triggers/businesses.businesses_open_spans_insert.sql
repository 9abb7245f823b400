-- New rows get their boxes (listing_open_spans_sync).
CREATE TRIGGER businesses_open_spans_insert AFTER INSERT ON public.businesses REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION listing_open_spans_sync('business_open_spans');
