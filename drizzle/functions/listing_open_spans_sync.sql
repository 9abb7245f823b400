-- Keeps the open-period boxes (restaurant_open_spans, business_open_spans) from the listings' own
-- columns, as statement triggers (one pass per bulk insert, not one per row); the argument names the
-- boxes' table. An update rewrites the boxes of the rows whose place, schedule or state changed; a
-- delete cascades. Its triggers are in drizzle/triggers/.
CREATE OR REPLACE FUNCTION public.listing_open_spans_sync()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    EXECUTE format($q$
      WITH changed AS (
        SELECT n.id, n.longitud, n.latitud, n.horario_semanal, n.is_active FROM new_rows n JOIN old_rows o ON o.id = n.id
        WHERE (n.longitud, n.latitud, n.horario_semanal, n.is_active) IS DISTINCT FROM (o.longitud, o.latitud, o.horario_semanal, o.is_active)
      ), gone AS (DELETE FROM %1$I s USING changed c WHERE s.listing_id = c.id)
      INSERT INTO %1$I (listing_id, day, span)
        SELECT c.id, b.day, b.span FROM changed c, listing_open_boxes(c.longitud, c.latitud, c.horario_semanal) b WHERE c.is_active
    $q$, TG_ARGV[0]);
  ELSE
    EXECUTE format($q$
      INSERT INTO %1$I (listing_id, day, span)
        SELECT n.id, b.day, b.span FROM new_rows n, listing_open_boxes(n.longitud, n.latitud, n.horario_semanal) b WHERE n.is_active
    $q$, TG_ARGV[0]);
  END IF;
  RETURN NULL;
END $function$;
