CREATE TABLE "listing_change_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"listing_id" uuid NOT NULL,
	"user_id" text,
	"changes" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "listing_change_requests_kind_check" CHECK ("listing_change_requests"."kind" in ('restaurant', 'business')),
	CONSTRAINT "listing_change_requests_status_check" CHECK ("listing_change_requests"."status" in ('pending', 'approved', 'refused'))
);
--> statement-breakpoint
CREATE TABLE "listing_claims" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"listing_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"method" text NOT NULL,
	"email" text,
	"token_hash" text,
	"full_name" text,
	"role" text,
	"phone" text,
	"note" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "listing_claims_kind_check" CHECK ("listing_claims"."kind" in ('restaurant', 'business')),
	CONSTRAINT "listing_claims_method_check" CHECK ("listing_claims"."method" in ('domain', 'admin')),
	CONSTRAINT "listing_claims_status_check" CHECK ("listing_claims"."status" in ('pending', 'approved', 'refused', 'expired'))
);
--> statement-breakpoint
CREATE TABLE "listing_closures" (
	"kind" text NOT NULL,
	"listing_id" uuid NOT NULL,
	"day" date NOT NULL,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "listing_closures_kind_listing_id_day_pk" PRIMARY KEY("kind","listing_id","day"),
	CONSTRAINT "listing_closures_kind_check" CHECK ("listing_closures"."kind" in ('restaurant', 'business'))
);
--> statement-breakpoint
CREATE TABLE "listing_managers" (
	"kind" text NOT NULL,
	"listing_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"source" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "listing_managers_kind_listing_id_user_id_pk" PRIMARY KEY("kind","listing_id","user_id"),
	CONSTRAINT "listing_managers_kind_check" CHECK ("listing_managers"."kind" in ('restaurant', 'business')),
	CONSTRAINT "listing_managers_source_check" CHECK ("listing_managers"."source" in ('domain', 'approval', 'submission', 'assignment'))
);
--> statement-breakpoint
CREATE TABLE "listing_subscriptions" (
	"stripe_subscription_id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"listing_id" uuid NOT NULL,
	"user_id" text,
	"stripe_customer_id" text,
	"plan_type" text NOT NULL,
	"period" text NOT NULL,
	"status" text NOT NULL,
	"current_period_end" timestamp with time zone,
	"cancel_at_period_end" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "listing_subscriptions_kind_check" CHECK ("listing_subscriptions"."kind" in ('restaurant', 'business')),
	CONSTRAINT "listing_subscriptions_plan_type_check" CHECK ("listing_subscriptions"."plan_type" in ('free_local', 'starter_local', 'max_local')),
	CONSTRAINT "listing_subscriptions_period_check" CHECK ("listing_subscriptions"."period" in ('year', 'half_year'))
);
--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "closes_on_holidays" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "info_confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "info_reminded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "review_status" text;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "submitted_by" text;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "plan_source" text;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "plan_renews_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "plan_cancel_at_period_end" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "plan_payment_failed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "restaurants" ADD COLUMN "closes_on_holidays" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "restaurants" ADD COLUMN "info_confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "restaurants" ADD COLUMN "info_reminded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "restaurants" ADD COLUMN "review_status" text;--> statement-breakpoint
ALTER TABLE "restaurants" ADD COLUMN "submitted_by" text;--> statement-breakpoint
ALTER TABLE "restaurants" ADD COLUMN "plan_source" text;--> statement-breakpoint
ALTER TABLE "restaurants" ADD COLUMN "plan_renews_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "restaurants" ADD COLUMN "plan_cancel_at_period_end" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "restaurants" ADD COLUMN "plan_payment_failed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "listing_change_requests" ADD CONSTRAINT "listing_change_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_change_requests" ADD CONSTRAINT "listing_change_requests_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_claims" ADD CONSTRAINT "listing_claims_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_claims" ADD CONSTRAINT "listing_claims_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_managers" ADD CONSTRAINT "listing_managers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_subscriptions" ADD CONSTRAINT "listing_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "listing_change_requests_queue_idx" ON "listing_change_requests" USING btree ("created_at" DESC NULLS LAST) WHERE "listing_change_requests"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "listing_change_requests_listing_idx" ON "listing_change_requests" USING btree ("kind","listing_id");--> statement-breakpoint
CREATE UNIQUE INDEX "listing_claims_open_idx" ON "listing_claims" USING btree ("kind","listing_id","user_id") WHERE "listing_claims"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "listing_claims_queue_idx" ON "listing_claims" USING btree ("created_at" DESC NULLS LAST) WHERE "listing_claims"."status" = 'pending' and "listing_claims"."method" = 'admin';--> statement-breakpoint
CREATE INDEX "listing_claims_user_idx" ON "listing_claims" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "listing_managers_user_idx" ON "listing_managers" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "listing_subscriptions_live_idx" ON "listing_subscriptions" USING btree ("kind","listing_id") WHERE "listing_subscriptions"."status" in ('active', 'trialing', 'past_due', 'unpaid', 'incomplete');--> statement-breakpoint
CREATE INDEX "listing_subscriptions_user_idx" ON "listing_subscriptions" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "businesses" ADD CONSTRAINT "businesses_submitted_by_users_id_fk" FOREIGN KEY ("submitted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "restaurants" ADD CONSTRAINT "restaurants_submitted_by_users_id_fk" FOREIGN KEY ("submitted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "businesses_review_idx" ON "businesses" USING btree ("created_at" DESC NULLS LAST) WHERE "businesses"."review_status" = 'pending';--> statement-breakpoint
CREATE INDEX "restaurants_review_idx" ON "restaurants" USING btree ("created_at" DESC NULLS LAST) WHERE "restaurants"."review_status" = 'pending';--> statement-breakpoint
ALTER TABLE "businesses" ADD CONSTRAINT "businesses_review_status_check" CHECK ("businesses"."review_status" is null or "businesses"."review_status" in ('pending', 'refused'));--> statement-breakpoint
ALTER TABLE "businesses" ADD CONSTRAINT "businesses_plan_source_check" CHECK ("businesses"."plan_source" is null or "businesses"."plan_source" in ('stripe', 'granted'));--> statement-breakpoint
ALTER TABLE "restaurants" ADD CONSTRAINT "restaurants_review_status_check" CHECK ("restaurants"."review_status" is null or "restaurants"."review_status" in ('pending', 'refused'));--> statement-breakpoint
ALTER TABLE "restaurants" ADD CONSTRAINT "restaurants_plan_source_check" CHECK ("restaurants"."plan_source" is null or "restaurants"."plan_source" in ('stripe', 'granted'));