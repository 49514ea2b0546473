-- Game-wide Twitch feeds (an empty keyword follows every live stream of the game; min_viewers keeps
-- the ones that matter) and live viewer metrics: one row per Helix stream id with its running totals,
-- and the samples a chart needs (compacted once the stream ends). docs/decisions.md "Twitch viewer metrics".
CREATE TABLE "twitch_stream_samples" (
	"stream_id" text NOT NULL,
	"sampled_at" timestamp with time zone NOT NULL,
	"viewers" integer NOT NULL,
	CONSTRAINT "twitch_stream_samples_stream_id_sampled_at_pk" PRIMARY KEY("stream_id","sampled_at")
);
--> statement-breakpoint
CREATE TABLE "twitch_stream_stats" (
	"stream_id" text PRIMARY KEY NOT NULL,
	"game_id" text NOT NULL,
	"broadcaster_id" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"first_sample_at" timestamp with time zone NOT NULL,
	"last_sample_at" timestamp with time zone NOT NULL,
	"last_viewers" integer NOT NULL,
	"peak_viewers" integer NOT NULL,
	"peak_at" timestamp with time zone NOT NULL,
	"viewer_ms" bigint DEFAULT 0 NOT NULL,
	"covered_ms" bigint DEFAULT 0 NOT NULL,
	"samples" integer DEFAULT 0 NOT NULL,
	"ended_at" timestamp with time zone,
	"compacted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "twitch_feeds" ADD COLUMN "min_viewers" integer;--> statement-breakpoint
ALTER TABLE "twitch_stream_samples" ADD CONSTRAINT "twitch_stream_samples_stream_id_twitch_stream_stats_stream_id_fk" FOREIGN KEY ("stream_id") REFERENCES "public"."twitch_stream_stats"("stream_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "twitch_stream_stats_live_idx" ON "twitch_stream_stats" USING btree ("game_id") WHERE ended_at is null;--> statement-breakpoint
CREATE INDEX "twitch_stream_stats_broadcaster_idx" ON "twitch_stream_stats" USING btree ("broadcaster_id");