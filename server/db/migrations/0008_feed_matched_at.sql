DROP INDEX "alert_articles_feed_idx";--> statement-breakpoint
DROP INDEX "alert_articles_reach_idx";--> statement-breakpoint
DROP INDEX "alert_articles_language_idx";--> statement-breakpoint
DROP INDEX "alert_articles_title_idx";--> statement-breakpoint
DROP INDEX "alert_articles_media_idx";--> statement-breakpoint
CREATE INDEX "alert_articles_feed_idx" ON "alert_articles" USING btree ("alert_id","pub_date","article_id","reach","language","is_metacritic","matched_at") WHERE "alert_articles"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "alert_articles_reach_idx" ON "alert_articles" USING btree ("alert_id","reach","pub_date","article_id","language","is_metacritic","matched_at") WHERE "alert_articles"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "alert_articles_language_idx" ON "alert_articles" USING btree ("alert_id","language","pub_date" DESC NULLS FIRST,"article_id" DESC NULLS FIRST,"reach","is_metacritic","matched_at") WHERE "alert_articles"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "alert_articles_title_idx" ON "alert_articles" USING btree ("alert_id","title_sort","pub_date" DESC NULLS FIRST,"article_id" DESC NULLS FIRST,"reach","language","is_metacritic","matched_at") WHERE "alert_articles"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "alert_articles_media_idx" ON "alert_articles" USING btree ("alert_id","media","pub_date" DESC NULLS FIRST,"article_id" DESC NULLS FIRST,"reach","language","is_metacritic","matched_at") WHERE "alert_articles"."deleted_at" is null;