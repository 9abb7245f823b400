ALTER TABLE "businesses" ADD COLUMN "whatsapp" text;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "facebook_url" text;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "instagram_url" text;--> statement-breakpoint
ALTER TABLE "restaurants" ADD COLUMN "whatsapp" text;