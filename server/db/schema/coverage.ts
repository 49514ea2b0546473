import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { organizations, users } from './accounts.js';
import { articleKeys, tsvector } from './archive.js';
import { websites } from './outlets.js';
import { projects, tags } from './workspace.js';

/**
 * Coverage: the outlets and their feeds (outlets.ts), the article archive (archive.ts), and here
 * what organizations keep of it — alerts and their feeds, saved coverage, the notification outbox.
 * Every coverage table is imported from this file.
 */
export * from './outlets.js';
export * from './archive.js';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** A keyword alert of a project, matched against every new article. `projects.alert_id` links its first; plans with multiple alerts (`max_alerts_per_project`) allow more. */
export const alerts = pgTable(
  'alerts',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    keywords: text('keywords').notNull(),
    minReach: real('min_reach').notNull().default(0.1),
    slackTracking: boolean('slack_tracking').notNull().default(false),
    slackChannelId: text('slack_channel_id'),
    slackChannelName: text('slack_channel_name'),
    slackWebhookUrl: text('slack_webhook_url'),
    discordWebhookUrl: text('discord_webhook_url'),
    active: boolean('active').notNull().default(true),
    /** When matching last added articles to this alert's feed (the feed's "Last run was …"). */
    lastRunAt: ts('last_run_at'),
    insertedAt: ts('inserted_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('alerts_org_idx').on(t.organizationId), index('alerts_project_idx').on(t.projectId)],
);

/**
 * An alert's articles feed: one row per (alert, article). Sort and filter columns are copied
 * from the article so the feed list is answered from this table's index alone.
 */
export const alertArticles = pgTable(
  'alert_articles',
  {
    alertId: integer('alert_id')
      .notNull()
      .references(() => alerts.id, { onDelete: 'cascade' }),
    articleId: bigint('article_id', { mode: 'number' })
      .notNull()
      .references(() => articleKeys.articleId, { onDelete: 'cascade' }),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    pubDate: ts('pub_date').notNull(),
    reach: real('reach').notNull(),
    language: text('language').notNull(),
    isMetacritic: boolean('is_metacritic').notNull().default(false),
    /** The title's sort key: lower(title), first FEED_TITLE_SORT_CHARS characters (feedSortColumns). */
    titleSort: text('title_sort').notNull().default(''),
    /** The media shown and sorted on: the website's domain, else the URL's host without www. */
    media: text('media').notNull().default(''),
    /**
     * The article's search vector, copied at match time: the feed's search box is answered by
     * one GIN index over (alert_id, search) (btree_gin) instead of testing every feed row's
     * article — an exact count of a common word over 100,000 matches in milliseconds.
     */
    search: tsvector('search')
      .notNull()
      .default(sql`''::tsvector`),
    matchedAt: ts('matched_at').notNull().defaultNow(),
    /** Deleted from the feed by a user: hidden, and never matched again. */
    deletedAt: ts('deleted_at'),
    /** How the article reached the feed: `feed` (the crawler's feeds) or `gdelt` (GDELT discovery, issue 31). */
    matchedBy: text('matched_by').notNull().default('feed'),
    /**
     * The article's story as this organization sees it (issue 32): null while the story has one
     * copy in the archive (the article is its own story); else the story's id, with the
     * organization's merges and splits (story_edits) applied. The feed collapses on it.
     */
    storyId: bigint('story_id', { mode: 'number' }),
  },
  (t) => {
    // One index per sort key of the feed list, each led by (alert_id, key) in the list's order
    // (key, then newest first) and ending with every filter column and matched_at, so any page
    // (every feed column the list shows) and any filtered count is an index-only scan of one
    // alert's entries (docs/decisions.md, issue 3).
    const visible = sql`${t.deletedAt} is null`;
    const filterCols = [t.reach, t.language, t.isMetacritic, t.matchedAt] as const;
    return [
      primaryKey({ columns: [t.alertId, t.articleId] }),
      index('alert_articles_feed_idx')
        .on(t.alertId, t.pubDate, t.articleId, ...filterCols)
        .where(visible),
      index('alert_articles_reach_idx').on(t.alertId, t.reach, t.pubDate, t.articleId, t.language, t.isMetacritic, t.matchedAt).where(visible),
      index('alert_articles_language_idx')
        .on(t.alertId, t.language, t.pubDate.desc().nullsFirst(), t.articleId.desc().nullsFirst(), t.reach, t.isMetacritic, t.matchedAt)
        .where(visible),
      index('alert_articles_title_idx')
        .on(t.alertId, t.titleSort, t.pubDate.desc().nullsFirst(), t.articleId.desc().nullsFirst(), ...filterCols)
        .where(visible),
      index('alert_articles_media_idx')
        .on(t.alertId, t.media, t.pubDate.desc().nullsFirst(), t.articleId.desc().nullsFirst(), ...filterCols)
        .where(visible),
      index('alert_articles_search_idx').using('gin', t.alertId, t.search).where(visible),
      // An article's feed rows, wherever they are: a new score of its outlet reaches them (features/reach's
      // rescoring) without reading every feed, and deleting an archive article finds its rows.
      index('alert_articles_article_idx').on(t.articleId),
      // A story's copies in one feed (collapse, expand, "+N outlets"): only rows of stories with copies have an entry.
      index('alert_articles_story_idx')
        .on(t.alertId, t.storyId, t.pubDate, t.articleId)
        .where(sql`${t.storyId} is not null and ${t.deletedAt} is null`),
    ];
  },
);

/**
 * The size of each alert's visible feed, as a sum of deltas: statement-level triggers on
 * alert_articles append one row per alert per statement (migration 0005), so the unfiltered
 * total of a feed is a sum over a few rows instead of counting 100,000 index entries, and
 * concurrent ingests never wait on each other (appends, no row locks). Housekeeping folds an
 * alert's rows into one (compactAlertFeedCounts).
 */
/**
 * An organization's corrections of the archive's stories (issue 32, features/stories): the
 * article now belongs to `story_id` for this organization alone — a split (`story_id` = the
 * article's own id) or a merge (every copy of the merged story, its lead included, pointing at the
 * other story). New copies of a story whose lead has an edit follow it at ingest.
 */
export const storyEdits = pgTable(
  'story_edits',
  {
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    articleId: bigint('article_id', { mode: 'number' })
      .notNull()
      .references(() => articleKeys.articleId, { onDelete: 'cascade' }),
    storyId: bigint('story_id', { mode: 'number' }).notNull(),
    editedBy: integer('edited_by').references(() => users.id, { onDelete: 'set null' }),
    editedAt: ts('edited_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.articleId] }), index('story_edits_story_idx').on(t.organizationId, t.storyId)],
);

export const alertFeedCounts = pgTable(
  'alert_feed_counts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    alertId: integer('alert_id')
      .notNull()
      .references(() => alerts.id, { onDelete: 'cascade' }),
    delta: integer('delta').notNull(),
  },
  (t) => [index('alert_feed_counts_alert_idx').on(t.alertId)],
);

/** Saved coverage (the API's `articles`): an article kept under a project's tag. */
export const savedArticles = pgTable(
  'saved_articles',
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
    articleId: bigint('article_id', { mode: 'number' }).references(() => articleKeys.articleId, { onDelete: 'set null' }),
    urlKey: text('url_key').notNull(),
    url: text('url').notNull(),
    fullUrl: text('full_url').notNull(),
    title: text('title').notNull(),
    description: text('description'),
    image: text('image'),
    language: text('language').notNull().default('unknown'),
    reach: real('reach').notNull().default(0.1),
    /** The score was typed by a person: a new score of the outlet leaves it alone. */
    reachManual: boolean('reach_manual').notNull().default(false),
    date: ts('date').notNull(),
    websiteId: integer('website_id').references(() => websites.id, { onDelete: 'set null' }),
    muv: bigint('muv', { mode: 'number' }),
    estimatedViews: integer('estimated_views'),
    isMetacritic: boolean('is_metacritic').notNull().default(false),
    source: smallint('source').notNull().default(0),
    locked: boolean('locked').notNull().default(false),
    insertedAt: ts('inserted_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('saved_articles_project_url_idx').on(t.projectId, t.urlKey),
    index('saved_articles_org_project_idx').on(t.organizationId, t.projectId, t.date),
    index('saved_articles_tag_idx').on(t.tagId),
    // A new score of an outlet reaches its saved coverage (features/reach's rescoring).
    index('saved_articles_website_idx').on(t.websiteId),
  ],
);

/**
 * Webhook deliveries (Slack, Discord) waiting to go out, written in the same transaction as the
 * matches they announce. An article row: one per (alert, article, channel), an article is
 * announced once. A video or stream row (`subject`): one per (subject, feed, item, channel),
 * carrying its message (`payload`) and destination (`webhook_url`) as the feed had them when
 * the item arrived.
 */
export const notificationOutbox = pgTable(
  'notification_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    /** article | video | stream */
    subject: text('subject').notNull().default('article'),
    alertId: integer('alert_id').references(() => alerts.id, { onDelete: 'cascade' }),
    articleId: bigint('article_id', { mode: 'number' }).references(() => articleKeys.articleId, { onDelete: 'cascade' }),
    /** For videos and streams: the YouTube or Twitch feed id, and the item's id (YouTube video id, Twitch item id). */
    sourceId: integer('source_id'),
    itemKey: text('item_key'),
    webhookUrl: text('webhook_url'),
    payload: jsonb('payload').$type<Record<string, unknown>>(),
    channel: text('channel').notNull(), // slack | discord
    status: text('status').notNull().default('pending'), // pending | sending | sent | failed
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: ts('next_attempt_at').notNull().defaultNow(),
    lastError: text('last_error'),
    /**
     * Set, and committed, just before the message carrying this row is posted; cleared by the next
     * claim. A row a dead sender left `sending` with it set may have reached the channel: it is the
     * only kind of row a crash can announce twice (docs/decisions.md, "Delivery after a crash").
     */
    postStartedAt: ts('post_started_at'),
    sentAt: ts('sent_at'),
    insertedAt: ts('inserted_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('notification_outbox_once_idx').on(t.alertId, t.articleId, t.channel),
    uniqueIndex('notification_outbox_media_once_idx')
      .on(t.subject, t.sourceId, t.itemKey, t.channel)
      .where(sql`${t.subject} <> 'article'`),
    index('notification_outbox_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} in ('pending', 'sending')`),
  ],
);
