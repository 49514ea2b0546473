/**
 * GDELT discovery's tables (server/db/schema/gdelt.ts): the distinct queries, each active
 * alert's translation, the requests sent. Reads of alerts, projects, websites and the ranking
 * are read-only joins (their owners write them).
 */
import { sql } from 'drizzle-orm';
import type { GdeltQuery, GdeltQueryState } from '../../../common/schemas/gdelt.js';
import type { Db, Tx } from '../../db/client.js';

const p = (value: unknown) => sql.param(value);

export interface QueryRow {
  id: number;
  query: string;
  state: GdeltQueryState;
  lastSearchedAt: Date | null;
  lastSeenAt: Date | null;
  backfill: boolean;
}

/** An active alert whose translation is missing or out of date (its keywords changed). */
export async function alertsToTranslate(db: Tx): Promise<{ id: number; keywords: string }[]> {
  const { rows } = await db.execute<{ id: number; keywords: string }>(sql`
    select al.id, al.keywords
      from alerts al join projects pr on pr.id = al.project_id
      left join gdelt_alerts g on g.alert_id = al.id
     where al.active and not pr.locked and (g.alert_id is null or g.keywords <> al.keywords)
     order by al.id`);
  return rows.map((r) => ({ id: Number(r.id), keywords: r.keywords }));
}

/** Translations of alerts no longer active (paused, deleted, their project locked) go; so do queries no alert uses. */
export async function dropInactive(db: Tx): Promise<void> {
  await db.execute(sql`
    delete from gdelt_alerts g
     where not exists (select 1 from alerts al join projects pr on pr.id = al.project_id
                        where al.id = g.alert_id and al.active and not pr.locked)`);
  await db.execute(sql`delete from gdelt_queries q where not exists (select 1 from gdelt_alerts g where g.query_id = q.id)`);
}

/** The query of this text (made when new). `rejoined`: an alert just joined it, so its next search covers the last weeks again. */
export async function ensureQuery(db: Tx, text: string): Promise<number> {
  const { rows } = await db.execute<{ id: number }>(sql`
    insert into gdelt_queries (query) values (${text})
    on conflict (query) do update set backfill = true
    returning id`);
  return Number(rows[0].id);
}

export async function saveTranslation(
  db: Tx,
  t: { alertId: number; keywords: string; queryId: number | null; exact: boolean; reason: string | null },
  now: Date,
): Promise<void> {
  await db.execute(sql`
    insert into gdelt_alerts (alert_id, keywords, query_id, exact, reason, updated_at)
    values (${t.alertId}, ${t.keywords}, ${t.queryId}, ${t.exact}, ${t.reason}, ${now.toISOString()}::timestamptz)
    on conflict (alert_id) do update
      set keywords = excluded.keywords, query_id = excluded.query_id, exact = excluded.exact, reason = excluded.reason, updated_at = excluded.updated_at`);
}

const queryColumns = sql`id, query, state, last_searched_at, last_seen_at, backfill`;
type QueryDbRow = {
  id: number;
  query: string;
  state: GdeltQueryState;
  last_searched_at: Date | string | null;
  last_seen_at: Date | string | null;
  backfill: boolean;
};
const toDate = (v: Date | string | null) => (v === null ? null : new Date(v));
const toQueryRow = (r: QueryDbRow): QueryRow => ({
  id: Number(r.id),
  query: r.query,
  state: r.state,
  lastSearchedAt: toDate(r.last_searched_at),
  lastSeenAt: toDate(r.last_seen_at),
  backfill: r.backfill,
});

/**
 * The queries due, in the order they are searched: those whose last weeks are still to search
 * (new queries, queries an alert just joined), oldest first; then those not searched for
 * `refreshMs`, least recently searched first. A query GDELT refused as invalid is not asked again
 * (an alert whose keywords change gets another query).
 */
export async function dueQueries(db: Tx, now: Date, refreshMs: number, limit: number): Promise<QueryRow[]> {
  const before = new Date(now.getTime() - refreshMs).toISOString();
  const { rows } = await db.execute<QueryDbRow>(sql`
    select ${queryColumns} from gdelt_queries
     where state <> 'invalid' and (backfill or last_searched_at is null or last_searched_at <= ${before}::timestamptz)
     order by backfill desc, last_searched_at asc nulls first, id
     limit ${limit}`);
  return rows.map(toQueryRow);
}

export async function findQuery(db: Tx, id: number): Promise<QueryRow | null> {
  const { rows } = await db.execute<QueryDbRow>(sql`select ${queryColumns} from gdelt_queries where id = ${id}`);
  return rows[0] ? toQueryRow(rows[0]) : null;
}

/** After a search: its outcome on the query. `backfill` ends only when the search covered the last weeks. */
export async function finishSearch(
  db: Tx,
  id: number,
  r: { state: GdeltQueryState; at: Date; error: string | null; results: number; found: number; lastSeenAt: Date | null; coveredBackfill: boolean },
): Promise<void> {
  await db.execute(sql`
    update gdelt_queries
       set state = ${r.state}, last_searched_at = ${r.at.toISOString()}::timestamptz, last_error = ${r.error},
           last_results = ${r.results}, articles_found = articles_found + ${r.found},
           last_seen_at = greatest(last_seen_at, ${r.lastSeenAt?.toISOString() ?? null}::timestamptz),
           backfill = backfill and not ${r.coveredBackfill}
     where id = ${id}`);
}

