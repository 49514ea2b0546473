DROP INDEX "alert_articles_feed_idx";--> statement-breakpoint
ALTER TABLE "alert_articles" ADD COLUMN "title_sort" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "alert_articles" ADD COLUMN "media" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- Backfill the copied sort keys of existing feed rows (as server/features/articles-feed/sort-columns.ts
-- computes them), before the new indexes exist so the update does not maintain them row by row.
UPDATE "alert_articles" aa SET "title_sort" = left(lower(a."title"), 100),
  "media" = coalesce(w."domain", substring(a."url" from '^[a-zA-Z]+://(?:www\.)?([^/:?#]+)'), '')
  FROM "articles" a LEFT JOIN "websites" w ON w."id" = a."website_id"
  WHERE a."id" = aa."article_id";--> statement-breakpoint
CREATE INDEX "alert_articles_reach_idx" ON "alert_articles" USING btree ("alert_id","reach","pub_date","article_id","language","is_metacritic") WHERE "alert_articles"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "alert_articles_language_idx" ON "alert_articles" USING btree ("alert_id","language","pub_date" DESC NULLS FIRST,"article_id" DESC NULLS FIRST,"reach","is_metacritic") WHERE "alert_articles"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "alert_articles_title_idx" ON "alert_articles" USING btree ("alert_id","title_sort","pub_date" DESC NULLS FIRST,"article_id" DESC NULLS FIRST,"reach","language","is_metacritic") WHERE "alert_articles"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "alert_articles_media_idx" ON "alert_articles" USING btree ("alert_id","media","pub_date" DESC NULLS FIRST,"article_id" DESC NULLS FIRST,"reach","language","is_metacritic") WHERE "alert_articles"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "alert_articles_feed_idx" ON "alert_articles" USING btree ("alert_id","pub_date","article_id","reach","language","is_metacritic") WHERE "alert_articles"."deleted_at" is null;