// bench/search: Super Search over a generated archive (1,000,000 articles with --size=large,
// 200,000 by default): the whole request of the screen — first page + total + volume chart, the
// two calls made together as the app does — for 2–3 term queries with a date range (target p50 ≤
// 20 ms, p95 ≤ 100 ms), broad queries (matching over 5 % of the archive) apart, the next page,
// relevance order, 4 concurrent users, and the load/index rate. Data: bench/search-data.ts.
import pg from 'pg';
import { parseQuery } from '../common/query/parse.js';
import { toTsquery } from '../common/query/postgres.js';
import { login, percentile, printTable, rng, rssMb, size, startBenchDatabase, startServer, writeResults, type Row } from './lib.js';
import { generateArticles, insertArticles, loadArchive, word } from './search-data.js';

const large = size() === 'large';
const ARCHIVE = large ? 1_000_000 : 200_000;
const QUERIES = large ? 400 : 200;
const INCREMENTAL = large ? 20_000 : 5_000;
const RANGES = [7, 30, 90, 180, 365];
const DAY = 86_400_000;

interface BenchQuery {
  search: string;
  from_date: string;
  to_date: string;
  days: number;
  matches: number;
}

/** Term ranks drawn log-uniformly: typical terms are specific (rank 100–20,000), broad ones common (3–60). */
function makeQueries(today: Date, n: number): Omit<BenchQuery, 'matches'>[] {
  const random = rng(7);
  const rank = (lo: number, hi: number) => Math.floor(Math.exp(Math.log(lo) + random() * (Math.log(hi) - Math.log(lo))));
  const term = (broad: boolean) => word(broad ? rank(3, 60) : rank(100, 20_000));
  const shapes: ((broad: boolean) => string)[] = [
    (b) => `${term(b)} ${term(false)}`, // either (Lucene's default OR)
    (b) => `+${term(b)} +${term(false)}`, // both
    (b) => `"${term(b)} ${term(false)}"`, // a phrase
    (b) => `${term(b)} ${term(false)} ${term(false)}`,
    (b) => `+${term(b)} +(${term(false)} ${term(false)})`,
    (b) => `+${term(b)} +${term(false)} -${term(false)}`,
  ];
  const out = new Map<string, Omit<BenchQuery, 'matches'>>();
  while (out.size < n) {
    const broad = random() < 0.3;
    const search = shapes[Math.floor(random() * shapes.length)](broad);
    const days = RANGES[Math.floor(random() * RANGES.length)];
    const to = today.toISOString().slice(0, 10);
    const from = new Date(today.getTime() - (days - 1) * DAY).toISOString().slice(0, 10);
    out.set(`${search}|${days}`, { search, from_date: from, to_date: to, days });
  }
  return [...out.values()];
}

async function post(url: string, token: string, path: string, body: unknown) {
  const res = await fetch(`${url}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'application/vnd.api+json' },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${path}: ${res.status} ${text.slice(0, 300)}`);
  return JSON.parse(text);
}

/** The screen's request: the first page and the volume, asked together; ms until both answered. */
async function screen(url: string, token: string, q: BenchQuery, extra: Record<string, unknown> = {}) {
  const filters = { search: q.search, from_date: q.from_date, to_date: q.to_date, organization_id: 1 };
  const t = performance.now();
  const [page] = await Promise.all([
    post(url, token, '/api/supersearch', { ...filters, page_size: 25, ...extra }),
    post(url, token, '/api/supersearch/volume', filters),
  ]);
  return { ms: performance.now() - t, page };
}

function row(operation: string, engine: string, lat: number[], seconds: number, peak: number): Row {
  return {
    operation,
    engine,
    n: lat.length,
    median_ms: percentile(lat, 50),
    p95_ms: percentile(lat, 95),
    p99_ms: percentile(lat, 99),
    throughput: Math.round((lat.length / seconds) * 10) / 10,
    throughput_unit: 'req/s',
    peak_rss_mb: peak,
  };
}

