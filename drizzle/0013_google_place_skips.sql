CREATE TABLE "google_place_skips" (
	"place_id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"skipped_by" text,
	"skipped_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "google_place_skips" ADD CONSTRAINT "google_place_skips_skipped_by_users_id_fk" FOREIGN KEY ("skipped_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;