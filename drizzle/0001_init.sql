CREATE TABLE "accounts" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"provider_id" text NOT NULL,
	"user_id" text NOT NULL,
	"access_token" text,
	"refresh_token" text,
	"id_token" text,
	"access_token_expires_at" timestamp with time zone,
	"refresh_token_expires_at" timestamp with time zone,
	"scope" text,
	"password" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "api_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"name" text NOT NULL,
	"prefix" text NOT NULL,
	"token_hash" text NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"actor_id" text,
	"actor_email" text,
	"action" text NOT NULL,
	"entity" text NOT NULL,
	"entity_id" text,
	"before" jsonb,
	"after" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blogs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"excerpt" text DEFAULT '' NOT NULL,
	"content" text NOT NULL,
	"category" text,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"image_url" text,
	"author_id" text,
	"is_published" boolean DEFAULT false NOT NULL,
	"published_at" timestamp with time zone,
	"views" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "blogs_slug_unique" UNIQUE("slug"),
	CONSTRAINT "blogs_category_check" CHECK ("blogs"."category" is null or "blogs"."category" in ('Gastronomía', 'Tecnología', 'Negocios', 'Turismo', 'IA', 'Marketing', 'Emprendimiento')),
	CONSTRAINT "blogs_views_check" CHECK ("blogs"."views" >= 0)
);
--> statement-breakpoint
CREATE TABLE "business_owners_general" (
	"business_id" uuid PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"email" text NOT NULL,
	"plan_type" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "business_owners_general_plan_type_check" CHECK ("business_owners_general"."plan_type" in ('free_local', 'starter_local', 'max_local'))
);
--> statement-breakpoint
CREATE TABLE "businesses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"nombre" text NOT NULL,
	"descripcion" text NOT NULL,
	"direccion" text NOT NULL,
	"telefono" text,
	"horario" text,
	"rating" numeric(2, 1),
	"industria" text NOT NULL,
	"provincia" text NOT NULL,
	"website" text,
	"especialidades" text[] DEFAULT '{}'::text[] NOT NULL,
	"customer_reviews" text,
	"is_verified" boolean DEFAULT false NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"plan_type" text DEFAULT 'free_local' NOT NULL,
	"special_service" text,
	"imagen" text,
	"google_place_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "businesses_slug_unique" UNIQUE("slug"),
	CONSTRAINT "businesses_google_place_id_unique" UNIQUE("google_place_id"),
	CONSTRAINT "businesses_provincia_check" CHECK ("businesses"."provincia" in ('panama', 'panama-oeste', 'chiriqui', 'cocle', 'colon', 'herrera', 'los-santos', 'veraguas', 'bocas-del-toro', 'darien')),
	CONSTRAINT "businesses_industria_check" CHECK ("businesses"."industria" in ('construccion', 'belleza', 'tiendas', 'abogados', 'deportes', 'salud', 'educacion', 'tecnologia', 'turismo', 'servicios')),
	CONSTRAINT "businesses_plan_type_check" CHECK ("businesses"."plan_type" in ('free_local', 'starter_local', 'max_local')),
	CONSTRAINT "businesses_rating_check" CHECK ("businesses"."rating" is null or ("businesses"."rating" >= 0 and "businesses"."rating" <= 5))
);
--> statement-breakpoint
CREATE TABLE "contact_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text,
	"business" text,
	"service" text,
	"message" text NOT NULL,
	"handled_at" timestamp with time zone,
	"handled_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contact_messages_service_check" CHECK ("contact_messages"."service" is null or "contact_messages"."service" in ('storytelling', 'purpose-marketing', 'local-visibility', 'ai-solutions', 'full-package', 'consultation'))
);
--> statement-breakpoint
CREATE TABLE "free_plan_subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"user_id" text,
	"days_granted" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"granted_by" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "free_plan_days_check" CHECK ("free_plan_subscriptions"."days_granted" in (30, 60, 90)),
	CONSTRAINT "free_plan_email_lower_check" CHECK ("free_plan_subscriptions"."email" = lower("free_plan_subscriptions"."email"))
);
--> statement-breakpoint
CREATE TABLE "listing_slug_history" (
	"kind" text NOT NULL,
	"old_slug" text NOT NULL,
	"listing_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "listing_slug_history_kind_old_slug_pk" PRIMARY KEY("kind","old_slug"),
	CONSTRAINT "listing_slug_history_kind_check" CHECK ("listing_slug_history"."kind" in ('restaurant', 'business'))
);
--> statement-breakpoint
CREATE TABLE "profiles" (
	"id" text PRIMARY KEY NOT NULL,
	"email" text,
	"full_name" text DEFAULT '' NOT NULL,
	"is_admin" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"count" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "restaurants" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"nombre" text NOT NULL,
	"descripcion" text,
	"direccion" text NOT NULL,
	"telefono" text,
	"horario" text,
	"rating" numeric(2, 1),
	"categoria" text,
	"provincia" text NOT NULL,
	"website_url" text,
	"facebook_url" text,
	"instagram_url" text,
	"maps_url" text,
	"special_dish" text,
	"customer_reviews" text,
	"plan_type" text DEFAULT 'free_local' NOT NULL,
	"especialidades" text[] DEFAULT '{}'::text[] NOT NULL,
	"is_verified" boolean DEFAULT false NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"imagen" text,
	"google_place_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "restaurants_slug_unique" UNIQUE("slug"),
	CONSTRAINT "restaurants_google_place_id_unique" UNIQUE("google_place_id"),
	CONSTRAINT "restaurants_provincia_check" CHECK ("restaurants"."provincia" in ('panama', 'panama-oeste', 'chiriqui', 'cocle', 'colon', 'herrera', 'los-santos', 'veraguas', 'bocas-del-toro', 'darien')),
	CONSTRAINT "restaurants_categoria_check" CHECK ("restaurants"."categoria" is null or "restaurants"."categoria" in ('comida-tradicional', 'comida-rapida', 'mariscos', 'parrilla', 'internacional', 'vegetariano', 'postres', 'cafeteria', 'bar', 'otro')),
	CONSTRAINT "restaurants_plan_type_check" CHECK ("restaurants"."plan_type" in ('free_local', 'starter_local', 'max_local')),
	CONSTRAINT "restaurants_rating_check" CHECK ("restaurants"."rating" is null or ("restaurants"."rating" >= 0 and "restaurants"."rating" <= 5))
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ip_address" text,
	"user_agent" text,
	"user_id" text NOT NULL,
	CONSTRAINT "sessions_token_unique" UNIQUE("token")
);
--> statement-breakpoint
CREATE TABLE "stripe_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"processed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"stripe_customer_id" text,
	"stripe_subscription_id" text,
	"status" text NOT NULL,
	"price_id" text,
	"current_period_end" timestamp with time zone,
	"cancel_at_period_end" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscriptions_stripe_subscription_id_unique" UNIQUE("stripe_subscription_id")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"email_verified" boolean DEFAULT false NOT NULL,
	"image" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "verifications" (
	"id" text PRIMARY KEY NOT NULL,
	"identifier" text NOT NULL,
	"value" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_tokens" ADD CONSTRAINT "api_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blogs" ADD CONSTRAINT "blogs_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_owners_general" ADD CONSTRAINT "business_owners_general_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_owners_general" ADD CONSTRAINT "business_owners_general_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD CONSTRAINT "contact_messages_handled_by_users_id_fk" FOREIGN KEY ("handled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "free_plan_subscriptions" ADD CONSTRAINT "free_plan_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "free_plan_subscriptions" ADD CONSTRAINT "free_plan_subscriptions_granted_by_users_id_fk" FOREIGN KEY ("granted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_id_users_id_fk" FOREIGN KEY ("id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "accounts_user_id_idx" ON "accounts" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "api_tokens_hash_idx" ON "api_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "api_tokens_user_idx" ON "api_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "audit_log_created_idx" ON "audit_log" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "blogs_published_idx" ON "blogs" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "blogs"."is_published";--> statement-breakpoint
CREATE INDEX "blogs_author_idx" ON "blogs" USING btree ("author_id","updated_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "blogs_search_trgm_idx" ON "blogs" USING gin (blog_search_text("title", "excerpt", "category") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "business_owners_general_user_idx" ON "business_owners_general" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "businesses_listing_idx" ON "businesses" USING btree ("industria","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "businesses"."is_active";--> statement-breakpoint
CREATE INDEX "businesses_listing_province_idx" ON "businesses" USING btree ("industria","provincia","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "businesses"."is_active";--> statement-breakpoint
CREATE INDEX "businesses_created_idx" ON "businesses" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "businesses_search_fts_idx" ON "businesses" USING gin (to_tsvector('spanish'::regconfig, listing_search_text("nombre", "descripcion", "direccion", "especialidades", "industria")));--> statement-breakpoint
CREATE INDEX "businesses_search_trgm_idx" ON "businesses" USING gin (listing_search_text("nombre", "descripcion", "direccion", "especialidades", "industria") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "businesses_nombre_trgm_idx" ON "businesses" USING gin (immutable_unaccent(lower("nombre")) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "contact_messages_created_idx" ON "contact_messages" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "free_plan_email_idx" ON "free_plan_subscriptions" USING btree ("email");--> statement-breakpoint
CREATE INDEX "free_plan_user_idx" ON "free_plan_subscriptions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "free_plan_created_idx" ON "free_plan_subscriptions" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "profiles_created_at_idx" ON "profiles" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "profiles_email_idx" ON "profiles" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "restaurants_listing_idx" ON "restaurants" USING btree ("provincia","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "restaurants"."is_active";--> statement-breakpoint
CREATE INDEX "restaurants_created_idx" ON "restaurants" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "restaurants_search_fts_idx" ON "restaurants" USING gin (to_tsvector('spanish'::regconfig, listing_search_text("nombre", "descripcion", "direccion", "especialidades", "categoria")));--> statement-breakpoint
CREATE INDEX "restaurants_search_trgm_idx" ON "restaurants" USING gin (listing_search_text("nombre", "descripcion", "direccion", "especialidades", "categoria") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "restaurants_nombre_trgm_idx" ON "restaurants" USING gin (immutable_unaccent(lower("nombre")) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "sessions_user_id_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "subscriptions_user_idx" ON "subscriptions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "verifications_identifier_idx" ON "verifications" USING btree ("identifier");