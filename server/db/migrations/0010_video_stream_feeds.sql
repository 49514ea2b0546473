CREATE TABLE "saved_streams" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"project_id" integer NOT NULL,
	"tag_id" integer NOT NULL,
	"twitch_video_id" text NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"followers" bigint DEFAULT 0 NOT NULL,
	"view_count" bigint DEFAULT 0 NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	"language" text,
	"broadcaster_id" text,
	"broadcaster_name" text DEFAULT '' NOT NULL,
	"thumbnail_url" text,
	"url" text,
	"inserted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "twitch_channels" (
	"id" text PRIMARY KEY NOT NULL,
	"login" text DEFAULT '' NOT NULL,
	"display_name" text DEFAULT '' NOT NULL,
	"profile_image_url" text,
	"language" text,
	"followers" bigint,
	"fetched_at" timestamp with time zone,
	"inserted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "twitch_feed_items" (
	"feed_id" integer NOT NULL,
	"item_id" bigint NOT NULL,
	"organization_id" integer NOT NULL,
	"status" text DEFAULT 'new' NOT NULL,
	"inserted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "twitch_feed_items_feed_id_item_id_pk" PRIMARY KEY("feed_id","item_id")
);
--> statement-breakpoint
CREATE TABLE "twitch_feeds" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"project_id" integer NOT NULL,
	"keyword" text NOT NULL,
	"game_id" text NOT NULL,
	"is_enabled" boolean DEFAULT true NOT NULL,
	"slack_webhook_url" text,
	"slack_min_followers_notification" integer,
	"discord_webhook_url" text,
	"discord_min_followers_notification" integer,
	"latest_pull" timestamp with time zone,
	"inserted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "twitch_games" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"box_art_url" text,
	"next_check_at" timestamp with time zone DEFAULT now() NOT NULL,
	"interval_seconds" integer DEFAULT 900 NOT NULL,
	"error_count" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"last_checked_at" timestamp with time zone,
	"last_success_at" timestamp with time zone,
	"last_found" integer DEFAULT 0 NOT NULL,
	"inserted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "twitch_items" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"twitch_id" text NOT NULL,
	"twitch_video_id" text,
	"twitch_stream_id" text,
	"broadcaster_id" text NOT NULL,
	"game_id" text,
	"title" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"url" text,
	"thumbnail_url" text,
	"view_count" bigint DEFAULT 0 NOT NULL,
	"language" text,
	"duration" text,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	"live" boolean DEFAULT false NOT NULL,
	"fetched_at" timestamp with time zone DEFAULT now() NOT NULL,
	"inserted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "saved_videos" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"project_id" integer NOT NULL,
	"tag_id" integer NOT NULL,
	"youtube_video_id" text NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"views" bigint DEFAULT 0 NOT NULL,
	"thumbnail" text,
	"published_at" timestamp with time zone NOT NULL,
	"channel_id" text,
	"channel_title" text DEFAULT '' NOT NULL,
	"channel_thumbnail" text,
	"channel_custom_url" text,
	"channel_subscribers" bigint DEFAULT 0 NOT NULL,
	"channel_language" text,
	"channel_country" text,
	"inserted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "youtube_channels" (
	"id" text PRIMARY KEY NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"thumbnail" text,
	"custom_url" text,
	"country" text,
	"language" text,
	"subscribers" bigint,
	"hidden_subscribers" boolean DEFAULT false NOT NULL,
	"fetched_at" timestamp with time zone,
	"appearances" integer DEFAULT 0 NOT NULL,
	"followed" boolean DEFAULT false NOT NULL,
	"feed_next_check_at" timestamp with time zone,
	"feed_etag" text,
	"feed_last_modified" text,
	"feed_error_count" integer DEFAULT 0 NOT NULL,
	"feed_last_error" text,
	"feed_last_success_at" timestamp with time zone,
	"websub_secret" text,
	"websub_expires_at" timestamp with time zone,
	"inserted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "youtube_feed_videos" (
	"feed_id" integer NOT NULL,
	"video_id" bigint NOT NULL,
	"organization_id" integer NOT NULL,
	"status" text DEFAULT 'new' NOT NULL,
	"found_via" text DEFAULT 'search' NOT NULL,
	"inserted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "youtube_feed_videos_feed_id_video_id_pk" PRIMARY KEY("feed_id","video_id")
);
--> statement-breakpoint
CREATE TABLE "youtube_feeds" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"project_id" integer NOT NULL,
	"keyword" text NOT NULL,
	"search_id" integer NOT NULL,
	"is_enabled" boolean DEFAULT true NOT NULL,
	"slack_webhook_url" text,
	"slack_min_subs_notification" integer,
	"discord_webhook_url" text,
	"discord_min_subs_notification" integer,
	"latest_pull" timestamp with time zone,
	"inserted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "youtube_quota" (
	"day" text NOT NULL,
	"bucket" text NOT NULL,
	"units" integer DEFAULT 0 NOT NULL,
	"exhausted_at" timestamp with time zone,
	CONSTRAINT "youtube_quota_day_bucket_pk" PRIMARY KEY("day","bucket")
);
--> statement-breakpoint
CREATE TABLE "youtube_searches" (
	"id" serial PRIMARY KEY NOT NULL,
	"query" text NOT NULL,
	"next_check_at" timestamp with time zone DEFAULT now() NOT NULL,
	"interval_seconds" integer DEFAULT 1800 NOT NULL,
	"published_after" timestamp with time zone,
	"error_count" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"last_checked_at" timestamp with time zone,
	"last_success_at" timestamp with time zone,
	"last_found" integer DEFAULT 0 NOT NULL,
	"inserted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "youtube_videos" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"video_id" text NOT NULL,
	"channel_id" text NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"thumbnail" text,
	"published_at" timestamp with time zone NOT NULL,
	"views" bigint,
	"likes" bigint,
	"comments" bigint,
	"language" text,
	"live_broadcast_content" text,
	"stats_fetched_at" timestamp with time zone,
	"inserted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notification_outbox" ALTER COLUMN "alert_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "notification_outbox" ALTER COLUMN "article_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "notification_outbox" ADD COLUMN "subject" text DEFAULT 'article' NOT NULL;--> statement-breakpoint
ALTER TABLE "notification_outbox" ADD COLUMN "source_id" integer;--> statement-breakpoint
ALTER TABLE "notification_outbox" ADD COLUMN "item_key" text;--> statement-breakpoint
ALTER TABLE "notification_outbox" ADD COLUMN "webhook_url" text;--> statement-breakpoint
ALTER TABLE "notification_outbox" ADD COLUMN "payload" jsonb;--> statement-breakpoint
ALTER TABLE "saved_streams" ADD CONSTRAINT "saved_streams_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_streams" ADD CONSTRAINT "saved_streams_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_streams" ADD CONSTRAINT "saved_streams_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "twitch_feed_items" ADD CONSTRAINT "twitch_feed_items_feed_id_twitch_feeds_id_fk" FOREIGN KEY ("feed_id") REFERENCES "public"."twitch_feeds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "twitch_feed_items" ADD CONSTRAINT "twitch_feed_items_item_id_twitch_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."twitch_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "twitch_feed_items" ADD CONSTRAINT "twitch_feed_items_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "twitch_feeds" ADD CONSTRAINT "twitch_feeds_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "twitch_feeds" ADD CONSTRAINT "twitch_feeds_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "twitch_feeds" ADD CONSTRAINT "twitch_feeds_game_id_twitch_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."twitch_games"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_videos" ADD CONSTRAINT "saved_videos_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_videos" ADD CONSTRAINT "saved_videos_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_videos" ADD CONSTRAINT "saved_videos_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "youtube_feed_videos" ADD CONSTRAINT "youtube_feed_videos_feed_id_youtube_feeds_id_fk" FOREIGN KEY ("feed_id") REFERENCES "public"."youtube_feeds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "youtube_feed_videos" ADD CONSTRAINT "youtube_feed_videos_video_id_youtube_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."youtube_videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "youtube_feed_videos" ADD CONSTRAINT "youtube_feed_videos_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "youtube_feeds" ADD CONSTRAINT "youtube_feeds_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "youtube_feeds" ADD CONSTRAINT "youtube_feeds_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "youtube_feeds" ADD CONSTRAINT "youtube_feeds_search_id_youtube_searches_id_fk" FOREIGN KEY ("search_id") REFERENCES "public"."youtube_searches"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "saved_streams_project_video_idx" ON "saved_streams" USING btree ("project_id","twitch_video_id");--> statement-breakpoint
CREATE INDEX "saved_streams_org_project_idx" ON "saved_streams" USING btree ("organization_id","project_id","published_at");--> statement-breakpoint
CREATE INDEX "saved_streams_tag_idx" ON "saved_streams" USING btree ("tag_id");--> statement-breakpoint
CREATE INDEX "twitch_feed_items_item_idx" ON "twitch_feed_items" USING btree ("item_id");--> statement-breakpoint
CREATE UNIQUE INDEX "twitch_feeds_project_idx" ON "twitch_feeds" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "twitch_feeds_org_idx" ON "twitch_feeds" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "twitch_feeds_game_idx" ON "twitch_feeds" USING btree ("game_id");--> statement-breakpoint
CREATE INDEX "twitch_games_due_idx" ON "twitch_games" USING btree ("next_check_at");--> statement-breakpoint
CREATE UNIQUE INDEX "twitch_items_kind_id_idx" ON "twitch_items" USING btree ("kind","twitch_id");--> statement-breakpoint
CREATE INDEX "twitch_items_game_idx" ON "twitch_items" USING btree ("game_id","published_at");--> statement-breakpoint
CREATE UNIQUE INDEX "saved_videos_project_video_idx" ON "saved_videos" USING btree ("project_id","youtube_video_id");--> statement-breakpoint
CREATE INDEX "saved_videos_org_project_idx" ON "saved_videos" USING btree ("organization_id","project_id","published_at");--> statement-breakpoint
CREATE INDEX "saved_videos_tag_idx" ON "saved_videos" USING btree ("tag_id");--> statement-breakpoint
CREATE INDEX "youtube_channels_follow_due_idx" ON "youtube_channels" USING btree ("feed_next_check_at") WHERE "youtube_channels"."followed";--> statement-breakpoint
CREATE INDEX "youtube_feed_videos_video_idx" ON "youtube_feed_videos" USING btree ("video_id");--> statement-breakpoint
CREATE UNIQUE INDEX "youtube_feeds_project_idx" ON "youtube_feeds" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "youtube_feeds_org_idx" ON "youtube_feeds" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "youtube_feeds_search_idx" ON "youtube_feeds" USING btree ("search_id");--> statement-breakpoint
CREATE UNIQUE INDEX "youtube_searches_query_idx" ON "youtube_searches" USING btree ("query");--> statement-breakpoint
CREATE INDEX "youtube_searches_due_idx" ON "youtube_searches" USING btree ("next_check_at");--> statement-breakpoint
CREATE UNIQUE INDEX "youtube_videos_video_id_idx" ON "youtube_videos" USING btree ("video_id");--> statement-breakpoint
CREATE INDEX "youtube_videos_channel_idx" ON "youtube_videos" USING btree ("channel_id","published_at");--> statement-breakpoint
CREATE UNIQUE INDEX "notification_outbox_media_once_idx" ON "notification_outbox" USING btree ("subject","source_id","item_key","channel") WHERE "notification_outbox"."subject" <> 'article';