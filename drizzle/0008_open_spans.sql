-- 'Open now, near me' as one GiST walk: each day's open period of an active entry with coordinates is
-- a box in (longitude, latitude, minute of the week), kept by statement triggers from the entry's own
-- columns. `cube` and `btree_gist` ship with PostgreSQL's contrib and with PGlite.
CREATE EXTENSION IF NOT EXISTS cube;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS btree_gist;--> statement-breakpoint
CREATE TABLE "business_open_spans" (
	"listing_id" uuid NOT NULL,
	"day" smallint NOT NULL,
	"span" "cube" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "restaurant_open_spans" (
	"listing_id" uuid NOT NULL,
	"day" smallint NOT NULL,
	"span" "cube" NOT NULL
);
--> statement-breakpoint
ALTER TABLE "business_open_spans" ADD CONSTRAINT "business_open_spans_listing_id_businesses_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "restaurant_open_spans" ADD CONSTRAINT "restaurant_open_spans_listing_id_restaurants_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "business_open_spans_span_idx" ON "business_open_spans" USING gist ("day","span");--> statement-breakpoint
CREATE INDEX "business_open_spans_listing_idx" ON "business_open_spans" USING btree ("listing_id");--> statement-breakpoint
CREATE INDEX "restaurant_open_spans_span_idx" ON "restaurant_open_spans" USING gist ("day","span");--> statement-breakpoint
CREATE INDEX "restaurant_open_spans_listing_idx" ON "restaurant_open_spans" USING btree ("listing_id");--> statement-breakpoint
-- The week's time axis in the boxes, in thousands of minutes (GiST's grouping does not depend on the
-- scale; this keeps the numbers near those of the degrees).
CREATE OR REPLACE FUNCTION listing_week_coord(m integer) RETURNS float8
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT m / 1000.0::float8 $$;--> statement-breakpoint
-- The periods of a schedule as half-open ranges [s, e) of minutes of the week (Sunday 00:00 = 0,
-- America/Panama): a period that wraps at the week's end is two ranges, one without close (or
-- closing when it opens) is the whole week.
CREATE OR REPLACE FUNCTION listing_open_spans(periods jsonb) RETURNS TABLE(s integer, e integer)
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT r.s, r.e FROM (
      SELECT
        (coalesce((p->'open'->>'day')::int, 0) * 1440 + coalesce((p->'open'->>'hour')::int, 0) * 60 + coalesce((p->'open'->>'minute')::int, 0)) % 10080 AS s,
        CASE WHEN p->'close' IS NULL THEN NULL ELSE
          (coalesce((p->'close'->>'day')::int, 0) * 1440 + coalesce((p->'close'->>'hour')::int, 0) * 60 + coalesce((p->'close'->>'minute')::int, 0)) % 10080 END AS e
      FROM jsonb_array_elements(CASE WHEN jsonb_typeof(periods) = 'array' THEN periods ELSE '[]'::jsonb END) p
    ) x,
    LATERAL (
      SELECT 0 AS s, 10080 AS e WHERE x.e IS NULL OR x.e = x.s
      UNION ALL SELECT x.s, x.e WHERE x.e > x.s
      UNION ALL SELECT x.s, 10080 WHERE x.e < x.s
      UNION ALL SELECT 0, x.e WHERE x.e < x.s AND x.e > 0
    ) r $$;--> statement-breakpoint
-- An entry's boxes: its point, and each open range cut at midnight, on the time axis (bounds
-- inclusive, hence e - 1), with its day.
CREATE OR REPLACE FUNCTION listing_open_boxes(lng numeric, lat numeric, periods jsonb) RETURNS TABLE(day smallint, span cube)
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT d::smallint, cube(
      array[lng::float8, lat::float8, listing_week_coord(greatest(sp.s, d * 1440))],
      array[lng::float8, lat::float8, listing_week_coord(least(sp.e, (d + 1) * 1440) - 1)])
    FROM listing_open_spans(periods) sp, generate_series(sp.s / 1440, (sp.e - 1) / 1440) d
    WHERE lng IS NOT NULL AND lat IS NOT NULL $$;--> statement-breakpoint
-- Statement triggers (one pass per bulk insert, not one per row); the argument names the boxes' table.
-- An update rewrites the boxes of the rows whose place, schedule or state changed; a delete cascades.
CREATE OR REPLACE FUNCTION listing_open_spans_sync() RETURNS trigger
  LANGUAGE plpgsql
  AS $f$
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
END $f$;--> statement-breakpoint
CREATE TRIGGER restaurants_open_spans_insert AFTER INSERT ON restaurants REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION listing_open_spans_sync('restaurant_open_spans');--> statement-breakpoint
CREATE TRIGGER restaurants_open_spans_update AFTER UPDATE ON restaurants REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION listing_open_spans_sync('restaurant_open_spans');--> statement-breakpoint
CREATE TRIGGER businesses_open_spans_insert AFTER INSERT ON businesses REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION listing_open_spans_sync('business_open_spans');--> statement-breakpoint
CREATE TRIGGER businesses_open_spans_update AFTER UPDATE ON businesses REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION listing_open_spans_sync('business_open_spans');--> statement-breakpoint
INSERT INTO restaurant_open_spans (listing_id, day, span)
  SELECT t.id, b.day, b.span FROM restaurants t, listing_open_boxes(t.longitud, t.latitud, t.horario_semanal) b WHERE t.is_active;--> statement-breakpoint
INSERT INTO business_open_spans (listing_id, day, span)
  SELECT t.id, b.day, b.span FROM businesses t, listing_open_boxes(t.longitud, t.latitud, t.horario_semanal) b WHERE t.is_active;
