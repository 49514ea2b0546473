import { sql } from 'drizzle-orm';
import {
  bigint, bigserial, boolean, customType, date, index, integer, jsonb, pgTable, primaryKey, real, serial, smallint, text,
  timestamp, uniqueIndex,
} from 'drizzle-orm/pg-core';
import { organizations, users } from './accounts.js';
import { projects, tags } from './workspace.js';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * A `tsvector` written from our own tokenizer (common/query): the value is a tsvector literal
 * (`'word':1 'other':2`) built in JS, so ingest-time matching and SQL search see the same tokens.
 */
export const tsvector = customType<{ data: string; driverData: string }>({
  dataType: () => 'tsvector',
});

/** Media types (News, Blog, Gaming site, …): a reference list. */
export const mediatypes = pgTable('mediatypes', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
});

/** A media outlet. Shared by every organization; managed by the platform operator. */
export const websites = pgTable(
  'websites',
  {
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
  },
);

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/**
 * A website's icon, fetched once on the server (features/websites/icons.ts) and served from our
 * origin, so readers' browsers never call the outlets. Apart from `websites` so that no list
 * query drags the bytes along. A row exists once a fetch was tried; polling state as on feeds.
 */
export const websiteIcons = pgTable(
  'website_icons',
  {
    websiteId: integer('website_id').primaryKey().references(() => websites.id, { onDelete: 'cascade' }),
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
    websiteId: integer('website_id').notNull().references(() => websites.id, { onDelete: 'cascade' }),
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
    websiteId: integer('website_id').notNull().references(() => websites.id, { onDelete: 'cascade' }),
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
    websiteId: integer('website_id').notNull().references(() => websites.id, { onDelete: 'cascade' }),
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
    index('feeds_due_idx').on(t.nextCheckAt).where(sql`not ${t.disabled}`),
    index('feeds_website_idx').on(t.websiteId),
    index('feeds_health_idx').on(t.health),
  ],
);

/** A feed's moves (a permanent redirect followed, or a new address found from the homepage), shown on the website page. */
export const feedMoves = pgTable(
  'feed_moves',
  {
    id: serial('id').primaryKey(),
    feedId: integer('feed_id').notNull().references(() => feeds.id, { onDelete: 'cascade' }),
    websiteId: integer('website_id').notNull().references(() => websites.id, { onDelete: 'cascade' }),
    fromUrl: text('from_url').notNull(),
    toUrl: text('to_url').notNull(),
    /** `redirect` (the old address answered 301/308) or `rediscovered` (found again from the outlet's homepage). */
    reason: text('reason').notNull(),
    movedAt: ts('moved_at').notNull().defaultNow(),
  },
  (t) => [index('feed_moves_website_idx').on(t.websiteId, t.movedAt)],
);

/**
 * The article archive, shared by every organization: each article once, however many feeds
 * carry it. Partitioned by month of `pub_date` (migration 0016; partitions `articles_YYYY_MM`
 * made by `archive_ensure_month`, server/features/crawler/partitions.ts), so a search or a
 * date range reads only its months. The primary key is (id, pub_date) as partitioning requires;
 * an id alone is found through `article_keys`, and URL de-duplication lives there too. The
 * search vector is not here: it is in the narrow `article_search` (docs/search.md).
 */
export const articles = pgTable(
  'articles',
  {
    id: bigint('id', { mode: 'number' }).notNull().default(sql`nextval('articles_id_seq')`),
    urlKey: text('url_key').notNull(),
    url: text('url').notNull(), // canonical
    fullUrl: text('full_url').notNull(), // as found in the feed
    title: text('title').notNull().default(''),
    description: text('description').notNull().default(''),
    html: text('html'),
    author: text('author'),
    image: text('image'),
    language: text('language').notNull().default('unknown'),
    pubDate: ts('pub_date').notNull(),
    firstSeenAt: ts('first_seen_at').notNull().defaultNow(),
    /** Where the article came from (no foreign key: see migration 0016; websites are never deleted, a deleted feed's id matches no feed). */
    websiteId: integer('website_id'),
    feedId: integer('feed_id'),
    reach: real('reach').notNull().default(0.1),
    muv: bigint('muv', { mode: 'number' }),
    /** Views the article itself likely had (common/reach.ts estimatedViews), from its outlet's visitors; null while unknown. */
    estimatedViews: integer('estimated_views'),
    isMetacritic: boolean('is_metacritic').notNull().default(false),
    source: smallint('source').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.id, t.pubDate] }), index('articles_website_idx').on(t.websiteId, t.pubDate)],
);

/**
 * The archive's registry: one row per article, written in the ingest transaction. `url_key`
 * (the hash of the canonical URL) is what de-duplicates the archive — a partitioned table's
 * unique indexes must include the partition key, so it cannot be a unique index of articles —
 * and `article_id` → `pub_date` finds an article's partition. Every reference to an archive
 * article (alert feeds, saved coverage, the notification outbox) is a foreign key to
 * `article_keys.article_id`: deleting a key removes the article's references with it.
 * Its first automatic analyze waits for 1,000 rows (`autovacuum_analyze_threshold`, migration
 * 0018, which drizzle's schema cannot state): see that migration for why.
 */
export const articleKeys = pgTable(
  'article_keys',
  {
    urlKey: text('url_key').primaryKey(),
    articleId: bigint('article_id', { mode: 'number' }).notNull(),
    pubDate: ts('pub_date').notNull(),
  },
  (t) => [uniqueIndex('article_keys_article_idx').on(t.articleId)],
);

