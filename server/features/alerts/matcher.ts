import { sql, type SQL } from 'drizzle-orm';
import { anchorTerms } from '../../../common/query/anchors.js';
import { matchesQuery } from '../../../common/query/match.js';
import { parseQuery } from '../../../common/query/parse.js';
import { toTsquery } from '../../../common/query/postgres.js';
import type { IndexedDocument, QueryNode } from '../../../common/query/types.js';
import type { Tx } from '../../db/client.js';
import { mediaSql, titleSortSql } from '../../db/media-sql.js';
import { TimeSlicer } from '../../net/time-slice.js';
import { storyOfSql } from '../stories/service.js';

/**
 * Ingest-time alert matching. Every new article is checked against every active alert, so the
 * index keeps, per anchor token (common/query anchorTerms: every match contains one of them),
 * the alerts anchored on it; an article is only checked against the alerts of its own tokens
 * plus the few that cannot be anchored (a bare prefix term). With 10,000 alerts an article
 * typically meets a handful of candidates instead of 10,000 queries.
 */

export interface IndexedAlert {
  id: number;
  organizationId: number;
  minReach: number;
  query: QueryNode;
}

export interface AlertRow {
  id: number;
  organizationId: number;
  minReach: number;
  keywords: string;
}

export class AlertIndex {
  private readonly byToken = new Map<string, IndexedAlert[]>();
  private readonly unanchored: IndexedAlert[] = [];
  private count = 0;
  /** Ids of alerts left out because their keywords do not parse. */
  readonly invalid: number[] = [];

  /** Parsed keywords per alert id, reused by the next index when the keywords did not change. */
  private readonly parsed = new Map<number, { keywords: string; query: QueryNode | null; anchors: string[] }>();

  /** `previous`: the index this one replaces; unchanged alerts are not parsed again. */
  constructor(rows: AlertRow[] = [], previous?: AlertIndex) {
    for (const row of rows) this.add(row, previous);
  }

  /**
   * The same index, built between time slices: parsing 10,000 alerts' keywords takes ~90 ms,
   * which the worker's event loop (heartbeats, job claims) must not wait for in one piece.
   */
  static async build(rows: AlertRow[], previous?: AlertIndex, slicer = new TimeSlicer()): Promise<AlertIndex> {
    const index = new AlertIndex();
    for (const row of rows) {
      index.add(row, previous);
      await slicer.pause();
    }
    return index;
  }

  /** Alerts in the index (alerts whose stored keywords no longer parse are left out). */
  get size(): number {
    return this.count;
  }

  private add(row: AlertRow, previous: AlertIndex | undefined): void {
    let entry = previous?.parsed.get(row.id);
    if (!entry || entry.keywords !== row.keywords) {
      const result = parseQuery(row.keywords);
      entry = result.ok
        ? { keywords: row.keywords, query: result.query, anchors: anchorTerms(result.query) }
        : { keywords: row.keywords, query: null, anchors: [] };
    }
    this.parsed.set(row.id, entry);
    if (!entry.query) {
      this.invalid.push(row.id);
      return;
    }
    const alert: IndexedAlert = { id: row.id, organizationId: row.organizationId, minReach: row.minReach, query: entry.query };
    if (entry.anchors.length === 0) this.unanchored.push(alert);
    for (const token of entry.anchors) {
      const list = this.byToken.get(token);
      if (list) list.push(alert);
      else this.byToken.set(token, [alert]);
    }
    this.count++;
  }

  /** Alerts that may match a document with these tokens (each alert once). */
  candidates(tokens: Iterable<string>): IndexedAlert[] {
    const seen = new Set<number>();
    const out: IndexedAlert[] = [];
    const add = (a: IndexedAlert) => {
      if (seen.has(a.id)) return;
      seen.add(a.id);
      out.push(a);
    };
    for (const token of tokens) this.byToken.get(token)?.forEach(add);
    this.unanchored.forEach(add);
    return out;
  }

