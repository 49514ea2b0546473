import { bigint, boolean, date, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * A traffic ranking imported (the Tranco list format: `rank,domain`). Its entries live in
 * `ranking_entries`, a table partitioned by list (migration 0020; not in this schema: it is
 * read and written with SQL by features/reach), so a new list is loaded beside the current one
 * and takes over in one commit, and an old list goes with one DROP. One row is `current`.
 * Rows of replaced lists stay (small) so a score's basis can name its list.
 */
export const rankingLists = pgTable(
  'ranking_lists',
  {
    id: serial('id').primaryKey(),
    /** `url` (RANKING_URL), `tranco` (the daily update from tranco-list.eu) or `upload` (the operator's file). */
    source: text('source').notNull(),
    /** Where it was fetched from, or the uploaded file's name. */
    sourceUrl: text('source_url'),
    /** Tranco's list id (e.g. `XJNYN`) when known: the list's page is https://tranco-list.eu/list/{id}/. */
    trancoId: text('tranco_id'),
    /** The day the list describes (Tranco's list date, else the day it was imported). */
    listDate: date('list_date', { mode: 'string' }).notNull(),
    domains: integer('domains').notNull(),
    /** Lines that were not `rank,domain` (junk, rank 0, not a domain) or repeated a domain already ranked. */
    skipped: integer('skipped').notNull().default(0),
    current: boolean('current').notNull().default(false),
    importedAt: ts('imported_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ranking_lists_current_idx')
      .on(t.current)
      .where(sql`${t.current}`),
  ],
);

/**
 * SimilarWeb's answers per domain and month (visits over the last 30 days, desktop visits by
 * country, category), so a domain costs the key's quota once a month however often it is read.
 * `state` is `ok`, `no_data` (SimilarWeb knows no such site), `invalid_key`, `quota` or `error`.
 */
export const trafficCache = pgTable(
  'traffic_cache',
  {
    domain: text('domain').notNull(),
    month: text('month').notNull(),
    state: text('state').notNull(),
    visits: bigint('visits', { mode: 'number' }),
    geography: jsonb('geography').$type<{ country_code_iso: string; visits: number }[]>(),
    category: text('category'),
    categoryRank: integer('category_rank'),
    error: text('error'),
    fetchedAt: ts('fetched_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.domain, t.month] })],
);
