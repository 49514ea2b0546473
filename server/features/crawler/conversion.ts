import pg from 'pg';
import { estimatedViewsText } from '../../db/media-sql.js';

/**
 * The archive's move to monthly partitions (issue 17, migration 0016). The migration renamed an
 * existing archive to `articles_unpartitioned` and left its rows there; this moves them, at the
 * first start after the upgrade, into `article_keys`, `articles` and `article_search`, in batches
 * taken by id. Each batch is deleted from the old table and written to the new ones in one
 * transaction, so a start that is killed part-way resumes at the next start where it stopped,
 * with nothing to remember but the old table itself. When it is empty it is dropped and the
 * references 0016 added NOT VALID are validated.
 */

/** What the conversion logs through: pino's two levels it uses (tests pass a recorder). */
export interface ConversionLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

export interface ConversionOptions {
  /** Articles moved per transaction (ARCHIVE_CONVERSION_BATCH). */
  batch: number;
  log: ConversionLog;
  /** How often a progress line is logged at most (the first and last batches always are). */
  progressEveryMs?: number;
  /** Stops after this many batches, the old table left as it is (the tests' interrupted start). */
  maxBatches?: number;
  /** Stops between batches (a shutdown during the conversion). */
  signal?: AbortSignal;
}

export interface ConversionResult {
  /** Articles moved by this call. */
  moved: number;
  /** The old table is gone (or there was none). */
  done: boolean;
}

/** Held for the whole conversion: a second start waits, then finds the old table gone. */
const CONVERSION_LOCK = 727002;

/** The references 0016 added NOT VALID, pointing at article_keys(article_id). */
const REFERENCES = [
  ['alert_articles', 'alert_articles_article_id_article_keys_article_id_fk'],
  ['notification_outbox', 'notification_outbox_article_id_article_keys_article_id_fk'],
  ['saved_articles', 'saved_articles_article_id_article_keys_article_id_fk'],
] as const;

/** Below this estimate the count to move is exact (counting a few hundred thousand rows is quick). */
const EXACT_COUNT_BELOW = 1_000_000;

/**
 * Converts the pre-0016 archive, if any. `target` is a connection string (a connection of its own
 * is opened, without a statement timeout: one batch of a large archive may take seconds) or a
 * connected client the caller owns. Returns at once, without locking, when there is nothing to do.
 */
export async function convertArchive(target: string | pg.ClientBase, opts: ConversionOptions): Promise<ConversionResult> {
  const owned = typeof target === 'string' ? new pg.Client({ connectionString: target }) : null;
  const client = owned ?? (target as pg.ClientBase);
  if (owned) await owned.connect();
  try {
    if (!(await oldTableExists(client))) return { moved: 0, done: true };
    if (owned) await client.query('set statement_timeout = 0');
    await client.query('select pg_advisory_lock($1)', [CONVERSION_LOCK]);
    try {
      // Another start may have finished it while this one waited for the lock.
      if (!(await oldTableExists(client))) return { moved: 0, done: true };
      return await convert(client, opts);
    } finally {
      await client.query('select pg_advisory_unlock($1)', [CONVERSION_LOCK]).catch(() => {});
    }
  } finally {
    await owned?.end();
  }
}

async function oldTableExists(client: pg.ClientBase): Promise<boolean> {
  const { rows } = await client.query<{ t: string | null }>(`select to_regclass('public.articles_unpartitioned')::text as t`);
  return rows[0]?.t != null;
}

async function convert(client: pg.ClientBase, opts: ConversionOptions): Promise<ConversionResult> {
  const { log } = opts;
  const batch = Math.max(1, Math.floor(opts.batch));
  const everyMs = opts.progressEveryMs ?? 5000;
  const total = await countToMove(client);
  const started = Date.now();
  // A new installation's migration leaves an empty old table: it goes without a word.
  const quiet = total === 0;
  if (!quiet) log.info({ total, batch }, 'archive conversion: moving the archive into monthly partitions');
  let moved = 0;
  let batches = 0;
  let lastLog = started;
  for (;;) {
    if (opts.signal?.aborted || (opts.maxBatches !== undefined && batches >= opts.maxBatches)) {
      log.info({ moved, total }, 'archive conversion paused: the next start resumes it');
      return { moved, done: false };
    }
    const n = await moveBatch(client, batch);
    batches++;
    moved += n;
    const now = Date.now();
    if (n > 0 && (now - lastLog >= everyMs || batches === 1)) {
      lastLog = now;
      log.info(progress(moved, Math.max(total, moved), now - started), 'archive conversion');
    }
    if (n < batch) break;
  }
  await finish(client, log);
  const ms = Date.now() - started;
  if (!quiet || moved > 0) log.info({ moved, ms, perSecond: rate(moved, ms) }, `archive conversion finished in ${(ms / 1000).toFixed(1)} s`);
  return { moved, done: true };
}

