import { sql } from 'drizzle-orm';
import { bigserial, boolean, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { alerts } from './coverage.js';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * GDELT discovery (issue 31, docs/sources.md "GDELT"): every distinct GDELT query the alerts
 * translate to, shared by every alert (of any organization) whose query translates to the same
 * text — one request per distinct query. Written by features/gdelt only.
 */
export const gdeltQueries = pgTable(
  'gdelt_queries',
  {
    id: serial('id').primaryKey(),
    /** The normalized GDELT query text (server/features/gdelt/translate.ts): the key. */
    query: text('query').notNull().unique(),
    /** `new` (never searched), `ok`, `invalid` (GDELT refused the query: `last_error` says why), `error` (the last search failed). */
    state: text('state').notNull().default('new'),
    createdAt: ts('created_at').notNull().defaultNow(),
    lastSearchedAt: ts('last_searched_at'),
    /** The newest `seendate` GDELT answered: the next search asks for what is newer. */
    lastSeenAt: ts('last_seen_at'),
    lastError: text('last_error'),
    /** Articles the last search answered, and all searches together. */
    lastResults: integer('last_results').notNull().default(0),
    articlesFound: integer('articles_found').notNull().default(0),
    /** The next search covers the last weeks (timespan), not only what is new: a new query, or an alert that just joined it. */
    backfill: boolean('backfill').notNull().default(true),
  },
  (t) => [index('gdelt_queries_due_idx').on(t.lastSearchedAt)],
);

/** Each active alert's translation (one row per alert): which distinct query serves it and whether GDELT's answer is exact. */
export const gdeltAlerts = pgTable(
  'gdelt_alerts',
  {
    alertId: integer('alert_id')
      .primaryKey()
      .references(() => alerts.id, { onDelete: 'cascade' }),
    /** The alert's keywords when translated: another text means the query changed. */
    keywords: text('keywords').notNull(),
    /** Null when nothing of the query can be sent to GDELT (`reason` says why). */
    queryId: integer('query_id').references(() => gdeltQueries.id, { onDelete: 'set null' }),
    /** GDELT's query expresses the alert's whole query; otherwise every result is filtered locally. */
    exact: boolean('exact').notNull().default(true),
    reason: text('reason'),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('gdelt_alerts_query_idx').on(t.queryId)],
);

/** Requests sent to GDELT (kept a day): the requests in the last hour, and what each answered. */
export const gdeltRequests = pgTable(
  'gdelt_requests',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: ts('at').notNull().defaultNow(),
    queryId: integer('query_id').references(() => gdeltQueries.id, { onDelete: 'set null' }),
    /** `ok`, `empty`, `rate_limited`, `invalid_query`, `malformed`, `unreachable`. */
    outcome: text('outcome').notNull(),
    results: integer('results').notNull().default(0),
  },
  (t) => [
    index('gdelt_requests_at_idx').on(t.at),
    index('gdelt_requests_refusals_idx')
      .on(t.at)
      .where(sql`outcome = 'rate_limited'`),
  ],
);
