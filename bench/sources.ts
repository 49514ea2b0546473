// bench/sources: the outlet directory's two costs (issue 25).
// 1. Feed discovery of 100 outlets on the local web of outlets (test/fakes/outlets-web.ts), ten at a
//    time as an operator pasting a list would: time per outlet, total, and the most requests any
//    one outlet saw at once (must stay within CRAWLER_HOST_CONCURRENCY, 2).
// 2. A pack of 400 outlets switched on through the API (PATCH /api/source_packs/{id}) on a real
//    server with 10,000 alerts, while 20 requests/s read projects and an articles feed (the load
//    generator of bench/responsiveness.ts), each outlet's feed holding 100 stories as
//    bench/responsiveness's do: articles/s and the API's latency during the crawl.
//    Goal: bench/responsiveness's targets (articles_feed p95 ≤ 50 ms, p99 ≤ 100 ms; projects p95 ≤
//    100 ms; ingest ≥ 1,000 articles/s).
//
//   npm run bench -- --only=sources [--outlets=400]
import pg from 'pg';
import { startOutletsWeb, type Outlet } from '../test/fakes/outlets-web.js';
import { discoverFeeds } from '../server/features/sources/discover.js';
import { VOCAB, seedAlerts, sentence } from './crawl-data.js';
import { api, latencyRows, login, percentile, printTable, startBenchDatabase, startServer, treePeakRssMb, underLoad, writeResults, type Row } from './lib.js';

const DISCOVERED = 100;
const DISCOVERY_PARALLEL = 10;
const HOST_CONCURRENCY = 2;
const OUTLETS = Number(process.argv.find((a) => a.startsWith('--outlets='))?.split('=')[1] ?? 400);
// As bench/responsiveness's feeds: a hundred stories each (the fake's ten, and ninety published here).
const ITEMS_PER_OUTLET = 100;
const PACK = 'bench-games-en';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function benchDiscovery(outlets: Outlet[]): Promise<{ rows: Row[]; extra: Record<string, unknown> }> {
  const times: number[] = [];
  let found = 0;
  const queue = [...outlets];
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: DISCOVERY_PARALLEL }, async () => {
      for (let o = queue.shift(); o; o = queue.shift()) {
        const started = performance.now();
        const result = await discoverFeeds(o.origin, { allowPrivate: true, hostConcurrency: HOST_CONCURRENCY });
        times.push(performance.now() - started);
        if (result.feeds.length > 0) found++;
      }
    }),
  );
  const seconds = (performance.now() - t0) / 1000;
  const maxInFlight = Math.max(...outlets.map((o) => o.maxInFlight));
  console.log(
    `discovery: ${found}/${outlets.length} outlets with a proven feed in ${seconds.toFixed(2)} s; most requests at once on one outlet: ${maxInFlight} (limit ${HOST_CONCURRENCY})`,
  );
  return {
    rows: [
      {
        operation: `discover one outlet (${DISCOVERY_PARALLEL} at a time)`,
        engine: 'in process',
        n: times.length,
        median_ms: percentile(times, 50),
        p95_ms: percentile(times, 95),
        p99_ms: percentile(times, 99),
        throughput: Math.round((outlets.length / seconds) * 10) / 10,
        throughput_unit: 'outlets/s',
        peak_rss_mb: Math.round(process.memoryUsage().rss / 1048576),
      },
    ],
    extra: {
      discovery: {
        outlets: outlets.length,
        found,
        seconds: Math.round(seconds * 100) / 100,
        max_in_flight_per_host: maxInFlight,
        host_limit: HOST_CONCURRENCY,
      },
    },
  };
}

/** The outlets as a directory pack of the installation, disabled, as a start would write them. */
async function writePack(db: pg.Client, outlets: Outlet[]) {
  await db.query(`insert into source_packs (id, name, language, category) values ($1, 'Bench games press', 'en', 'games')`, [PACK]);
  const { rows } = await db.query<{ id: number }>(
    `insert into websites (domain, name, language, pack_id, directory)
     select d, n, 'en', $3, '{}'::jsonb from unnest($1::text[], $2::text[]) as t(d, n) returning id`,
    [outlets.map((o) => new URL(o.origin).host), outlets.map((o) => o.name), PACK],
  );
  await db.query(
    `insert into feeds (website_id, feed, origin, disabled, language) select w, f, 'directory', true, 'en' from unnest($1::int[], $2::text[]) as t(w, f)`,
    [rows.map((r) => r.id), outlets.map((o) => o.feedUrl)],
  );
}

