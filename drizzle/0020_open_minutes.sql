-- 'Open now' as a stored multirange of the open minutes of the week, kept by PostgreSQL from the
-- schedule: one containment test a candidate instead of its JSON read again (26-38 µs a row at 1M).
ALTER TABLE "businesses" ADD COLUMN "open_minutes" "int4multirange" GENERATED ALWAYS AS (listing_open_minutes(horario_semanal)) STORED;--> statement-breakpoint
ALTER TABLE "restaurants" ADD COLUMN "open_minutes" "int4multirange" GENERATED ALWAYS AS (listing_open_minutes(horario_semanal)) STORED;