/** pg_class's estimate for a large table (counting ten million rows takes a while), else exact. */
async function countToMove(client: pg.ClientBase): Promise<number> {
  const { rows } = await client.query<{ n: number }>(`select reltuples::float8 as n from pg_class where oid = 'public.articles_unpartitioned'::regclass`);
  const estimate = Number(rows[0]?.n ?? -1);
  if (estimate >= EXACT_COUNT_BELOW) return Math.round(estimate);
  const exact = await client.query<{ n: string }>('select count(*) as n from articles_unpartitioned');
  return Number(exact.rows[0]!.n);
}

/**
 * Moves the `batch` lowest ids. Their months' partitions are made first, each committed on its
 * own (archive_ensure_month), so the move's transaction only writes rows. Nothing else writes
 * the old table, so the batch the months were read from is the batch that moves.
 */
async function moveBatch(client: pg.ClientBase, batch: number): Promise<number> {
  await client.query(
    `select archive_ensure_month(m)
       from (select distinct date_trunc('month', b.pub_date at time zone 'UTC')::date as m
               from (select pub_date from articles_unpartitioned order by id limit $1) b) months
      order by m`,
    [batch],
  );
  await client.query('begin');
  try {
    // One statement: the rows leave the old table and land in the key, article and search
    // tables (the search table's trigger adds their words to `lexemes`, already there: a no-op).
    const { rows } = await client.query<{ n: string }>(
      `with moved as (
         delete from articles_unpartitioned
          where id in (select id from articles_unpartitioned order by id limit $1)
          returning *
       ), keys as (
         insert into article_keys (url_key, article_id, pub_date)
         select url_key, id, pub_date from moved order by url_key
       ), wide as (
         insert into articles (id, url_key, url, full_url, title, description, html, author, image, language, pub_date,
                               first_seen_at, website_id, feed_id, reach, muv, estimated_views, is_metacritic, source)
         select id, url_key, url, full_url, title, description, html, author, image, language, pub_date,
                first_seen_at, website_id, feed_id, reach, muv, ${estimatedViewsText('muv')}, is_metacritic, source
           from moved
       ), narrow as (
         insert into article_search (id, pub_date, day, language, reach, search)
         select id, pub_date, (pub_date at time zone 'UTC')::date, language, reach, search from moved
       )
       select count(*) as n from moved`,
      [batch],
    );
    await client.query('commit');
    return Number(rows[0]!.n);
  } catch (err) {
    await client.query('rollback').catch(() => {});
    throw err;
  }
}

/**
 * The old table goes, the references are checked, and the planner learns the new tables. A
 * reference that names no article (the old foreign keys made that impossible, but a restored
 * dump may not have had them) leaves its constraint NOT VALID, said in the log, instead of
 * stopping the start: new rows are checked by it all the same.
 */
async function finish(client: pg.ClientBase, log: ConversionLog) {
  await client.query('drop table articles_unpartitioned');
  for (const [table, constraint] of REFERENCES) {
    try {
      await client.query(`alter table ${table} validate constraint ${constraint}`);
    } catch (err) {
      const orphans = await client.query<{ n: string }>(
        `select count(*) as n from ${table} t where t.article_id is not null
            and not exists (select 1 from article_keys k where k.article_id = t.article_id)`,
      );
      log.warn(
        { table, constraint, orphans: Number(orphans.rows[0]!.n), err: (err as Error).message },
        `archive conversion: ${table} names articles that are not in the archive; ${constraint} stays NOT VALID`,
      );
    }
  }
  // Only an archive of 1,000 articles or more is analyzed (autovacuum's first analyze waits as
  // long, migration 0018): statistics of an empty or tiny article_keys would make each
  // connection's foreign-key check plan a sequential scan of it, kept while the first crawl fills
  // the table. Never analyzed, the planner assumes ten pages and uses the index.
  const { rows } = await client.query<{ n: string }>('select count(*) as n from (select 1 from article_keys limit 1000) k');
  if (Number(rows[0]!.n) >= 1000) await client.query('analyze articles, article_search, article_keys');
}

function progress(moved: number, total: number, ms: number) {
  const perSecond = rate(moved, ms);
  const left = Math.max(0, total - moved);
  return {
    moved,
    total,
    percent: total > 0 ? Math.round((moved / total) * 1000) / 10 : 100,
    perSecond,
    etaSeconds: perSecond > 0 ? Math.round(left / perSecond) : null,
  };
}

function rate(n: number, ms: number): number {
  return ms > 0 ? Math.round((n * 1000) / ms) : n;
}
