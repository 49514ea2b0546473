import pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import { MSG } from '../../../common/messages.js';
import type { Db } from '../../db/client.js';
import { AppError } from '../../http/errors.js';

/**
 * Connections of Super Search, set up for it once at connect time (startup `options`), so each
 * search statement is a single round trip — no transaction to open for `SET LOCAL`, which cost
 * more than a small search itself:
 *
 * - `statement_timeout`: SEARCH_STATEMENT_TIMEOUT_MS; a longer search is a 503 `search_timeout`,
 *   never a connection held for long;
 * - `jit = off`: compiling a large aggregate costs more than running it;
 * - `random_page_cost = 1.1`: the archive is read from memory; with the default 4 the planner
 *   ANDs a whole year of date-index entries into every bitmap rather than read a few more rows
 *   (bench/search: count p95 −35 %, docs/search.md);
 * - `work_mem = 32MB`: exact bitmaps; `max_parallel_workers_per_gather = 0`: a search is short,
 *   and workers compete with the other users' searches for the same cores;
 * - read-only sessions; plain (unnamed) statements, so every call gets a plan for its own words
 *   (the application pool prepares statements, whose generic plans cannot see how common a word is).
 */
export interface SearchDatabase {
  db: Db;
  close(): Promise<void>;
}

export function createSearchDatabase(base: pg.Pool, opts: { timeoutMs: number; max: number }): SearchDatabase {
  const { connectionString, host, port, user, password, database, ssl } = base.options;
  const pool = new pg.Pool({
    connectionString, host, port, user, password, database, ssl,
    max: opts.max,
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: 10_000,
    application_name: 'coverwatch-search',
    statement_timeout: opts.timeoutMs,
    options: '-c jit=off -c random_page_cost=1.1 -c work_mem=32MB -c max_parallel_workers_per_gather=0 -c default_transaction_read_only=on',
  });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  return { db: drizzle(pool) as unknown as Db, close: () => pool.end() };
}

function isStatementTimeout(err: unknown): boolean {
  for (let e = err as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) if (e.code === '57014') return true;
  return false;
}

/** Runs a search statement; its timeout becomes the 503 the API promises. */
export async function runSearch<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (isStatementTimeout(err)) throw new AppError('search_timeout', MSG.supersearch.timeout);
    throw err;
  }
}
