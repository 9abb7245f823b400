ALTER TABLE "profiles" ADD COLUMN "signup_email" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "pending_email" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "pending_email_at" timestamp with time zone;--> statement-breakpoint
-- Existing accounts: the address they have now is the best known sign-up address.
UPDATE "profiles" p SET "signup_email" = lower(u."email") FROM "users" u WHERE u."id" = p."id";--> statement-breakpoint
-- A free plan counts only for an account that holds its address confirmed: links made to an
-- unconfirmed account are undone, and plans waiting for a confirmed holder attach to it.
UPDATE "free_plan_subscriptions" f SET "user_id" = NULL FROM "users" u WHERE f."user_id" = u."id" AND NOT u."email_verified";--> statement-breakpoint
UPDATE "free_plan_subscriptions" f SET "user_id" = u."id" FROM "users" u WHERE f."user_id" IS NULL AND lower(u."email") = f."email" AND u."email_verified";
