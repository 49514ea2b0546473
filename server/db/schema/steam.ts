import { bigint, boolean, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * Steam apps some project follows (issue 31, docs/sources.md "Steam"): public data, read once per
 * app whatever the number of projects (of any organization) that name it. Written by
 * features/steam only; a project reads an app only through its own `steam_app_ids`.
 */
export const steamApps = pgTable(
  'steam_apps',
  {
    appId: bigint('app_id', { mode: 'number' }).primaryKey(),
    /** The store's name (appdetails); null until read. */
    name: text('name'),
    /** `pending`, `ok`, `not_found`, `error`, `rate_limited` (common/schemas/steam.ts). */
    state: text('state').notNull().default('pending'),
    message: text('message'),
    createdAt: ts('created_at').notNull().defaultNow(),
    /** The last time a project named it: apps no project has named for a while are no longer read. */
    wantedAt: ts('wanted_at').notNull().defaultNow(),
    detailsCheckedAt: ts('details_checked_at'),
    newsCheckedAt: ts('news_checked_at'),
    reviewsCheckedAt: ts('reviews_checked_at'),
    /** Not before this instant (Steam asked us to slow down, or a read failed: back-off). */
    retryAt: ts('retry_at'),
    failures: integer('failures').notNull().default(0),
    /** The newest review read: the next read stops once it reaches it. */
    newestReviewAt: ts('newest_review_at'),
    /** The oldest day whose reviews were read (the first read goes back STEAM_REVIEW_DAYS). */
    reviewsSince: ts('reviews_since'),
    /** Where the first read stopped when it ran out of pages: the next read goes on from here. */
    backfillCursor: text('backfill_cursor'),
    totalReviews: integer('total_reviews'),
    totalPositive: integer('total_positive'),
    reviewScoreDesc: text('review_score_desc'),
  },
  (t) => [index('steam_apps_wanted_idx').on(t.wantedAt)],
);

/** An app's news items (GetNewsForApp): announcements are chart events; press items link out to articles. */
export const steamNews = pgTable(
  'steam_news',
  {
    appId: bigint('app_id', { mode: 'number' })
      .notNull()
      .references(() => steamApps.appId, { onDelete: 'cascade' }),
    gid: text('gid').notNull(),
    title: text('title').notNull(),
    url: text('url').notNull(),
    author: text('author'),
    feedLabel: text('feed_label'),
    feedName: text('feed_name'),
    /** The developer's own post (Steam community announcements): an event. */
    announcement: boolean('announcement').notNull(),
    isExternal: boolean('is_external').notNull().default(false),
    publishedAt: ts('published_at').notNull(),
    /** A press item: the archive article it became (its outlet's address, after Steam's redirect); null until resolved. */
    articleUrl: text('article_url'),
    resolvedAt: ts('resolved_at'),
  },
  (t) => [primaryKey({ columns: [t.appId, t.gid] }), index('steam_news_app_date_idx').on(t.appId, t.publishedAt)],
);

/**
 * One row per review read (only what the daily figures need): the day's count and share positive
 * are counted from these, so reading a page twice never counts a review twice.
 */
export const steamReviews = pgTable(
  'steam_reviews',
  {
    appId: bigint('app_id', { mode: 'number' })
      .notNull()
      .references(() => steamApps.appId, { onDelete: 'cascade' }),
    recommendationId: bigint('recommendation_id', { mode: 'bigint' }).notNull(),
    createdAt: ts('created_at').notNull(),
    votedUp: boolean('voted_up').notNull(),
  },
  (t) => [primaryKey({ columns: [t.appId, t.recommendationId] }), index('steam_reviews_app_day_idx').on(t.appId, t.createdAt)],
);