/**
 * The search side of the archive: one narrow row per article — id, date, UTC day, the two
 * filters and the search vector — partitioned by month like articles (`article_search_YYYY_MM`).
 * Super Search counts and pages here: a match costs a ~400-byte row instead of the article's
 * ~850, a whole month is counted with no date condition, and the day is a plain column.
 * `search` is title + description as tokens of common/query's tokenizer (the matcher's tokens).
 */
export const articleSearch = pgTable(
  'article_search',
  {
    id: bigint('id', { mode: 'number' }).notNull(),
    pubDate: ts('pub_date').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    language: text('language').notNull(),
    reach: real('reach').notNull(),
    search: tsvector('search').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.pubDate] }),
    // Date-ordered pages: (pub_date, id) is the list's exact order, so a page after a cursor starts at it.
    index('article_search_pub_date_id_idx').on(t.pubDate, t.id),
    index('article_search_search_idx').using('gin', t.search),
  ],
);

/**
 * The archive's months (one row per partition). `version` grows when an article arrives: in the
 * writer's transaction for a closed month (before the previous calendar month), just after an
 * ingest commits for an open one. Super Search caches a month's counts with the version its
 * count read, and trusts them while it is unchanged (an open month's for 30 s at most).
 */
export const archiveMonths = pgTable('archive_months', {
  month: date('month', { mode: 'string' }).primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});

/**
 * Every word (lexeme) of the archive's search vectors, kept by a trigger on articles (migration
 * 0007). The feed's search box reads its last, possibly unfinished word as a prefix: expanded
 * here into the words it begins, the index lookup is exact instead of a partial match over every
 * feed's postings. A word is never missing for an article that is visible. `word` is collated
 * "C" so a prefix is a plain range of the index.
 */
export const lexemes = pgTable('lexemes', { word: text('word').notNull() }, (t) => [uniqueIndex('lexemes_word_idx').on(t.word)]);

/** A keyword alert of a project, matched against every new article. `projects.alert_id` links its first; plans with multiple alerts (`max_alerts_per_project`) allow more. */
export const alerts = pgTable(
  'alerts',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id').notNull().references(() => organizations.id, { onDelete: 'cascade' }),
    projectId: integer('project_id').notNull().references(() => projects.id, { onDelete: 'cascade' }),
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
    alertId: integer('alert_id').notNull().references(() => alerts.id, { onDelete: 'cascade' }),
    articleId: bigint('article_id', { mode: 'number' }).notNull().references(() => articleKeys.articleId, { onDelete: 'cascade' }),
    organizationId: integer('organization_id').notNull().references(() => organizations.id, { onDelete: 'cascade' }),
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
    search: tsvector('search').notNull().default(sql`''::tsvector`),
    matchedAt: ts('matched_at').notNull().defaultNow(),
    /** Deleted from the feed by a user: hidden, and never matched again. */
    deletedAt: ts('deleted_at'),
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
      index('alert_articles_feed_idx').on(t.alertId, t.pubDate, t.articleId, ...filterCols).where(visible),
      index('alert_articles_reach_idx').on(t.alertId, t.reach, t.pubDate, t.articleId, t.language, t.isMetacritic, t.matchedAt).where(visible),
      index('alert_articles_language_idx')
        .on(t.alertId, t.language, t.pubDate.desc().nullsFirst(), t.articleId.desc().nullsFirst(), t.reach, t.isMetacritic, t.matchedAt)
        .where(visible),
      index('alert_articles_title_idx').on(t.alertId, t.titleSort, t.pubDate.desc().nullsFirst(), t.articleId.desc().nullsFirst(), ...filterCols).where(visible),
      index('alert_articles_media_idx').on(t.alertId, t.media, t.pubDate.desc().nullsFirst(), t.articleId.desc().nullsFirst(), ...filterCols).where(visible),
      index('alert_articles_search_idx').using('gin', t.alertId, t.search).where(visible),
      // An article's feed rows, wherever they are: a new score of its outlet reaches them (features/reach's
      // rescoring) without reading every feed, and deleting an archive article finds its rows.
      index('alert_articles_article_idx').on(t.articleId),
    ];
  },
);

/** Saved coverage (the API's `articles`): an article kept under a project's tag. */
/**
 * The size of each alert's visible feed, as a sum of deltas: statement-level triggers on
 * alert_articles append one row per alert per statement (migration 0005), so the unfiltered
 * total of a feed is a sum over a few rows instead of counting 100,000 index entries, and
 * concurrent ingests never wait on each other (appends, no row locks). Housekeeping folds an
 * alert's rows into one (compactAlertFeedCounts).
 */
export const alertFeedCounts = pgTable(
  'alert_feed_counts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    alertId: integer('alert_id').notNull().references(() => alerts.id, { onDelete: 'cascade' }),
    delta: integer('delta').notNull(),
  },
  (t) => [index('alert_feed_counts_alert_idx').on(t.alertId)],
);

export const savedArticles = pgTable(
  'saved_articles',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id').notNull().references(() => organizations.id, { onDelete: 'cascade' }),
    projectId: integer('project_id').notNull().references(() => projects.id, { onDelete: 'cascade' }),
    tagId: integer('tag_id').notNull().references(() => tags.id, { onDelete: 'cascade' }),
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
    organizationId: integer('organization_id').notNull().references(() => organizations.id, { onDelete: 'cascade' }),
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
    uniqueIndex('notification_outbox_media_once_idx').on(t.subject, t.sourceId, t.itemKey, t.channel).where(sql`${t.subject} <> 'article'`),
    index('notification_outbox_due_idx').on(t.nextAttemptAt).where(sql`${t.status} in ('pending', 'sending')`),
  ],
);
