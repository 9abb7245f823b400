-- New rows get their boxes (listing_open_spans_sync).
CREATE TRIGGER restaurants_open_spans_insert AFTER INSERT ON public.restaurants REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION listing_open_spans_sync('restaurant_open_spans');
