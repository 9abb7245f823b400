-- Changed rows get their boxes rewritten (listing_open_spans_sync).
CREATE TRIGGER businesses_open_spans_update AFTER UPDATE ON public.businesses REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION listing_open_spans_sync('business_open_spans');
