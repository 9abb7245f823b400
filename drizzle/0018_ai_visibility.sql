CREATE TABLE "visibility_actions" (
	"kind" text NOT NULL,
	"listing_id" uuid NOT NULL,
	"day" date NOT NULL,
	"action" text NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "visibility_actions_kind_listing_id_day_action_pk" PRIMARY KEY("kind","listing_id","day","action"),
	CONSTRAINT "visibility_actions_kind_check" CHECK ("visibility_actions"."kind" in ('restaurant', 'business')),
	CONSTRAINT "visibility_actions_action_check" CHECK ("visibility_actions"."action" in ('whatsapp', 'llamada', 'direcciones', 'sitio_web'))
);
--> statement-breakpoint
CREATE TABLE "visibility_directory" (
	"day" date NOT NULL,
	"metric" text NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "visibility_directory_day_metric_pk" PRIMARY KEY("day","metric")
);
--> statement-breakpoint
CREATE TABLE "visibility_entry_questions" (
	"kind" text NOT NULL,
	"listing_id" uuid NOT NULL,
	"day" date NOT NULL,
	"question" text NOT NULL,
	"count" integer NOT NULL,
	"position_sum" integer NOT NULL,
	CONSTRAINT "visibility_entry_questions_kind_listing_id_day_question_pk" PRIMARY KEY("kind","listing_id","day","question"),
	CONSTRAINT "visibility_entry_questions_kind_check" CHECK ("visibility_entry_questions"."kind" in ('restaurant', 'business'))
);
--> statement-breakpoint
CREATE TABLE "visibility_impressions" (
	"kind" text NOT NULL,
	"listing_id" uuid NOT NULL,
	"day" date NOT NULL,
	"channel" text NOT NULL,
	"band" smallint NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "visibility_impressions_kind_listing_id_day_channel_band_pk" PRIMARY KEY("kind","listing_id","day","channel","band"),
	CONSTRAINT "visibility_impressions_kind_check" CHECK ("visibility_impressions"."kind" in ('restaurant', 'business')),
	CONSTRAINT "visibility_impressions_channel_check" CHECK ("visibility_impressions"."channel" in ('api', 'mcp', 'buscar', 'listado', 'ficha')),
	CONSTRAINT "visibility_impressions_band_check" CHECK ("visibility_impressions"."band" between 1 and 3)
);
--> statement-breakpoint
CREATE TABLE "visibility_questions" (
	"day" date NOT NULL,
	"question" text NOT NULL,
	"channel" text NOT NULL,
	"empty" integer NOT NULL,
	"few" integer NOT NULL,
	CONSTRAINT "visibility_questions_day_question_channel_pk" PRIMARY KEY("day","question","channel"),
	CONSTRAINT "visibility_questions_channel_check" CHECK ("visibility_questions"."channel" in ('api', 'mcp', 'buscar', 'listado', 'ficha'))
);
--> statement-breakpoint
CREATE TABLE "visibility_report_optouts" (
	"user_id" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "visibility_reports" (
	"month" date NOT NULL,
	"kind" text NOT NULL,
	"listing_id" uuid NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "visibility_reports_month_kind_listing_id_pk" PRIMARY KEY("month","kind","listing_id"),
	CONSTRAINT "visibility_reports_kind_check" CHECK ("visibility_reports"."kind" in ('restaurant', 'business'))
);
--> statement-breakpoint
CREATE TABLE "visibility_rollups" (
	"kind" text NOT NULL,
	"listing_id" uuid NOT NULL,
	"impressions_30" integer NOT NULL,
	"impressions_90" integer NOT NULL,
	"updated_on" date NOT NULL,
	CONSTRAINT "visibility_rollups_kind_listing_id_pk" PRIMARY KEY("kind","listing_id"),
	CONSTRAINT "visibility_rollups_kind_check" CHECK ("visibility_rollups"."kind" in ('restaurant', 'business'))
);
--> statement-breakpoint
CREATE TABLE "visibility_segment_impressions" (
	"kind" text NOT NULL,
	"segment" text NOT NULL,
	"provincia" text NOT NULL,
	"day" date NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "visibility_segment_impressions_kind_segment_provincia_day_pk" PRIMARY KEY("kind","segment","provincia","day"),
	CONSTRAINT "visibility_segment_impressions_kind_check" CHECK ("visibility_segment_impressions"."kind" in ('restaurant', 'business'))
);
--> statement-breakpoint
CREATE TABLE "visibility_visits" (
	"kind" text NOT NULL,
	"listing_id" uuid NOT NULL,
	"day" date NOT NULL,
	"visit" text NOT NULL,
	"source" text NOT NULL,
	"surface" text NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "visibility_visits_kind_listing_id_day_visit_source_surface_pk" PRIMARY KEY("kind","listing_id","day","visit","source","surface"),
	CONSTRAINT "visibility_visits_kind_check" CHECK ("visibility_visits"."kind" in ('restaurant', 'business')),
	CONSTRAINT "visibility_visits_visit_check" CHECK ("visibility_visits"."visit" in ('referral', 'crawler')),
	CONSTRAINT "visibility_visits_surface_check" CHECK ("visibility_visits"."surface" in ('pagina', 'markdown', 'api'))
);
--> statement-breakpoint
ALTER TABLE "visibility_report_optouts" ADD CONSTRAINT "visibility_report_optouts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "visibility_actions_day_idx" ON "visibility_actions" USING btree ("day");--> statement-breakpoint
CREATE INDEX "visibility_entry_questions_day_idx" ON "visibility_entry_questions" USING btree ("day");--> statement-breakpoint
CREATE INDEX "visibility_impressions_day_idx" ON "visibility_impressions" USING btree ("day");--> statement-breakpoint
CREATE INDEX "visibility_rollups_30_idx" ON "visibility_rollups" USING btree ("impressions_30" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "visibility_rollups_90_idx" ON "visibility_rollups" USING btree ("impressions_90" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "visibility_segment_impressions_day_idx" ON "visibility_segment_impressions" USING btree ("day");--> statement-breakpoint
CREATE INDEX "visibility_visits_day_idx" ON "visibility_visits" USING btree ("day");