// bench/articles-feed: the articles feed list with filters over an alert with 100,000 matches
// (target p95 ≤ 50 ms), and the streamed CSV export of 1,000,000 rows (target ≥ 100,000 rows/s,
// server peak RSS < 300 MB). Data is generated in SQL, deterministically.
// Flags: --keep (leave the generated database), --reuse=URL (run on a kept one, ~1 min instead
// of ~6), --scenario=text (only matching list scenarios), --list-only, --export-only.
import pg from 'pg';
import { archiveFromSelect } from '../server/features/crawler/archive.js';
import { api, load, login, percentile, printTable, rssMb, size, startBenchDatabase, startServer, writeResults, type Row } from './lib.js';

const large = size() === 'large';
const ARCHIVE = 1_000_000;
const FEED_MATCHES = 100_000;
const CSV_ROWS = 1_000_000;
const SECONDS = large ? 15 : 6;

/** A brand, a project and an alert through the API, as a user would make them. */
async function makeAlert(url: string, token: string, name: string): Promise<{ alertId: number; projectId: number }> {
  const brand = await api(url, token, 'POST', '/api/clients', { data: { type: 'client', attributes: { name: `Bench ${name}` } } });
  const project = await api(url, token, 'POST', '/api/projects', {
    data: { type: 'project', attributes: { name: `Bench ${name}` }, relationships: { client: { data: { type: 'client', id: brand.id } } } },
  });
  const alert = await api(url, token, 'POST', '/api/alerts', {
    data: { type: 'alert', attributes: { project_id: Number(project.id), name: `Bench ${name}`, keywords: '+"zzbenchnever"' } },
  });
  return { alertId: Number(alert.id), projectId: Number(project.id) };
}

const WORDS = [
  'nebula',
  'starfall',
  'launch',
  'review',
  'update',
  'patch',
  'studio',
  'esports',
  'league',
  'console',
  'headphones',
  'audio',
  'trailer',
  'release',
  'date',
  'sales',
  'record',
  'players',
  'season',
  'roadmap',
  'interview',
  'director',
  'preview',
  'hands-on',
  'delay',
  'price',
  'bundle',
  'award',
  'festival',
  'benchmark',
  'performance',
  'multiplayer',
  'campaign',
  'expansion',
  'beta',
];

async function generate(dbUrl: string, feedAlert: number, csvAlert: number) {
  const db = new pg.Client({ connectionString: dbUrl });
  await db.connect();
  const t0 = Date.now();
  await db.query(`
    insert into websites (domain, reach, muv, language, is_metacritic)
    select 'outlet' || g || '.example', round((0.1 + (g * 7919 % 99) / 10.0)::numeric, 1), (g * 104729 % 20000000),
           (array['en','en','en','de','fr','es','it','ja','pt'])[1 + g % 9], g % 17 = 0
    from generate_series(1, 1000) g`);
  const words = `array[${WORDS.map((w) => `'${w}'`).join(',')}]`;
  // The archive's three tables written from one select (server/features/crawler/archive.ts). The
  // generated titles are plain lower-case ASCII words, which PostgreSQL's simple parser splits
  // exactly as common/query's tokenizer does, so the search vector can be built in SQL here.
  const archive = archiveFromSelect(
    `
    select g.*, to_tsvector('simple', g.title || ' ' || g.description) as search from (
      select md5('bench' || g) as url_key, 'https://outlet' || (1 + g % 1000) || '.example/news/' || g as url,
             'https://outlet' || (1 + g % 1000) || '.example/news/' || g || '?utm_source=rss' as full_url,
             initcap((${words})[1 + g % 35]) || ' ' || (${words})[1 + (g / 35) % 35] || ' ' || (${words})[1 + (g / 1225) % 35] || ' number ' || g as title,
             'Generated article ' || g as description, (array['en','en','en','de','fr','es','it','ja','pt'])[1 + (g / 7) % 9] as language,
             now() - ((g * 2654435761::bigint) % (730 * 24 * 60)) * interval '1 minute' as pub_date, now() as first_seen_at,
             1 + g % 1000 as website_id, round((0.1 + (g * 31 % 99) / 10.0)::numeric, 1) as reach, (g * 13 % 20000000) as muv,
             g % 23 = 0 as is_metacritic
        from generate_series(1, ${ARCHIVE}) g) g`,
    ['first_seen_at', 'website_id', 'muv', 'is_metacritic'],
  );
  await db.query(archive.months);
  await db.query(archive.insert);
  await db.query(archive.versions);
  // The copied sort columns as server/db/media-sql.ts computes them.
  const feedRows = (where: string) => `
    insert into alert_articles (alert_id, article_id, organization_id, pub_date, reach, language, is_metacritic, title_sort, media, search)
    select $1, a.id, 1, a.pub_date, a.reach, a.language, a.is_metacritic, left(lower(a.title), 100),
           coalesce(w.domain, substring(a.url from '^[a-zA-Z]+://(?:www\\.)?([^/:?#]+)'), ''), s.search
      from articles a join article_search s on s.id = a.id and s.pub_date = a.pub_date
      left join websites w on w.id = a.website_id ${where}`;
  await db.query(feedRows(`where a.id % ${ARCHIVE / FEED_MATCHES} = 0`), [feedAlert]);
  await db.query(feedRows(`where a.id <= ${CSV_ROWS}`), [csvAlert]);
  // Steady state: autovacuum keeps the visibility map of a table that grows by inserts set
  // (autovacuum_vacuum_insert_threshold), which the feed's index-only scans rely on; right
  // after a bulk load it is not yet, so vacuum here instead of waiting for autovacuum.
  await db.query('vacuum analyze');
  await db.end();
  return (Date.now() - t0) / 1000;
}

