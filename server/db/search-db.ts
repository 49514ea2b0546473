import pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import { MSG } from '../../common/messages.js';
import type { Db } from './client.js';
import { AppError } from '../http/errors.js';

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
 *
 * With SEARCH_DATABASE_URL they go to a hot standby (docs/operations.md "Read replicas"): the
 * same settings, and two things a standby adds. A statement the standby cancels to replay the
 * primary's changes (a recovery conflict) is run once more; a standby that is down or refuses
 * connections makes the read a 503, never a 500 and never a wait longer than CONNECT_TIMEOUT_MS,
 * while everything that is not a search keeps working on the primary.
 */
export interface SearchDatabase {
  db: Db;
  /** The connections behind `db` (a server-side cursor needs a client of its own). */
  pool: pg.Pool;
  close(): Promise<void>;
}

export interface SearchPoolOptions {
  /** The statement timeout of every statement on these connections. */
  timeoutMs: number;
  max: number;
  /** SEARCH_DATABASE_URL; unset: the main database, with the base pool's connection settings. */
  url?: string;
  /** What pg_stat_activity shows (`coverwatch-search` unless told): which reads a standby serves. */
  applicationName?: string;
  /**
   * Super Search's connections: `enable_seqscan = off`. A month's count of a common word matches
   * most of the month, and the planner then prefers reading the partition and testing each row's
   * vector (~0.6 µs a row) to the GIN bitmap, whose exact pages need no test at all (~0.35 µs a
   * match): 21–26 ms against 14 ms for a month of the bench archive (docs/search.md).
   */
  indexFirst?: boolean;
}

/**
 * How long a search waits for a connection: a new one to a standby that does not answer (down,
 * or a network that drops packets), or a free one of the pool under a burst. Bounded so that a
 * lost standby is a prompt 503, not requests piling up.
 */
const CONNECT_TIMEOUT_MS = 10_000;

/** Connections for reads that may run on a standby: Super Search's, the export's, the public report's. */
export function createSearchPool(base: pg.Pool, opts: SearchPoolOptions): pg.Pool {
  const { connectionString, host, port, user, password, database, ssl } = opts.url
    ? { ...base.options, connectionString: opts.url, host: undefined, port: undefined, user: undefined, password: undefined, database: undefined }
    : base.options;
  const pool = new pg.Pool({
    connectionString,
    host,
    port,
    user,
    password,
    database,
    ssl,
    max: opts.max,
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    // A standby that vanishes without closing its sockets is noticed by TCP, not after hours.
    keepAlive: true,
    application_name: opts.applicationName ?? 'coverwatch-search',
    statement_timeout: opts.timeoutMs,
    options: `-c jit=off -c random_page_cost=1.1 -c work_mem=32MB -c max_parallel_workers_per_gather=0 -c default_transaction_read_only=on${opts.indexFirst ? ' -c enable_seqscan=off' : ''}`,
  });
  // An idle client losing its connection (a standby restarting) must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  retryRecoveryConflicts(pool);
  return pool;
}

export function createSearchDatabase(base: pg.Pool, opts: SearchPoolOptions): SearchDatabase {
  const pool = createSearchPool(base, opts);
  return { db: drizzle(pool) as unknown as Db, pool, close: () => pool.end() };
}

/**
 * A statement on the pool (how Drizzle runs everything outside a transaction) that a standby
 * cancelled for a recovery conflict runs once more, on whichever connection the pool gives: the
 * conflict was with WAL replayed at that moment (a lock a DDL statement took, rows vacuum removed
 * that hot_standby_feedback had not yet protected), which is over by the time it is asked again.
 * Reads only (the sessions are read-only), so running one twice changes nothing.
 */
function retryRecoveryConflicts(pool: pg.Pool): void {
  const query = pool.query.bind(pool) as (...args: unknown[]) => unknown;
  pool.query = ((...args: unknown[]) => {
    const first = args[0] as { submit?: unknown } | undefined;
    // Callback calls and submittables (cursors) keep node-postgres's own behaviour.
    if (typeof args[args.length - 1] === 'function' || typeof first?.submit === 'function') return query(...args);
    return (query(...args) as Promise<unknown>).catch((err: unknown) => {
      if (isRecoveryConflict(err)) return query(...args);
      throw err;
    });
  }) as typeof pool.query;
}

/** The error's SQLSTATE, or a Node socket error's code, looking through Drizzle's wrapper. */
function codesOf(err: unknown): { code?: string; message?: string }[] {
  const out: { code?: string; message?: string }[] = [];
  for (
    let e = err as { code?: string; message?: string; cause?: unknown } | undefined, depth = 0;
    e && typeof e === 'object' && depth < 5;
    e = e.cause as typeof e, depth++
  )
    out.push(e);
  return out;
}

/**
 * "canceling statement due to conflict with recovery": 40001 for most kinds, 40P01 for a
 * buffer-pin deadlock with the startup process. On a primary 40001 is a serialization failure,
 * which read-only search statements (single statements, read committed) never raise.
 */
export function isRecoveryConflict(err: unknown): boolean {
  return codesOf(err).some((e) => e.code === '40001' || e.code === '40P01');
}

function isStatementTimeout(err: unknown): boolean {
  return codesOf(err).some((e) => e.code === '57014');
}

const SOCKET_ERRORS = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN', 'EPIPE']);

/**
 * The database serving the read cannot be reached: refused or dropped connections, the pool's
 * connect timeout, a server shutting down (57P01–57P03: a standby restarting or still starting
 * up), class 08, or no connection slot left (53300).
 */
export function isDatabaseUnreachable(err: unknown): boolean {
  return codesOf(err).some(
    (e) =>
      (e.code !== undefined && (SOCKET_ERRORS.has(e.code) || /^(08...|57P0[123]|53300)$/.test(e.code))) ||
      /^(Connection terminated|timeout exceeded when trying to connect)/.test(e.message ?? ''),
  );
}

/**
 * Runs reads that may be served by a standby: an unreachable database becomes the API's 503
 * (`detail` the caller's words), so a lost standby costs its readers an error they can retry,
 * not a 500.
 */
export async function runStandbyRead<T>(fn: () => Promise<T>, detail: string = MSG.status[503]): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (isDatabaseUnreachable(err)) throw new AppError('unavailable', detail);
    throw err;
  }
}

/** Runs a search statement; its timeout, and a search database out of reach, become the 503s the API promises. */
export async function runSearch<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await runStandbyRead(fn, MSG.supersearch.searchFailed);
  } catch (err) {
    if (isStatementTimeout(err)) throw new AppError('search_timeout', MSG.supersearch.timeout);
    throw err;
  }
}
