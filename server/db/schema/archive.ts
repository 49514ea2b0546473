import { sql } from 'drizzle-orm';
import { bigint, boolean, customType, date, index, integer, pgTable, primaryKey, real, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * The article archive the crawler writes: articles, their keys and search rows, the months and
 * the lexicon. coverage.ts re-exports these, so `schema/coverage.js` stays the one import of the
 * coverage tables.
 */

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * A `tsvector` written from our own tokenizer (common/query): the value is a tsvector literal
 * (`'word':1 'other':2`) built in JS, so ingest-time matching and SQL search see the same tokens.
 */
export const tsvector = customType<{ data: string; driverData: string }>({
  dataType: () => 'tsvector',
});

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
    id: bigint('id', { mode: 'number' })
      .notNull()
      .default(sql`nextval('articles_id_seq')`),
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
    /**
     * The story the article carries (issue 32, features/stories): the id of the story's first
     * article, set at ingest (its own id for a new story; null for articles stored before stories
     * existed, which count as their own). Global and never changed; an organization's merges and
     * splits are `story_edits`.
     */
    storyId: bigint('story_id', { mode: 'number' }),
  },
  (t) => [primaryKey({ columns: [t.id, t.pubDate] }), index('articles_website_idx').on(t.websiteId, t.pubDate)],
);

/**
 * The ingest's memory of the last days' stories (features/stories/index.ts): one row per article
 * of the window — its LSH band keys and its story. Each process that ingests keeps the keys in
 * memory and reads here only the rows other processes added since its last read (article_id >
 * its watermark). UNLOGGED (migration 0028: drizzle cannot state it): rebuilt by new ingests
 * after a crash, pruned by housekeeping after the window.
 */
export const storyKeys = pgTable('story_keys', {
  articleId: bigint('article_id', { mode: 'number' }).primaryKey(),
  pubDate: ts('pub_date').notNull(),
  storyId: bigint('story_id', { mode: 'number' }).notNull(),
  /** The article's outlet: copies of a story are looked for across outlets, never within one. */
  websiteId: integer('website_id'),
  keys: bigint('keys', { mode: 'number' }).array().notNull(),
});

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