/** The streamed CSV export of the export alert's 1,000,000 rows: rows/s and the server's peak RSS. */
async function measureExport(server: { url: string; pid: number }, token: string, alertId: number, engine: string): Promise<Row> {
  const baselineRss = rssMb(server.pid);
  let peak = baselineRss;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(server.pid))), 100);
  const t0 = performance.now();
  const res = await fetch(`${server.url}/api/csv/articles_feed/${alertId}`, { headers: { authorization: `Bearer ${token}`, accept: 'text/csv' } });
  if (!res.ok || !res.body) throw new Error(`csv: ${res.status} ${await res.text()}`);
  let lines = 0;
  let bytes = 0;
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    bytes += chunk.length;
    for (let i = 0; i < chunk.length; i++) if (chunk[i] === 10) lines++;
  }
  const seconds = (performance.now() - t0) / 1000;
  clearInterval(sampler);
  const exported = lines - 1; // header
  if (exported < CSV_ROWS) throw new Error(`csv: ${exported} rows, expected ${CSV_ROWS}`);
  console.log(`export: server RSS ${baselineRss} MB before, ${peak} MB peak`);
  return {
    operation: `CSV export ${exported.toLocaleString('en')} rows (${(bytes / 1e6).toFixed(0)} MB)`,
    engine,
    n: exported,
    median_ms: Math.round(seconds * 1000),
    p95_ms: Math.round(seconds * 1000),
    p99_ms: Math.round(seconds * 1000),
    throughput: Math.round(exported / seconds),
    throughput_unit: 'rows/s',
    peak_rss_mb: peak,
  };
}

/** A command-line option's value: `--name=value`. */
const option = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);

