import { sql } from 'drizzle-orm';
import { bigint, boolean, customType, index, integer, jsonb, pgTable, real, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts.js';

/**
 * The outlets and their feeds: websites (shared by every organization, managed by the platform
 * operator), what is known about them, and the feeds the crawler polls. coverage.ts re-exports
 * these, so `schema/coverage.js` stays the one import of the coverage tables.
 */

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Media types (News, Blog, Gaming site, …): a reference list. */
export const mediatypes = pgTable('mediatypes', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
});

/** A media outlet. Shared by every organization; managed by the platform operator. */
export const websites = pgTable('websites', {
  id: serial('id').primaryKey(),
  domain: text('domain').notNull().unique(), // lower-case host without www.
  name: text('name'),
  avatar: text('avatar'),
  /** Media score 0.1–10 (the API's `reach`). Derived from the traffic ranking unless a person typed it. */
  reach: real('reach').notNull().default(0.1),
  /**
   * Where the score comes from (REACH_SOURCES): `ranking` (the rank in the current list,
   * common/media-score.ts), `default` (0.1: the domain is not in the list, or no list yet) or
   * `manual` (typed by a person — kept across imports; who and when below).
   */
  reachSource: text('reach_source').notNull().default('default'),
  reachSetBy: integer('reach_set_by').references(() => users.id, { onDelete: 'set null' }),
  reachSetAt: ts('reach_set_at'),
  /** Monthly unique visitors (the API's `muv`): visits over the last 30 days. */
  muv: bigint('muv', { mode: 'number' }),
  /** Where `muv` comes from (MUV_SOURCES): `similarweb`, `estimate` (from the rank) or `manual`; null while unknown. */
  muvSource: text('muv_source'),
  /** The rank of the website's registrable domain in the ranking list `rankListId`, or null when unranked. */
  rank: integer('rank'),
  rankListId: integer('rank_list_id'),
  /** The last SimilarWeb lookup: its state (TRAFFIC_STATES), a sentence when it failed, and when. */
  trafficState: text('traffic_state'),
  trafficError: text('traffic_error'),
  trafficCheckedAt: ts('traffic_checked_at'),
  language: text('language').notNull().default('unknown'),
  mediatypeId: integer('mediatype_id').references(() => mediatypes.id, { onDelete: 'set null' }),
  isMetacritic: boolean('is_metacritic').notNull().default(false),
  /**
   * On the EA outlet list: the outlets the regional-filters organization (legacy org 17, a game
   * publisher) tracks as its priority press. Its articles feed can show these alone (`ea_only`).
   */
  isEa: boolean('is_ea').notNull().default(false),
  /** Monthly desktop visits by country: [{country_code_iso, visits}]. */
  geography: jsonb('geography').$type<{ country_code_iso: string; visits: number }[]>().notNull().default([]),
  /** Topic categories with a 0–1 score: [{category, month, score}]. */
  categories: jsonb('categories').$type<{ category: string; month: string; score: number }[]>().notNull().default([]),
  /** ISO 3166-1 alpha-2 of the outlet's home market. */
  country: text('country'),
  /** The outlet directory's category (games, tech, esports, …: common/schemas/sources.ts). */
  category: text('category'),
  /** The source pack the outlet belongs to (an outlet of the shipped directory), else null. */
  packId: text('pack_id'),
  /**
   * What the shipped directory last wrote to this row (name, language, country, media type,
   * category, source, written), or null for an outlet the directory does not list. A later
   * release updates a field only while it still holds this value: an operator's edit wins.
   */
  directory: jsonb('directory').$type<Record<string, unknown>>(),
  insertedAt: ts('inserted_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/**
 * A website's icon, fetched once on the server (features/websites/icons.ts) and served from our
 * origin, so readers' browsers never call the outlets. Apart from `websites` so that no list
 * query drags the bytes along. A row exists once a fetch was tried; polling state as on feeds.
 */
export const websiteIcons = pgTable(
  'website_icons',
  {
    websiteId: integer('website_id')
      .primaryKey()
      .references(() => websites.id, { onDelete: 'cascade' }),
    /** A small PNG (at most 64×64), or null while none could be had. */
    png: bytea('png'),
    /** Where it came from (the <link rel=icon> or /favicon.ico), for the operator. */
    sourceUrl: text('source_url'),
    checkedAt: ts('checked_at').notNull().defaultNow(),
    errorCount: integer('error_count').notNull().default(0),
    lastError: text('last_error'),
    /** When to try again (backing off after failures) or refresh. */
    nextCheckAt: ts('next_check_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('website_icons_due_idx').on(t.nextCheckAt)],
);

export const websiteAuthors = pgTable(
  'website_authors',
  {
    id: serial('id').primaryKey(),
    websiteId: integer('website_id')
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    author: text('author').notNull(),
    articlesCount: integer('articles_count').notNull().default(0),
    lastSeenAt: ts('last_seen_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('website_authors_name_idx').on(t.websiteId, t.author)],
);

export const websiteSocialAccounts = pgTable(
  'website_social_accounts',
  {
    id: serial('id').primaryKey(),
    websiteId: integer('website_id')
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    network: text('network').notNull().default('twitter'),
    username: text('username').notNull(),
  },
  (t) => [uniqueIndex('website_social_accounts_idx').on(t.websiteId, t.network, t.username)],
);

/**
 * A website's feed and its polling state (GUIDE §4.5): the crawler reads and writes only here.
 * `type` 0 = RSS/Atom/JSON Feed, 1 = Google News sitemap, 2 = Google Alerts Atom (FEED_TYPE).
 */
export const feeds = pgTable(
  'feeds',
  {
    id: serial('id').primaryKey(),
    websiteId: integer('website_id')
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    feed: text('feed').notNull().unique(),
    type: smallint('type').notNull().default(0),
    disabled: boolean('disabled').notNull().default(false),
    language: text('language'),
    reach: real('reach'),
    region: text('region'),
    followers: integer('followers'),
    title: text('title'),
    /** Items in the last successful fetch. */
    lastCount: integer('last_count').notNull().default(0),
    /** Articles this feed added to the archive (new, not duplicates). */
    articlesAdded: integer('articles_added').notNull().default(0),
    nextCheckAt: ts('next_check_at').notNull().defaultNow(),
    intervalSeconds: integer('interval_seconds').notNull().default(1800),
    etag: text('etag'),
    lastModified: text('last_modified'),
    errorCount: integer('error_count').notNull().default(0),
    lastError: text('last_error'),
    lastErrorAt: ts('last_error_at'),
    lastSuccessAt: ts('last_success_at'),
    lastCheckedAt: ts('last_checked_at'),
    lastStatus: smallint('last_status'),
    /** WebSub: the hub the feed advertises, our subscription's secret, state and lease. */
    hubUrl: text('hub_url'),
    selfUrl: text('self_url'),
    websubSecret: text('websub_secret'),
    websubState: text('websub_state').notNull().default('none'), // none | pending | active | failed
    websubLeaseUntil: ts('websub_lease_until'),
    /** How the feed is doing, in one word (FEED_HEALTH) and one sentence a person understands. */
    health: text('health').notNull().default('pending'),
    healthDetail: text('health_detail'),
    healthSince: ts('health_since'),
    /** When a poll last added a new article (a feed that parses but adds nothing for 30 days is stale). */
    lastNewAt: ts('last_new_at'),
    /** Who added it: `operator`, `directory` (a source pack's feed), `suggestion` (approved) or `discovery`. */
    origin: text('origin').notNull().default('operator'),
    /** When the feed was last looked for again from its outlet's homepage after failing (self-healing). */
    rediscoveredAt: ts('rediscovered_at'),
    insertedAt: ts('inserted_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('feeds_due_idx')
      .on(t.nextCheckAt)
      .where(sql`not ${t.disabled}`),
    index('feeds_website_idx').on(t.websiteId),
    index('feeds_health_idx').on(t.health),
  ],
);

/** A feed's moves (a permanent redirect followed, or a new address found from the homepage), shown on the website page. */
export const feedMoves = pgTable(
  'feed_moves',
  {
    id: serial('id').primaryKey(),
    feedId: integer('feed_id')
      .notNull()
      .references(() => feeds.id, { onDelete: 'cascade' }),
    websiteId: integer('website_id')
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    fromUrl: text('from_url').notNull(),
    toUrl: text('to_url').notNull(),
    /** `redirect` (the old address answered 301/308) or `rediscovered` (found again from the outlet's homepage). */
    reason: text('reason').notNull(),
    movedAt: ts('moved_at').notNull().defaultNow(),
  },
  (t) => [index('feed_moves_website_idx').on(t.websiteId, t.movedAt)],
);