export async function logRequest(db: Tx, r: { queryId: number | null; outcome: string; results: number; at: Date }): Promise<void> {
  await db.execute(
    sql`insert into gdelt_requests (query_id, outcome, results, at) values (${r.queryId}, ${r.outcome}, ${r.results}, ${r.at.toISOString()}::timestamptz)`,
  );
}

/** Requests are kept a day. */
export async function pruneRequests(db: Tx, now: Date): Promise<void> {
  await db.execute(sql`delete from gdelt_requests where at < ${new Date(now.getTime() - 86_400_000).toISOString()}::timestamptz`);
}

export async function requestsSince(db: Tx, since: Date): Promise<{ requests: number; refusals: number }> {
  const { rows } = await db.execute<{ requests: number; refusals: number }>(sql`
    select count(*)::int as requests, count(*) filter (where outcome = 'rate_limited')::int as refusals
      from gdelt_requests where at > ${since.toISOString()}::timestamptz`);
  return { requests: Number(rows[0].requests), refusals: Number(rows[0].refusals) };
}

/** An alert served by a query, with what the local filter needs. */
export interface QueryAlert {
  alertId: number;
  organizationId: number;
  keywords: string;
  minReach: number;
  exact: boolean;
}

/** The active alerts (unlocked projects) a query serves. */
export async function alertsOfQuery(db: Tx, queryId: number): Promise<QueryAlert[]> {
  const { rows } = await db.execute<{ alert_id: number; organization_id: number; keywords: string; min_reach: number; exact: boolean }>(sql`
    select g.alert_id, al.organization_id, al.keywords, al.min_reach, g.exact
      from gdelt_alerts g join alerts al on al.id = g.alert_id join projects pr on pr.id = al.project_id
     where g.query_id = ${queryId} and al.active and not pr.locked and g.keywords = al.keywords
     order by g.alert_id`);
  return rows.map((r) => ({
    alertId: Number(r.alert_id),
    organizationId: Number(r.organization_id),
    keywords: r.keywords,
    minReach: Number(r.min_reach),
    exact: r.exact,
  }));
}

/** Archive rows by URL key (read-only: the crawler writes the archive), as an alert feed row copies them. */
export async function archiveRowsByKey(
  db: Tx,
  keys: string[],
): Promise<Map<string, { id: number; pubDate: Date; reach: number; language: string; isMetacritic: boolean; websiteId: number | null }>> {
  if (!keys.length) return new Map();
  const { rows } = await db.execute<{
    url_key: string;
    id: string | number;
    pub_date: Date | string;
    reach: number;
    language: string;
    is_metacritic: boolean;
    website_id: number | null;
  }>(sql`
    select k.url_key, a.id, a.pub_date, a.reach, a.language, a.is_metacritic, a.website_id
      from article_keys k join articles a on a.id = k.article_id and a.pub_date = k.pub_date
     where k.url_key = any(${p(keys)}::text[])`);
  return new Map(
    rows.map((r) => [
      r.url_key,
      {
        id: Number(r.id),
        pubDate: new Date(r.pub_date),
        reach: Number(r.reach),
        language: r.language,
        isMetacritic: r.is_metacritic,
        websiteId: r.website_id === null ? null : Number(r.website_id),
      },
    ]),
  );
}

/** Ranks of registrable domains in the current ranking list (read-only; features/reach imports it). */
export async function currentRanks(db: Tx, domains: string[]): Promise<Map<string, number>> {
  if (!domains.length) return new Map();
  const { rows } = await db.execute<{ domain: string; rank: number }>(sql`
    select e.domain, e.rank from ranking_entries e join ranking_lists l on l.id = e.list_id
     where l.current and e.domain = any(${p(domains)}::text[])`);
  return new Map(rows.map((r) => [r.domain, Number(r.rank)]));
}

/** The operator's overview: counts, and the queries to look at first. */
export async function overview(
  db: Db | Tx,
  limit: number,
): Promise<{
  queriesTotal: number;
  queriesInvalid: number;
  alertsSearched: number;
  alertsUnsupported: number;
  queries: GdeltQuery[];
}> {
  const counts = await db.execute<{ total: number; invalid: number; searched: number; unsupported: number }>(sql`
    select (select count(*) from gdelt_queries)::int as total,
           (select count(*) from gdelt_queries where state = 'invalid')::int as invalid,
           (select count(*) from gdelt_alerts where query_id is not null)::int as searched,
           (select count(*) from gdelt_alerts where query_id is null)::int as unsupported`);
  const list = await db.execute<{
    query: string;
    state: GdeltQueryState;
    alerts: number;
    last_searched_at: Date | string | null;
    last_error: string | null;
    last_results: number;
    articles_found: number;
  }>(sql`
    select q.query, q.state, (select count(*) from gdelt_alerts g where g.query_id = q.id)::int as alerts,
           q.last_searched_at, q.last_error, q.last_results, q.articles_found
      from gdelt_queries q
     order by (q.state in ('invalid', 'error')) desc, q.last_searched_at asc nulls first, q.id
     limit ${limit}`);
  const c = counts.rows[0];
  return {
    queriesTotal: Number(c.total),
    queriesInvalid: Number(c.invalid),
    alertsSearched: Number(c.searched),
    alertsUnsupported: Number(c.unsupported),
    queries: list.rows.map((r) => ({
      query: r.query,
      state: r.state,
      alerts: Number(r.alerts),
      last_searched_at: r.last_searched_at === null ? null : new Date(r.last_searched_at).toISOString(),
      last_error: r.last_error,
      last_results: Number(r.last_results),
      articles_found: Number(r.articles_found),
    })),
  };
}