async function explain(db: pg.Client, q: BenchQuery) {
  const parsed = parseQuery(q.search);
  if (!parsed.ok) return;
  const tsq = toTsquery(parsed.query).replace(/'/g, "''");
  // The settings of the search connections (server/features/supersearch/search-db.ts).
  await db.query(`set jit = off; set work_mem = '32MB'; set random_page_cost = 1.1; set max_parallel_workers_per_gather = 0`);
  const { rows } = await db.query(`explain (analyze, buffers, timing off)
    select (pub_date at time zone 'UTC')::date, count(*) from articles
     where search @@ '${tsq}'::tsquery and pub_date >= '${q.from_date}' and pub_date < '${q.to_date}'::date + 1 group by 1`);
  console.log(`\nEXPLAIN day counts of ${q.search} (${q.days} days, ${q.matches} matches in the archive):`);
  console.log(rows.map((r) => r['QUERY PLAN']).join('\n'));
}

const database = await startBenchDatabase('search');
const server = await startServer({ DATABASE_URL: database.url, SEED_DEMO: 'false' });
const db = new pg.Client({ connectionString: database.url });
await db.connect();
try {
  const token = await login(server.url);
  const end = new Date();
  console.log(`loading ${ARCHIVE.toLocaleString('en')} articles…`);
  const load = await loadArchive(db, ARCHIVE, end, console.log);
  console.log(`loaded in ${load.loadSeconds.toFixed(1)} s, indexed (${load.indexes.join(', ')}) in ${load.indexSeconds.toFixed(1)} s`);

  const queries: BenchQuery[] = [];
  for (const q of makeQueries(end, QUERIES + 40)) {
    const parsed = parseQuery(q.search);
    if (!parsed.ok) continue;
    const { rows } = await db.query('select count(*)::int as n from articles where search @@ $1::tsquery', [toTsquery(parsed.query)]);
    queries.push({ ...q, matches: rows[0].n });
  }
  const broadAt = ARCHIVE * 0.05;
  const warmup = queries.slice(0, 40);
  const measured = queries.slice(40);
  for (const q of warmup) await screen(server.url, token, q);

  const rows: Row[] = [];
  const engine = database.engine;
  // `run` answers null for a query it does not apply to (no next page).
  const timed = async (name: string, list: BenchQuery[], run: (q: BenchQuery) => Promise<number | null>) => {
    const lat: number[] = [];
    const t0 = performance.now();
    for (const q of list) {
      const ms = await run(q);
      if (ms !== null) lat.push(ms);
    }
    rows.push(row(name, engine, lat, (performance.now() - t0) / 1000, rssMb(server.pid)));
    return lat;
  };
  const typical = measured.filter((q) => q.matches <= broadAt);
  const broad = measured.filter((q) => q.matches > broadAt);
  const byRange: Record<string, { n: number; p50: number; p95: number }> = {};
  const typicalLat = await timed('first page + total + volume: 2–3 terms', typical, async (q) => (await screen(server.url, token, q)).ms);
  for (const days of RANGES) {
    const lat = typicalLat.filter((_, i) => typical[i].days === days);
    byRange[`${days} days`] = { n: lat.length, p50: percentile(lat, 50), p95: percentile(lat, 95) };
  }
  await timed('first page + total + volume: broad (> 5 % of archive)', broad, async (q) => (await screen(server.url, token, q)).ms);
  // The next page: the first page's cursor, the total reused from the day counts.
  await timed('next page (search_after, total cached)', typical, async (q) => {
    const first = await post(server.url, token, '/api/supersearch', { search: q.search, from_date: q.from_date, to_date: q.to_date, organization_id: 1 });
    const cursor = first.meta.nextPage;
    if (!cursor) return null;
    const t = performance.now();
    await post(server.url, token, '/api/supersearch', { search: q.search, from_date: q.from_date, to_date: q.to_date, organization_id: 1, search_after: cursor });
    return performance.now() - t;
  });
  // Relevance ranks every match: new queries (different dates) so no count is cached.
  const shifted = typical.map((q) => ({ ...q, from_date: new Date(Date.parse(q.from_date) - DAY).toISOString().slice(0, 10) }));
  await timed('first page + total + volume: relevance order', shifted, async (q) => (await screen(server.url, token, q, { sort_fields: 'relevance' })).ms);

  // 4 users at once, each running its own share of the typical queries (other dates again).
  const concurrent = typical.map((q) => ({ ...q, from_date: new Date(Date.parse(q.from_date) - 2 * DAY).toISOString().slice(0, 10) }));
  const lat4: number[] = [];
  const t4 = performance.now();
  await Promise.all([0, 1, 2, 3].map(async (k) => {
    for (let i = k; i < concurrent.length; i += 4) lat4.push((await screen(server.url, token, concurrent[i])).ms);
  }));
  rows.push(row('first page + total + volume: 4 concurrent users', engine, lat4, (performance.now() - t4) / 1000, rssMb(server.pid)));

  // Ingest into the indexed table, as the crawler does (batches of 500 articles).
  const t1 = performance.now();
  for (let from = ARCHIVE; from < ARCHIVE + INCREMENTAL; from += 500) {
    await insertArticles(db, generateArticles(from, 500, ARCHIVE + INCREMENTAL, end));
  }
  const ingestSeconds = (performance.now() - t1) / 1000;
  const loadRate = Math.round(ARCHIVE / (load.loadSeconds + load.indexSeconds));
  rows.push({
    operation: `bulk load ${ARCHIVE.toLocaleString('en')} articles (tokenize + insert ${load.loadSeconds.toFixed(0)} s, index ${load.indexSeconds.toFixed(0)} s)`,
    engine, n: ARCHIVE, median_ms: 0, p95_ms: 0, p99_ms: 0, throughput: loadRate, throughput_unit: 'articles/s', peak_rss_mb: 0,
  });
  rows.push({
    operation: `ingest into the indexed archive (${INCREMENTAL.toLocaleString('en')} articles, batches of 500)`,
    engine, n: INCREMENTAL, median_ms: 0, p95_ms: 0, p99_ms: 0, throughput: Math.round(INCREMENTAL / ingestSeconds), throughput_unit: 'articles/s', peak_rss_mb: 0,
  });

  printTable(`bench/search — ${ARCHIVE.toLocaleString('en')} articles, ${typical.length} typical and ${broad.length} broad queries, one user unless said`, rows);
  console.log('typical queries by date range:', JSON.stringify(byRange));
  if (process.argv.includes('--explain')) {
    const pick = (list: BenchQuery[], days: number) => list.find((q) => q.days === days && q.matches > 1000);
    for (const q of [pick(typical, 30), pick(typical, 365), pick(broad, 30)]) if (q) await explain(db, q);
  }
  const main = rows[0];
  const met = main.median_ms <= 20 && main.p95_ms <= 100;
  console.log(met ? 'target met: p50 ≤ 20 ms, p95 ≤ 100 ms' : 'TARGET MISSED: p50 ≤ 20 ms, p95 ≤ 100 ms');
  writeResults('search', rows, {
    archive: ARCHIVE,
    load_seconds: load.loadSeconds,
    index_seconds: load.indexSeconds,
    typical_by_range: byRange,
    queries: { typical: typical.length, broad: broad.length, ranges_days: RANGES },
    targets: { p50_ms: 20, p95_ms: 100 },
    met,
  });
} finally {
  await db.end();
  await server.stop();
  if (process.argv.includes('--keep')) console.log(`kept ${database.url}`);
  else await database.stop();
}