  /** Alerts whose query matches the document and whose minimum media score the article reaches. */
  match(doc: IndexedDocument, reach: number): IndexedAlert[] {
    return this.candidates(doc.positions.keys()).filter((a) => a.minReach <= reach && matchesQuery(a.query, doc));
  }
}

/** Loads the alerts that match at ingest: active, in a project that is not locked. */
export async function loadActiveAlerts(db: Tx): Promise<AlertRow[]> {
  const result = await db.execute<{ id: number; organization_id: number; min_reach: number; keywords: string }>(sql`
    select al.id, al.organization_id, al.min_reach, al.keywords
    from alerts al join projects p on p.id = al.project_id
    where al.active and not p.locked
    order by al.id`);
  return result.rows.map((r) => ({ id: r.id, organizationId: r.organization_id, minReach: Number(r.min_reach), keywords: r.keywords }));
}

/** Rebuild at least this often even when the version did not change (e.g. a project lock). */
const MAX_INDEX_AGE_MS = 5 * 60_000;

interface CacheEntry {
  version: string;
  builtAt: number;
  index: Promise<AlertIndex>;
}
// Keyed by database name: one process may serve several databases (the test suite does).
const cache = new Map<string, CacheEntry>();

/**
 * The process's alert index for this database, rebuilt when alerts change. The version check
 * (count and latest update of alerts, latest update of projects) is one cheap query per ingest
 * batch; a rebuild (parsing every alert) only happens when it moved.
 */
export async function getAlertIndex(db: Tx): Promise<AlertIndex> {
  const v = await db.execute<{ db: string; n: number; alerts_at: string | null; projects_at: string | null }>(sql`
    select current_database() as db,
           (select count(*) from alerts)::int as n,
           (select max(updated_at) from alerts)::text as alerts_at,
           (select max(updated_at) from projects where alert_id is not null)::text as projects_at`);
  const row = v.rows[0];
  const cacheKey = row.db;
  const version = `${row.n}|${row.alerts_at}|${row.projects_at}`;
  const entry = cache.get(cacheKey);
  if (entry && entry.version === version && Date.now() - entry.builtAt < MAX_INDEX_AGE_MS) return entry.index;
  const previous = entry ? await entry.index.catch(() => undefined) : undefined;
  const index = loadActiveAlerts(db).then((rows) => AlertIndex.build(rows, previous));
  cache.set(cacheKey, { version, builtAt: Date.now(), index });
  index.catch(() => cache.delete(cacheKey));
  return index;
}

/** Drops the cached index (tests, or after a bulk change that does not touch updated_at). */
export function invalidateAlertIndex(): void {
  cache.clear();
}

/** A new archive article as ingest hands it to the matcher. */
export interface MatchableArticle {
  /** The archive row's id. */
  id: number;
  doc: IndexedDocument;
  reach: number;
  pubDate: Date;
  language: string;
  isMetacritic: boolean;
}

/** An (alert, article) pair that joined an alert's feed. */
export interface RecordedMatch {
  alertId: number;
  articleId: number;
  organizationId: number;
}

/**
 * Every (alert, article) pair of the index that matches, in article order; the loop yields
 * between time slices (a large batch against 10,000 alerts is tens of milliseconds).
 */
export async function matchArticles<A extends Pick<MatchableArticle, 'doc' | 'reach'>>(
  index: AlertIndex,
  articles: A[],
  slicer = new TimeSlicer(),
): Promise<{ alertId: number; article: A }[]> {
  const matches: { alertId: number; article: A }[] = [];
  for (const article of articles) {
    for (const alert of index.match(article.doc, article.reach)) matches.push({ alertId: alert.id, article });
    await slicer.pause();
  }
  return matches;
}

