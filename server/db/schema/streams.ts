import { sql } from 'drizzle-orm';
import { bigint, bigserial, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex, boolean } from 'drizzle-orm/pg-core';
import { organizations } from './accounts.js';
import { projects, tags } from './workspace.js';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * Twitch monitoring (feature `streams`). One Helix poll per game serves every feed watching that
 * game, across organizations; each feed's keyword is matched locally against what the poll brought.
 */

/** A game (category) that at least one feed watches, with the polling state of its Helix poll. */
export const twitchGames = pgTable(
  'twitch_games',
  {
    id: text('id').primaryKey(), // Helix game id
    name: text('name').notNull().default(''),
    boxArtUrl: text('box_art_url'),
    nextCheckAt: ts('next_check_at').notNull().defaultNow(),
    intervalSeconds: integer('interval_seconds').notNull().default(900),
    errorCount: integer('error_count').notNull().default(0),
    lastError: text('last_error'),
    lastCheckedAt: ts('last_checked_at'),
    lastSuccessAt: ts('last_success_at'),
    lastFound: integer('last_found').notNull().default(0),
    insertedAt: ts('inserted_at').notNull().defaultNow(),
  },
  (t) => [index('twitch_games_due_idx').on(t.nextCheckAt)],
);

/** Broadcasters seen in any feed: users and follower totals, cached. */
export const twitchChannels = pgTable('twitch_channels', {
  id: text('id').primaryKey(), // broadcaster (user) id
  login: text('login').notNull().default(''),
  displayName: text('display_name').notNull().default(''),
  profileImageUrl: text('profile_image_url'),
  language: text('language'),
  followers: bigint('followers', { mode: 'number' }),
  fetchedAt: ts('fetched_at'),
  insertedAt: ts('inserted_at').notNull().defaultNow(),
});

/**
 * Streams and videos (VODs) seen by any feed (shared data). A live stream is stored under its
 * stream id; the VOD it becomes carries both ids once Helix reports it.
 */
export const twitchItems = pgTable(
  'twitch_items',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** stream | video */
    kind: text('kind').notNull(),
    /** The stream id for a live stream, the video id for a video: unique per kind. */
    twitchId: text('twitch_id').notNull(),
    twitchVideoId: text('twitch_video_id'),
    twitchStreamId: text('twitch_stream_id'),
    broadcasterId: text('broadcaster_id').notNull(),
    gameId: text('game_id'),
    title: text('title').notNull().default(''),
    description: text('description').notNull().default(''),
    url: text('url'),
    thumbnailUrl: text('thumbnail_url'),
    viewCount: bigint('view_count', { mode: 'number' }).notNull().default(0),
    language: text('language'),
    duration: text('duration'),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    publishedAt: ts('published_at').notNull(),
    live: boolean('live').notNull().default(false),
    fetchedAt: ts('fetched_at').notNull().defaultNow(),
    insertedAt: ts('inserted_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('twitch_items_kind_id_idx').on(t.kind, t.twitchId), index('twitch_items_game_idx').on(t.gameId, t.publishedAt)],
);

/**
 * A project's Twitch feed (`projects.twitch_search_id` names it): keyword + game. An empty
 * keyword follows every live stream of the game (a game-wide feed); `min_viewers` keeps a
 * feed's streams to those with at least that many viewers when seen.
 */
export const twitchFeeds = pgTable(
  'twitch_feeds',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    keyword: text('keyword').notNull(),
    gameId: text('game_id')
      .notNull()
      .references(() => twitchGames.id, { onDelete: 'restrict' }),
    minViewers: integer('min_viewers'),
    isEnabled: boolean('is_enabled').notNull().default(true),
    slackWebhookUrl: text('slack_webhook_url'),
    slackMinFollowers: integer('slack_min_followers_notification'),
    discordWebhookUrl: text('discord_webhook_url'),
    discordMinFollowers: integer('discord_min_followers_notification'),
    latestPull: ts('latest_pull'),
    insertedAt: ts('inserted_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('twitch_feeds_project_idx').on(t.projectId),
    index('twitch_feeds_org_idx').on(t.organizationId),
    index('twitch_feeds_game_idx').on(t.gameId),
  ],
);

/** The streams and videos in a feed; `deleted` ones stay so no later poll brings them back. */
export const twitchFeedItems = pgTable(
  'twitch_feed_items',
  {
    feedId: integer('feed_id')
      .notNull()
      .references(() => twitchFeeds.id, { onDelete: 'cascade' }),
    itemId: bigint('item_id', { mode: 'number' })
      .notNull()
      .references(() => twitchItems.id, { onDelete: 'cascade' }),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    status: text('status').notNull().default('new'), // new | deleted
    insertedAt: ts('inserted_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.feedId, t.itemId] }), index('twitch_feed_items_item_idx').on(t.itemId)],
);

/** Saved coverage: streams and videos kept under a tag (a copy, editable). */
export const savedStreams = pgTable(
  'saved_streams',
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
    /** The Twitch video id, or `stream:<id>` for a live stream saved before its VOD existed. */
    twitchVideoId: text('twitch_video_id').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    followers: bigint('followers', { mode: 'number' }).notNull().default(0),
    viewCount: bigint('view_count', { mode: 'number' }).notNull().default(0),
    publishedAt: ts('published_at').notNull(),
    language: text('language'),
    broadcasterId: text('broadcaster_id'),
    broadcasterName: text('broadcaster_name').notNull().default(''),
    thumbnailUrl: text('thumbnail_url'),
    url: text('url'),
    insertedAt: ts('inserted_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('saved_streams_project_video_idx').on(t.projectId, t.twitchVideoId),
    index('saved_streams_org_project_idx').on(t.organizationId, t.projectId, t.publishedAt),
    index('saved_streams_tag_idx').on(t.tagId),
  ],
);
