-- The day a listing's category or industry or its province last changed (kept by the trigger of
-- migration 0022): an owner's share of voice counts from the day after.
ALTER TABLE "businesses" ADD COLUMN "segment_since" date;--> statement-breakpoint
ALTER TABLE "restaurants" ADD COLUMN "segment_since" date;