async function benchPack(outlets: Outlet[]): Promise<{ rows: Row[]; extra: Record<string, unknown> }> {
  const database = await startBenchDatabase('sources');
  const server = await startServer({ DATABASE_URL: database.url, SEED_DEMO: 'false', ALLOW_PRIVATE_NETWORK: 'true' });
  const db = new pg.Client({ connectionString: database.url });
  await db.connect();
  try {
    const token = await login(server.url);
    await seedAlerts(db);
    // The alert a person is reading: a common word, so its feed fills up during the crawl.
    const {
      rows: [browsed],
    } = await db.query<{ id: number }>(`update alerts set keywords = $1 where id = (select min(id) from alerts) returning id`, [`+"${VOCAB[40]}"`]);
    await writePack(db, outlets);
    await underLoad(server.url, token, browsed.id, sleep(3000)); // warm up
    const idle = await underLoad(server.url, token, browsed.id, sleep(10_000));

    const total = outlets.length * ITEMS_PER_OUTLET;
    const t0 = performance.now();
    let firstArticleMs: number | null = null;
    const crawl = (async () => {
      await api(server.url, token, 'PATCH', `/api/source_packs/${PACK}`, { data: { type: 'source_pack', id: PACK, attributes: { enabled: true } } });
      for (;;) {
        const {
          rows: [{ n }],
        } = await db.query<{ n: number }>('select count(*)::int as n from articles');
        if (n > 0 && firstArticleMs === null) firstArticleMs = performance.now() - t0;
        if (n >= total) return n;
        if (performance.now() - t0 > 10 * 60_000) throw new Error(`only ${n} of ${total} articles after 10 minutes`);
        await sleep(250);
      }
    })();
    const during = await underLoad(server.url, token, browsed.id, crawl);
    const articles = await crawl;
    const seconds = (performance.now() - t0) / 1000;
    const failed = [...idle, ...during].filter((s) => s.status !== 200);
    if (failed.length) throw new Error(`${failed.length} requests failed`);
    const {
      rows: [health],
    } = await db.query<{ ok: number; other: number }>(
      `select count(*) filter (where health = 'ok')::int as ok, count(*) filter (where health <> 'ok')::int as other from feeds where not disabled`,
    );
    const peak = treePeakRssMb(server.pid);
    const rows = latencyRows(
      [
        ['no crawl', idle],
        [`${outlets.length} outlets switched on`, during],
      ],
      database.engine,
      peak,
    );
    const perSecond = Math.round(articles / seconds);
    console.log(
      `pack of ${outlets.length} outlets: ${articles} articles in ${seconds.toFixed(1)} s = ${perSecond} articles/s ` +
        `(first article after ${((firstArticleMs ?? 0) / 1000).toFixed(1)} s); feeds healthy ${health.ok}, other ${health.other}`,
    );
    return {
      rows,
      extra: {
        pack: {
          outlets: outlets.length,
          articles,
          seconds: Math.round(seconds * 10) / 10,
          articles_per_s: perSecond,
          first_article_s: Math.round((firstArticleMs ?? 0) / 100) / 10,
          feeds_ok: health.ok,
        },
      },
    };
  } finally {
    await db.end();
    await server.stop();
    await database.stop();
  }
}

const web = await startOutletsWeb();
try {
  const discovered = await web.addOutlets(DISCOVERED, 'linked');
  const discovery = await benchDiscovery(discovered);
  const crawled = await web.addOutlets(OUTLETS, 'linked');
  for (const o of crawled) for (let i = 10; i < ITEMS_PER_OUTLET; i++) o.publish({ title: sentence(8), description: sentence(30) });
  const pack = await benchPack(crawled);
  const rows = [...discovery.rows, ...pack.rows];
  printTable(
    `bench/sources — discovery of ${DISCOVERED} outlets; a pack of ${OUTLETS} outlets switched on under 20 requests/s ("throughput" of API rows = slowest request)`,
    rows,
  );
  const during = (endpoint: string) => pack.rows.find((r) => r.operation === `${endpoint} (${OUTLETS} outlets switched on)`)!;
  const goal =
    'during the crawl: articles_feed p95 ≤ 50 ms and p99 ≤ 100 ms, projects p95 ≤ 100 ms, ingest ≥ 1,000 articles/s; discovery within the per-host limit';
  const met =
    during('articles_feed').p95_ms <= 50 &&
    during('articles_feed').p99_ms <= 100 &&
    during('projects').p95_ms <= 100 &&
    (pack.extra.pack as { articles_per_s: number }).articles_per_s >= 1000 &&
    (discovery.extra.discovery as { max_in_flight_per_host: number }).max_in_flight_per_host <= HOST_CONCURRENCY;
  console.log(met ? `goal met: ${goal}` : `GOAL MISSED: ${goal}`);
  writeResults('sources', rows, { ...discovery.extra, ...pack.extra, goal, met });
} finally {
  await web.close();
}
