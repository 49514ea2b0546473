-- The morning page (issue 32): stories instead of copies (articles.story_id set at ingest,
-- alert_articles.story_id as each organization sees it, story_edits for its merges and splits, and
-- story_keys: the last days' LSH band keys the ingest reads — UNLOGGED, it is rebuilt by new
-- ingests after a crash and costs no WAL), the projects' competitors (the overview's share of
-- voice) and spike alert settings, and the spikes found (spike_alerts: once per project and window).
CREATE UNLOGGED TABLE "story_keys" (
	"article_id" bigint PRIMARY KEY NOT NULL,
	"pub_date" timestamp with time zone NOT NULL,
	"story_id" bigint NOT NULL,
	"website_id" integer,
	"keys" bigint[] NOT NULL
);
--> statement-breakpoint
CREATE TABLE "story_edits" (
	"organization_id" integer NOT NULL,
	"article_id" bigint NOT NULL,
	"story_id" bigint NOT NULL,
	"edited_by" integer,
	"edited_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "story_edits_organization_id_article_id_pk" PRIMARY KEY("organization_id","article_id")
);
--> statement-breakpoint
CREATE TABLE "spike_alerts" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"project_id" integer NOT NULL,
	"window" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"matches" integer NOT NULL,
	"baseline" real NOT NULL,
	"factor" real NOT NULL,
	"stories" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"emailed_at" timestamp with time zone,
	"inserted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "story_id" bigint;--> statement-breakpoint
ALTER TABLE "alert_articles" ADD COLUMN "story_id" bigint;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "competitors" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "spike_enabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "spike_window" text DEFAULT 'day' NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "spike_factor" real DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "spike_min_matches" integer DEFAULT 10 NOT NULL;--> statement-breakpoint
ALTER TABLE "story_edits" ADD CONSTRAINT "story_edits_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "story_edits" ADD CONSTRAINT "story_edits_article_id_article_keys_article_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."article_keys"("article_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "story_edits" ADD CONSTRAINT "story_edits_edited_by_users_id_fk" FOREIGN KEY ("edited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spike_alerts" ADD CONSTRAINT "spike_alerts_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spike_alerts" ADD CONSTRAINT "spike_alerts_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "story_edits_story_idx" ON "story_edits" USING btree ("organization_id","story_id");--> statement-breakpoint
CREATE UNIQUE INDEX "spike_alerts_once_idx" ON "spike_alerts" USING btree ("project_id","window","window_start");--> statement-breakpoint
CREATE INDEX "spike_alerts_org_idx" ON "spike_alerts" USING btree ("organization_id","inserted_at");--> statement-breakpoint
CREATE INDEX "alert_articles_story_idx" ON "alert_articles" USING btree ("alert_id","story_id","pub_date","article_id") WHERE "alert_articles"."story_id" is not null and "alert_articles"."deleted_at" is null;