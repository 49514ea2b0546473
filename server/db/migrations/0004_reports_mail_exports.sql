CREATE TABLE "exports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token" text NOT NULL,
	"organization_id" integer NOT NULL,
	"user_id" integer,
	"kind" text NOT NULL,
	"params" jsonb NOT NULL,
	"to_email" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"row_count" integer,
	"file_key" text,
	"error" text,
	"inserted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"expires_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"organization_id" integer,
	"user_id" integer,
	"to_address" text NOT NULL,
	"subject" text NOT NULL,
	"text_body" text NOT NULL,
	"html_body" text,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"sent_at" timestamp with time zone,
	"inserted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_highlights" (
	"report_id" text NOT NULL,
	"saved_article_id" integer NOT NULL,
	"position" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "report_highlights_report_id_saved_article_id_pk" PRIMARY KEY("report_id","saved_article_id")
);
--> statement-breakpoint
CREATE TABLE "reports" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"project_id" integer NOT NULL,
	"name" text NOT NULL,
	"description_html" text DEFAULT '' NOT NULL,
	"section1_title" text DEFAULT '' NOT NULL,
	"section1_subtitle" text DEFAULT '' NOT NULL,
	"section2_title" text DEFAULT '' NOT NULL,
	"section2_subtitle" text DEFAULT '' NOT NULL,
	"table_type" smallint DEFAULT 0 NOT NULL,
	"table_template" text DEFAULT '{{title}} | {{score}}' NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"date_start" timestamp with time zone NOT NULL,
	"date_end" timestamp with time zone NOT NULL,
	"tags_id" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"tags_not" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"languages" text[] DEFAULT '{}'::text[] NOT NULL,
	"languages_not" text[] DEFAULT '{}'::text[] NOT NULL,
	"videos" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"saved_streams" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"total_articles" integer DEFAULT 0 NOT NULL,
	"total_reach" real DEFAULT 0 NOT NULL,
	"created_by" integer,
	"inserted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "screenshots" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"saved_article_id" integer NOT NULL,
	"article_url" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"source" text,
	"image_key" text,
	"content_type" text,
	"error" text,
	"inserted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "websites" ADD COLUMN "is_ea" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "exports" ADD CONSTRAINT "exports_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exports" ADD CONSTRAINT "exports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_highlights" ADD CONSTRAINT "report_highlights_report_id_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_highlights" ADD CONSTRAINT "report_highlights_saved_article_id_saved_articles_id_fk" FOREIGN KEY ("saved_article_id") REFERENCES "public"."saved_articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "screenshots" ADD CONSTRAINT "screenshots_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "screenshots" ADD CONSTRAINT "screenshots_saved_article_id_saved_articles_id_fk" FOREIGN KEY ("saved_article_id") REFERENCES "public"."saved_articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "exports_token_idx" ON "exports" USING btree ("token");--> statement-breakpoint
CREATE INDEX "exports_org_idx" ON "exports" USING btree ("organization_id","inserted_at");--> statement-breakpoint
CREATE INDEX "mail_outbox_org_idx" ON "mail_outbox" USING btree ("organization_id","inserted_at");--> statement-breakpoint
CREATE INDEX "mail_outbox_status_idx" ON "mail_outbox" USING btree ("status");--> statement-breakpoint
CREATE INDEX "reports_org_project_idx" ON "reports" USING btree ("organization_id","project_id","inserted_at");--> statement-breakpoint
CREATE UNIQUE INDEX "screenshots_saved_article_idx" ON "screenshots" USING btree ("saved_article_id");--> statement-breakpoint
CREATE INDEX "screenshots_org_idx" ON "screenshots" USING btree ("organization_id");