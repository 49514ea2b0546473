import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { organizations } from './accounts.js';
import { projects, tags } from './workspace.js';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * YouTube monitoring (feature `videos`). Quota is the real limit (docs/decisions.md): one
 * search per normalised keyword serves every feed with that keyword, across organizations, and
 * channels that keep appearing are followed through their free Atom feed.
 */

/** One YouTube search per normalised keyword, shared by every feed that uses it; polling state on the row. */
export const youtubeSearches = pgTable(
  'youtube_searches',
  {
    id: serial('id').primaryKey(),
    /** The normalised `q` sent to search.list (typed names as phrases, lower case, single spaces). */
    query: text('query').notNull(),
    nextCheckAt: ts('next_check_at').notNull().defaultNow(),
    /** Adaptive: short while the keyword keeps finding new videos, up to the cap when it does not. */
    intervalSeconds: integer('interval_seconds').notNull().default(1800),
    /** Newest publishedAt seen: the next search asks only for what came after (minus a margin). */
    publishedAfter: ts('published_after'),
    errorCount: integer('error_count').notNull().default(0),
    lastError: text('last_error'),
    lastCheckedAt: ts('last_checked_at'),
    lastSuccessAt: ts('last_success_at'),
    /** New videos the last successful search brought (drives the adaptive interval). */
    lastFound: integer('last_found').notNull().default(0),
    insertedAt: ts('inserted_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('youtube_searches_query_idx').on(t.query), index('youtube_searches_due_idx').on(t.nextCheckAt)],
);

/** YouTube channels seen in any feed: a cache of channels.list, and the follow state of their Atom feed. */
export const youtubeChannels = pgTable(
  'youtube_channels',
  {
    id: text('id').primaryKey(), // UC…
    title: text('title').notNull().default(''),
    thumbnail: text('thumbnail'),
    customUrl: text('custom_url'),
    country: text('country'),
    language: text('language'),
    subscribers: bigint('subscribers', { mode: 'number' }),
    hiddenSubscribers: boolean('hidden_subscribers').notNull().default(false),
    /** When channels.list last answered for it (refreshed daily while it appears). */
    fetchedAt: ts('fetched_at'),
    /** Keyword-matching videos seen from this channel: a channel that keeps appearing is followed. */
    appearances: integer('appearances').notNull().default(0),
    followed: boolean('followed').notNull().default(false),
    feedNextCheckAt: ts('feed_next_check_at'),
    feedEtag: text('feed_etag'),
    feedLastModified: text('feed_last_modified'),
    feedErrorCount: integer('feed_error_count').notNull().default(0),
    feedLastError: text('feed_last_error'),
    feedLastSuccessAt: ts('feed_last_success_at'),
    websubSecret: text('websub_secret'),
    websubExpiresAt: ts('websub_expires_at'),
    insertedAt: ts('inserted_at').notNull().defaultNow(),
  },
  (t) => [
    index('youtube_channels_follow_due_idx')
      .on(t.feedNextCheckAt)
      .where(sql`${t.followed}`),
  ],
);

/** YouTube videos seen by any feed (shared data, like the article archive). */
export const youtubeVideos = pgTable(
  'youtube_videos',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    videoId: text('video_id').notNull(), // the 11-character YouTube id
    channelId: text('channel_id').notNull(),
    title: text('title').notNull().default(''),
    description: text('description').notNull().default(''),
    thumbnail: text('thumbnail'),
    publishedAt: ts('published_at').notNull(),
    views: bigint('views', { mode: 'number' }),
    likes: bigint('likes', { mode: 'number' }),
    comments: bigint('comments', { mode: 'number' }),
    language: text('language'),
    /** none | upcoming | live | completed */
    liveBroadcastContent: text('live_broadcast_content'),
    statsFetchedAt: ts('stats_fetched_at'),
    /** Views of the first videos.list read (the video as found): growth is measured from it. */
    viewsAtFound: bigint('views_at_found', { mode: 'number' }),
    /** The last scheduled re-read of the counts (stats.ts): +1, +7, +30 days after publication, then every 29 days while kept. */
    statsRefreshedAt: ts('stats_refreshed_at'),
    /** When the next re-read is due; null once the video is gone from YouTube. */
    nextStatsAt: ts('next_stats_at'),
    /** videos.list stopped answering for the id (deleted or made private on YouTube). */
    removedAt: ts('removed_at'),
    insertedAt: ts('inserted_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('youtube_videos_video_id_idx').on(t.videoId),
    index('youtube_videos_channel_idx').on(t.channelId, t.publishedAt),
    index('youtube_videos_next_stats_idx')
      .on(t.nextStatsAt)
      .where(sql`next_stats_at is not null`),
  ],
);

/** A project's YouTube feed (`projects.youtube_search_id` names it). */
export const youtubeFeeds = pgTable(
  'youtube_feeds',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    /** The keyword as the user typed it. */
    keyword: text('keyword').notNull(),
    searchId: integer('search_id')
      .notNull()
      .references(() => youtubeSearches.id, { onDelete: 'restrict' }),
    isEnabled: boolean('is_enabled').notNull().default(true),
    slackWebhookUrl: text('slack_webhook_url'),
    slackMinSubs: integer('slack_min_subs_notification'),
    discordWebhookUrl: text('discord_webhook_url'),
    discordMinSubs: integer('discord_min_subs_notification'),
    latestPull: ts('latest_pull'),
    insertedAt: ts('inserted_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('youtube_feeds_project_idx').on(t.projectId),
    index('youtube_feeds_org_idx').on(t.organizationId),
    index('youtube_feeds_search_idx').on(t.searchId),
  ],
);

/** The videos in a feed. A video the user deleted stays as `deleted` so no later poll brings it back. */
export const youtubeFeedVideos = pgTable(
  'youtube_feed_videos',
  {
    feedId: integer('feed_id')
      .notNull()
      .references(() => youtubeFeeds.id, { onDelete: 'cascade' }),
    videoId: bigint('video_id', { mode: 'number' })
      .notNull()
      .references(() => youtubeVideos.id, { onDelete: 'cascade' }),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    status: text('status').notNull().default('new'), // new | deleted
    /** search | channel (the free Atom feed or a WebSub push) | preview (kept from the creation preview) */
    foundVia: text('found_via').notNull().default('search'),
    insertedAt: ts('inserted_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.feedId, t.videoId] }), index('youtube_feed_videos_video_idx').on(t.videoId)],
);

/** Saved coverage: videos kept under a tag (a copy, editable, independent of the feed). */
export const savedVideos = pgTable(
  'saved_videos',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    tagId: integer('tag_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
    youtubeVideoId: text('youtube_video_id').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    views: bigint('views', { mode: 'number' }).notNull().default(0),
    thumbnail: text('thumbnail'),
    publishedAt: ts('published_at').notNull(),
    channelId: text('channel_id'),
    channelTitle: text('channel_title').notNull().default(''),
    channelThumbnail: text('channel_thumbnail'),
    channelCustomUrl: text('channel_custom_url'),
    channelSubscribers: bigint('channel_subscribers', { mode: 'number' }).notNull().default(0),
    channelLanguage: text('channel_language'),
    channelCountry: text('channel_country'),
    insertedAt: ts('inserted_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('saved_videos_project_video_idx').on(t.projectId, t.youtubeVideoId),
    index('saved_videos_org_project_idx').on(t.organizationId, t.projectId, t.publishedAt),
    index('saved_videos_tag_idx').on(t.tagId),
    /** The stats re-read asks whether any project still keeps a video (stats.ts). */
    index('saved_videos_youtube_video_idx').on(t.youtubeVideoId),
  ],
);

/**
 * YouTube quota spent per bucket and Pacific day (quota resets at midnight Pacific time):
 * `search` (search.list, its own bucket) and `default` (videos.list, channels.list, …).
 */
export const youtubeQuota = pgTable(
  'youtube_quota',
  {
    day: text('day').notNull(), // YYYY-MM-DD in America/Los_Angeles
    bucket: text('bucket').notNull(),
    units: integer('units').notNull().default(0),
    /** Set when YouTube answered quotaExceeded: nothing more is spent from this bucket until the reset. */
    exhaustedAt: ts('exhausted_at'),
  },
  (t) => [primaryKey({ columns: [t.day, t.bucket] })],
);