// --reuse=URL: run against a database an earlier `--keep` run generated (no generation, no drop),
// for quick before/after comparisons; --scenario=text: the list scenarios whose name contains
// text, without the export (`--only` is bench/run's: which benchmark).
const reuse = option('reuse');
const only = option('scenario');
const database = reuse ? { url: reuse, engine: 'postgres (DATABASE_URL)', stop: async () => {} } : await startBenchDatabase('feed');
const server = await startServer({ DATABASE_URL: database.url, SEED_DEMO: 'false' });
try {
  const token = await login(server.url);
  let feed: { alertId: number; projectId: number };
  let csv: { alertId: number; projectId: number };
  let loadSeconds = 0;
  if (reuse) {
    const db = new pg.Client({ connectionString: reuse });
    await db.connect();
    const byName = async (name: string) => {
      const r = await db.query('select id, project_id from alerts where name = $1', [`Bench ${name}`]);
      return { alertId: Number(r.rows[0].id), projectId: Number(r.rows[0].project_id) };
    };
    [feed, csv] = [await byName('Feed'), await byName('Export')];
    await db.end();
  } else {
    feed = await makeAlert(server.url, token, 'Feed');
    csv = await makeAlert(server.url, token, 'Export');
    loadSeconds = await generate(database.url, feed.alertId, csv.alertId);
    console.log(`generated ${ARCHIVE} articles, ${FEED_MATCHES} + ${CSV_ROWS} feed rows in ${loadSeconds.toFixed(1)} s`);
  }

  const base = `/api/articles_feed/${feed.alertId}`;
  const monthAgo = new Date(Date.now() - 30 * 86400000).toISOString().slice(0, 10);
  const scenarios: [string, string][] = [
    ['first page (25, -pub_date)', `${base}?page[page]=1&page[page_size]=25`],
    ['page 200', `${base}?page[page]=200&page[page_size]=25`],
    ['languages de,fr', `${base}?filter[languages]=de,fr&page[page_size]=25`],
    ['score 5–8 + metacritic', `${base}?filter[minScore]=5&filter[maxScore]=8&filter[metacritic]=true`],
    ['last 30 days', `${base}?filter[startDate]=${monthAgo}`],
    ['search "starfall"', `${base}?filter[searchTerm]=starfall`],
    ['sort -reach, 100 per page', `${base}?sort=-reach&page[page_size]=100`],
    ['500 per page', `${base}?page[page_size]=500`],
    ['sort title, 25 per page', `${base}?sort=title&page[page_size]=25`],
    ['sort -media, 25 per page', `${base}?sort=-media&page[page_size]=25`],
    ['sort language, page 50', `${base}?sort=language&page[page]=50&page[page_size]=25`],
    ['last page (4000 of 25)', `${base}?page[page]=4000&page[page_size]=25`],
  ];
  const rows: Row[] = [];
  const skipExport = process.argv.includes('--list-only') || only !== undefined;
  // The export first, on a fresh process: its memory is the export's, not the list runs' heap.
  if (!skipExport) rows.push(await measureExport(server, token, csv.alertId, database.engine));

  await load(server.url, token, scenarios[0][1], 2); // warm-up
  // --export-only: the CSV export alone (for memory experiments with BENCH_SERVER_NODE_ARGS).
  const chosen = scenarios.filter(([name]) => only === undefined || name.includes(only));
  for (const [name, path] of process.argv.includes('--export-only') ? [] : chosen) {
    const lat = await load(server.url, token, path, SECONDS);
    rows.push({
      operation: `GET articles_feed: ${name}`,
      engine: database.engine,
      n: lat.length,
      median_ms: percentile(lat, 50),
      p95_ms: percentile(lat, 95),
      p99_ms: percentile(lat, 99),
      throughput: Math.round(lat.length / SECONDS),
      throughput_unit: 'req/s',
      peak_rss_mb: rssMb(server.pid),
    });
  }

  printTable('bench/articles-feed — 4 concurrent clients per list scenario; one streamed CSV export', rows);
  const listOk = rows.filter((r) => r.throughput_unit === 'req/s').every((r) => r.p95_ms <= 50);
  const csvRow = rows.find((r) => r.throughput_unit === 'rows/s');
  const csvOk = !csvRow || (csvRow.throughput >= 100_000 && csvRow.peak_rss_mb < 300);
  console.log(listOk ? 'list target met: p95 ≤ 50 ms' : 'LIST TARGET MISSED: p95 ≤ 50 ms');
  if (csvRow) console.log(csvOk ? 'export target met: ≥ 100,000 rows/s, RSS < 300 MB' : 'EXPORT TARGET MISSED: ≥ 100,000 rows/s, RSS < 300 MB');
  writeResults('articles-feed', rows, {
    load_seconds: loadSeconds,
    targets: { list_p95_ms: 50, csv_rows_per_s: 100000, csv_rss_mb: 300 },
    met: listOk && csvOk,
  });
} finally {
  await server.stop();
  // --keep: leave the generated database for EXPLAIN sessions (its URL is printed).
  if (process.argv.includes('--keep')) console.log(`kept ${database.url}`);
  else await database.stop();
}
