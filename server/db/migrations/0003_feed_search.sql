-- btree_gin lets one GIN index hold the alert id next to the search vector (a trusted extension).
CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
ALTER TABLE "alert_articles" ADD COLUMN "search" "tsvector" DEFAULT ''::tsvector NOT NULL;--> statement-breakpoint
UPDATE "alert_articles" aa SET "search" = a."search" FROM "articles" a WHERE a."id" = aa."article_id";--> statement-breakpoint
CREATE INDEX "alert_articles_search_idx" ON "alert_articles" USING gin ("alert_id","search") WHERE "alert_articles"."deleted_at" is null;
