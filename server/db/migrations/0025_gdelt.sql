-- GDELT discovery (issue 31, docs/sources.md "GDELT"): the distinct GDELT queries the alerts translate to (one request
-- per distinct query across organizations), each alert's translation, the requests sent (kept a day), how an alert feed
-- row was found (`matched_by`: feed | gdelt) and the website suggestions GDELT makes (`source`, `articles`).
CREATE TABLE "gdelt_alerts" (
	"alert_id" integer PRIMARY KEY NOT NULL,
	"keywords" text NOT NULL,
	"query_id" integer,
	"exact" boolean DEFAULT true NOT NULL,
	"reason" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gdelt_queries" (
	"id" serial PRIMARY KEY NOT NULL,
	"query" text NOT NULL,
	"state" text DEFAULT 'new' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_searched_at" timestamp with time zone,
	"last_seen_at" timestamp with time zone,
	"last_error" text,
	"last_results" integer DEFAULT 0 NOT NULL,
	"articles_found" integer DEFAULT 0 NOT NULL,
	"backfill" boolean DEFAULT true NOT NULL,
	CONSTRAINT "gdelt_queries_query_unique" UNIQUE("query")
);
--> statement-breakpoint
CREATE TABLE "gdelt_requests" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"query_id" integer,
	"outcome" text NOT NULL,
	"results" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "alert_articles" ADD COLUMN "matched_by" text DEFAULT 'feed' NOT NULL;--> statement-breakpoint
ALTER TABLE "website_suggestions" ADD COLUMN "source" text DEFAULT 'person' NOT NULL;--> statement-breakpoint
ALTER TABLE "website_suggestions" ADD COLUMN "articles" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "gdelt_alerts" ADD CONSTRAINT "gdelt_alerts_alert_id_alerts_id_fk" FOREIGN KEY ("alert_id") REFERENCES "public"."alerts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gdelt_alerts" ADD CONSTRAINT "gdelt_alerts_query_id_gdelt_queries_id_fk" FOREIGN KEY ("query_id") REFERENCES "public"."gdelt_queries"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gdelt_requests" ADD CONSTRAINT "gdelt_requests_query_id_gdelt_queries_id_fk" FOREIGN KEY ("query_id") REFERENCES "public"."gdelt_queries"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "gdelt_alerts_query_idx" ON "gdelt_alerts" USING btree ("query_id");--> statement-breakpoint
CREATE INDEX "gdelt_queries_due_idx" ON "gdelt_queries" USING btree ("last_searched_at");--> statement-breakpoint
CREATE INDEX "gdelt_requests_at_idx" ON "gdelt_requests" USING btree ("at");--> statement-breakpoint
CREATE INDEX "gdelt_requests_refusals_idx" ON "gdelt_requests" USING btree ("at") WHERE outcome = 'rate_limited';