/**
 * When a match entered the feed: the caller's clock, or the writing transaction's start when that
 * is later. A poll reads its clock before fetching and may wait for an ingest slot; stamped with
 * that, a match could commit after a digest run had already moved its watermark past the stamp
 * and never be mailed. Stamped no earlier than its transaction's start, a match still uncommitted
 * is held back by the digest job (oldestOpenWriteStart).
 */
/**
 * The story of archive article `a` in organization `org`'s feeds (issue 32): null while its story
 * has no other copy; else the organization's edit of the article (a split), else its edit of the
 * story's first article (a merge), else the story.
 */
const feedStorySql = (org: SQL) => sql`case when a.story_id is null then null else ${storyOfSql(org)} end`;

const matchedAtSql = (now: Date) => sql`greatest(${now.toISOString()}::timestamptz, transaction_timestamp())`;

/**
 * Matches new archive articles against the active alerts (the cached index) and writes the
 * alert feed rows, one statement, inside the caller's transaction. The organization is read
 * from the alert row itself, and an alert deleted since the index was built matches nothing.
 * Returns the pairs this statement inserted (a pair already in the feed is not returned).
 */
export async function recordMatches(tx: Tx, fresh: MatchableArticle[], now: Date, matchedBy: MatchedBy = 'feed'): Promise<RecordedMatch[]> {
  if (fresh.length === 0) return [];
  return insertMatches(tx, await matchArticles(await getAlertIndex(tx), fresh), now, matchedBy);
}

/** How an article reached an alert's feed (`alert_articles.matched_by`): the crawler's feeds, GDELT discovery or a game's Steam news (issue 31). */
export type MatchedBy = 'feed' | 'gdelt' | 'steam';

/**
 * Writes (alert, article) pairs the caller matched itself (GDELT discovery: the alerts whose
 * GDELT query found the article, filtered with their own query), with the same statement as
 * recordMatches. A pair already in the feed, or deleted from it, is left as it is.
 */
export async function recordAlertMatches(
  tx: Tx,
  pairs: { alertId: number; article: Omit<MatchableArticle, 'doc'> }[],
  now: Date,
  matchedBy: MatchedBy,
): Promise<RecordedMatch[]> {
  return insertMatches(tx, [...pairs], now, matchedBy);
}

async function insertMatches(
  tx: Tx,
  matches: { alertId: number; article: Omit<MatchableArticle, 'doc'> }[],
  now: Date,
  matchedBy: MatchedBy,
): Promise<RecordedMatch[]> {
  if (matches.length === 0) return [];
  matches.sort((a, b) => a.alertId - b.alertId || a.article.id - b.article.id);
  const col = <T>(f: (m: (typeof matches)[number]) => T) => sql.param(matches.map(f));
  const result = await tx.execute<{ alert_id: number; article_id: number; organization_id: number }>(sql`
    with m as (
      select * from unnest(${col((m) => m.alertId)}::int[], ${col((m) => m.article.id)}::bigint[],
                           ${col((m) => m.article.pubDate.toISOString())}::timestamptz[], ${col((m) => m.article.reach)}::real[],
                           ${col((m) => m.article.language)}::text[], ${col((m) => m.article.isMetacritic)}::boolean[])
        as m(alert_id, article_id, pub_date, reach, language, is_metacritic)
    )
    insert into alert_articles (alert_id, article_id, organization_id, pub_date, reach, language, is_metacritic, title_sort, media, search, matched_at, matched_by, story_id)
    select m.alert_id, m.article_id, al.organization_id, m.pub_date, m.reach, m.language, m.is_metacritic,
           ${titleSortSql(sql`a.title`)}, ${mediaSql(sql`w.domain`, sql`a.url`)}, s.search, ${matchedAtSql(now)}, ${matchedBy},
           ${feedStorySql(sql`al.organization_id`)}
    from m join alerts al on al.id = m.alert_id
    join articles a on a.id = m.article_id and a.pub_date = m.pub_date
    join article_search s on s.id = m.article_id and s.pub_date = m.pub_date
    left join websites w on w.id = a.website_id
    order by m.alert_id, m.article_id
    on conflict (alert_id, article_id) do nothing
    returning alert_id, article_id, organization_id`);
  return result.rows.map((r) => ({ alertId: Number(r.alert_id), articleId: Number(r.article_id), organizationId: Number(r.organization_id) }));
}

