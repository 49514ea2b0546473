-- YouTube views that keep growing (issue 30): each video's counts are re-read at +1, +7 and +30 days
-- after publication, then every 29 days while a feed or saved coverage keeps it (YouTube API policy:
-- stored API data is refreshed or deleted within 30 days). docs/decisions.md "YouTube views re-read".
ALTER TABLE "youtube_videos" ADD COLUMN "views_at_found" bigint;--> statement-breakpoint
ALTER TABLE "youtube_videos" ADD COLUMN "stats_refreshed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "youtube_videos" ADD COLUMN "next_stats_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "youtube_videos" ADD COLUMN "removed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "saved_videos_youtube_video_idx" ON "saved_videos" USING btree ("youtube_video_id");--> statement-breakpoint
CREATE INDEX "youtube_videos_next_stats_idx" ON "youtube_videos" USING btree ("next_stats_at") WHERE next_stats_at is not null;--> statement-breakpoint
-- Videos already held: the views we have are the views as found; the next re-read is the first
-- window after their last read (a window already passed is due now, once).
UPDATE "youtube_videos" SET "views_at_found" = "views",
  "next_stats_at" = CASE
    WHEN coalesce("stats_fetched_at", "inserted_at") < "published_at" + interval '1 day' THEN "published_at" + interval '1 day'
    WHEN coalesce("stats_fetched_at", "inserted_at") < "published_at" + interval '7 days' THEN "published_at" + interval '7 days'
    WHEN coalesce("stats_fetched_at", "inserted_at") < "published_at" + interval '30 days' THEN "published_at" + interval '30 days'
    ELSE coalesce("stats_fetched_at", "inserted_at") + interval '29 days' END;
