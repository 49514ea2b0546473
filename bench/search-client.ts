// bench/search's calls to the API as the Super Search screen makes them (not a benchmark itself),
// its table rows and the EXPLAIN of a query's day counts.
import type pg from 'pg';
import { percentile, type Row } from './lib.js';
import type { BenchQuery } from './search-data.js';

export async function post(url: string, token: string, path: string, body: unknown) {
  const res = await fetch(`${url}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'application/vnd.api+json' },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${path}: ${res.status} ${text.slice(0, 300)}`);
  return JSON.parse(text);
}

export const filtersOf = (q: BenchQuery) => ({ search: q.search, from_date: q.from_date, to_date: q.to_date, organization_id: 1 });

/** The first page alone: ms, and whether it came without its total (`meta.counting`). */
/**
 * The first page alone, as one person's search sees it: timed until the page answers. The
 * search's months go on being counted after a page sent with `counting: true`; the volume call
 * (untimed) waits for them, so the next query starts on an idle server rather than behind the
 * previous one's counts — what the screen does, which always asks for the volume too.
 */
export async function firstPage(url: string, token: string, q: BenchQuery) {
  const t = performance.now();
  const page = await post(url, token, '/api/supersearch', { ...filtersOf(q), page_size: 25 });
  const ms = performance.now() - t;
  await post(url, token, '/api/supersearch/volume', filtersOf(q));
  return { ms, counting: page.meta.counting === true };
}

/** The screen's request: the first page and the volume, asked together; ms until both answered. */
export async function screen(url: string, token: string, q: BenchQuery, extra: Record<string, unknown> = {}) {
  const t = performance.now();
  const [page, volume] = await Promise.all([
    post(url, token, '/api/supersearch', { ...filtersOf(q), page_size: 25, ...extra }),
    post(url, token, '/api/supersearch/volume', filtersOf(q)),
  ]);
  return { ms: performance.now() - t, page, total: volume.meta.total as number };
}

export function row(operation: string, engine: string, lat: number[], seconds: number, peak: number): Row {
  return {
    operation,
    engine,
    n: lat.length,
    median_ms: percentile(lat, 50),
    p95_ms: percentile(lat, 95),
    p99_ms: percentile(lat, 99),
    throughput: seconds > 0 ? Math.round((lat.length / seconds) * 10) / 10 : 0,
    throughput_unit: 'req/s',
    peak_rss_mb: peak,
  };
}

export const stats = (lat: number[]) => ({ n: lat.length, p50: percentile(lat, 50), p95: percentile(lat, 95), p99: percentile(lat, 99) });

export async function explain(db: pg.Client, q: BenchQuery) {
  const tsq = q.tsquery.replace(/'/g, "''");
  // The settings of the search connections (server/db/search-db.ts).
  await db.query(`set jit = off; set work_mem = '32MB'; set random_page_cost = 1.1; set max_parallel_workers_per_gather = 0`);
  const { rows } = await db.query(`explain (analyze, buffers, timing off)
    select day, count(*) from article_search
     where search @@ '${tsq}'::tsquery and pub_date >= '${q.from_date}' and pub_date < '${q.to_date}'::date + 1 group by 1`);
  console.log(`\nEXPLAIN day counts of ${q.search} (${q.days} days, ${q.matches} matches in the archive):`);
  console.log(rows.map((r) => r['QUERY PLAN']).join('\n'));
}