/**
 * Moves `last_run_at` ("Last run was …" on the alert's feed) for alerts that just got articles.
 * Called outside the ingest transaction on purpose: a display timestamp is not worth a row lock
 * held until commit on every popular alert.
 */
export async function touchAlerts(db: Tx, alertIds: number[], now: Date): Promise<void> {
  if (alertIds.length === 0) return;
  const ids = [...new Set(alertIds)].sort((a, b) => a - b);
  await db.execute(sql`
    update alerts set last_run_at = ${now.toISOString()}::timestamptz
    where id = any(${sql.param(ids)}::int[]) and (last_run_at is null or last_run_at < ${now.toISOString()}::timestamptz)`);
}

/** How far back a new or re-keyworded alert's feed is filled from the archive. */
export const BACKFILL_MONTHS = 2;

export interface BackfillResult {
  /** Articles added to the alert's feed. */
  matched: number;
  /** Articles removed because they no longer match (only with `prune`). */
  pruned: number;
}

/**
 * Fills a new or re-keyworded alert's feed from the archive of the last two months (articles
 * whose search vector matches the alert's query and whose media score reaches the alert's
 * minimum). No notifications: only new matches at ingest are announced. With `prune`, feed
 * entries the new keywords no longer match are removed (entries a user deleted stay hidden).
 */
export async function backfillAlert(db: Tx, orgId: number, alertId: number, opts: { now?: Date; prune?: boolean } = {}): Promise<BackfillResult> {
  const now = opts.now ?? new Date();
  const found = await db.execute<{ keywords: string; min_reach: number }>(
    sql`select keywords, min_reach from alerts where id = ${alertId} and organization_id = ${orgId}`,
  );
  const alert = found.rows[0];
  if (!alert) return { matched: 0, pruned: 0 };
  const parsed = parseQuery(alert.keywords);
  if (!parsed.ok) return { matched: 0, pruned: 0 };
  const tsquery = toTsquery(parsed.query);
  const since = new Date(now);
  since.setUTCMonth(since.getUTCMonth() - BACKFILL_MONTHS);
  let pruned = 0;
  if (opts.prune) {
    const removed = await db.execute(sql`
      delete from alert_articles aa
      where aa.alert_id = ${alertId} and aa.organization_id = ${orgId} and aa.deleted_at is null
        and not (aa.search @@ ${tsquery}::tsquery and aa.reach >= ${alert.min_reach}::real)`);
    pruned = removed.rowCount ?? 0;
  }
  const inserted = await db.execute(sql`
    insert into alert_articles (alert_id, article_id, organization_id, pub_date, reach, language, is_metacritic, title_sort, media, search, matched_at, story_id)
    select ${alertId}, a.id, ${orgId}, a.pub_date, a.reach, a.language, a.is_metacritic,
           ${titleSortSql(sql`a.title`)}, ${mediaSql(sql`w.domain`, sql`a.url`)}, s.search, ${matchedAtSql(now)},
           ${feedStorySql(sql`${orgId}::int`)}
    from article_search s
    join articles a on a.id = s.id and a.pub_date = s.pub_date
    left join websites w on w.id = a.website_id
    where s.search @@ ${tsquery}::tsquery and s.reach >= ${alert.min_reach}::real
      and s.pub_date >= ${since.toISOString()}::timestamptz
    on conflict (alert_id, article_id) do nothing`);
  const matched = inserted.rowCount ?? 0;
  if (matched > 0) {
    await db.execute(sql`update alerts set last_run_at = ${now.toISOString()}::timestamptz where id = ${alertId} and organization_id = ${orgId}`);
  }
  return { matched, pruned };
}
