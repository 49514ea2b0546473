// bench/responsiveness: how the app answers people while the crawler works. Per start mode, on a
// fresh database with 10,000 alerts: a steady 20 requests/s (GET /api/projects and
// GET /api/articles_feed/{id}?page_size=25, alternating) from a separate process, first with
// nothing crawling, then while 1,000 feeds × 100 items are added through the API and crawled.
// Goal (2 cores, during the crawl, default start): articles_feed p95 ≤ 50 ms and p99 ≤ 100 ms,
// projects p95 ≤ 100 ms, ingest ≥ 1,000 articles/s.
//
//   npm run bench -- --only=responsiveness [--compare] [--idle-seconds=20]
//
// --compare adds the single-process start (`--role=all`, the old default) for the table's
// second row. Each mode starts its own server on its own fresh database.
import pg from 'pg';
import { startFakeFeedServer } from '../test/fakes/feeds.js';
import { FEEDS, ITEMS_PER_FEED, VOCAB, addFeedsThroughApi, articlesStored, seedAlerts, serveFeeds } from './crawl-data.js';
import { latencyRows, login, printTable, startBenchDatabase, startServer, treePeakRssMb, underLoad, writeResults, type LoadSample, type Row } from './lib.js';

const RATE = 20;
const ENDPOINTS = ['projects', 'articles_feed'] as const;
type Endpoint = (typeof ENDPOINTS)[number];
type Sample = LoadSample;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface ModeResult {
  rows: Row[];
  ingest: { articles: number; seconds: number; perSecond: number };
  eventLoopMaxMs: Record<string, number>;
}

/** A gauge's value (ms) in Prometheus text: the max over its series. */
function gaugeMs(text: string, name: string): number {
  let max = 0;
  for (const line of text.split('\n')) {
    const m = /^([a-z_:]+)(\{[^}]*\})?\s+(\S+)$/i.exec(line);
    if (m && m[1] === name) max = Math.max(max, Number(m[3]) * 1000);
  }
  return max;
}

const STALL = 'coverwatch_event_loop_delay_max_seconds';

/**
 * The longest event-loop stall of each process in the last sampling window: workers from their
 * snapshots in process_metrics, the whole installation from GET /metrics (its worst process).
 */
async function stallsMs(db: pg.Client, url: string, token: string): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  const { rows } = await db.query<{ role: string; snapshot: { metrics: { name: string; values: { value: number }[] }[] } }>(
    `select role, snapshot from process_metrics where updated_at > now() - interval '30 seconds'`,
  );
  for (const row of rows) {
    const gauge = row.snapshot.metrics.find((m) => m.name === STALL);
    const ms = Math.max(0, ...(gauge?.values.map((v) => v.value * 1000) ?? []));
    out[row.role] = Math.max(out[row.role] ?? 0, Math.round(ms));
  }
  const res = await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${token}` } }).catch(() => null);
  if (res?.ok) out['any process'] = Math.round(gaugeMs(await res.text(), STALL));
  return out;
}

async function runMode(mode: { key: string; name: string; args: string[] }, idleSeconds: number): Promise<ModeResult> {
  const feedsServer = await startFakeFeedServer();
  const database = await startBenchDatabase(`resp_${mode.key}`);
  const metricsToken = 'bench-metrics-token-0123456789';
  const server = await startServer(
    {
      DATABASE_URL: database.url,
      SEED_DEMO: 'false',
      ALLOW_PRIVATE_NETWORK: 'true',
      CRAWLER_HOST_CONCURRENCY: '64',
      METRICS_TOKEN: metricsToken,
    },
    { args: mode.args },
  );
  const db = new pg.Client({ connectionString: database.url });
  await db.connect();
  try {
    const token = await login(server.url);
    await seedAlerts(db);
    // The alert a person is reading: a common word, so its feed fills up during the crawl.
    const {
      rows: [browsed],
    } = await db.query<{ id: number }>(`update alerts set keywords = $1 where id = (select min(id) from alerts) returning id`, [`+"${VOCAB[40]}"`]);
    // Warm up (first requests plan statements and fill caches), then measure idle.
    await underLoad(server.url, token, browsed.id, sleep(3000));
    const idle = await underLoad(server.url, token, browsed.id, sleep(idleSeconds * 1000));

    serveFeeds(feedsServer);
    const total = FEEDS * ITEMS_PER_FEED;
    const t0 = performance.now();
    let eventLoopMaxMs: Record<string, number> = {};
    const crawl = (async () => {
      await addFeedsThroughApi(server.url, token, feedsServer);
      for (;;) {
        const stored = await articlesStored(db);
        if (stored >= total) return stored;
        if (performance.now() - t0 > 15 * 60_000) throw new Error(`only ${stored} of ${total} articles after 15 minutes`);
        for (const [role, ms] of Object.entries(await stallsMs(db, server.url, metricsToken))) {
          eventLoopMaxMs[role] = Math.max(eventLoopMaxMs[role] ?? 0, ms);
        }
        await sleep(1000);
      }
    })();
    const during = await underLoad(server.url, token, browsed.id, crawl);
    const articles = await crawl;
    const seconds = (performance.now() - t0) / 1000;
    const failed = [...idle, ...during].filter((s) => s.status !== 200);
    if (failed.length) throw new Error(`${failed.length} requests failed (statuses ${[...new Set(failed.map((s) => s.status))].join(', ')})`);
    eventLoopMaxMs = Object.fromEntries(Object.entries(eventLoopMaxMs).sort());

    const peak = treePeakRssMb(server.pid);
    const rows = latencyRows(
      [
        ['no crawl', idle],
        [`crawl, ${mode.name}`, during],
      ],
      database.engine,
      peak,
    );
    return { rows, ingest: { articles, seconds: Math.round(seconds * 10) / 10, perSecond: Math.round(articles / seconds) }, eventLoopMaxMs };
  } finally {
    await db.end();
    await server.stop();
    await database.stop();
    await feedsServer.close();
  }
}

async function main() {
  const idleSeconds = Number(process.argv.find((a) => a.startsWith('--idle-seconds='))?.split('=')[1] ?? 20);
  const modes = [{ key: 'default', name: 'default start (API and worker processes)', args: [] as string[] }];
  if (process.argv.includes('--compare')) modes.push({ key: 'all', name: 'one --role=all process', args: ['--role=all'] });
  const rows: Row[] = [];
  const ingest: Record<string, ModeResult['ingest']> = {};
  const eventLoop: Record<string, ModeResult['eventLoopMaxMs']> = {};
  for (const mode of modes) {
    const result = await runMode(mode, idleSeconds);
    rows.push(...result.rows);
    ingest[mode.name] = result.ingest;
    eventLoop[mode.name] = result.eventLoopMaxMs;
    console.log(
      `${mode.name}: ${result.ingest.articles} articles in ${result.ingest.seconds} s = ${result.ingest.perSecond} articles/s; ` +
        `longest event-loop stall during the crawl (ms): ${JSON.stringify(result.eventLoopMaxMs)}`,
    );
  }
  printTable(`bench/responsiveness — ${RATE} requests/s while ${FEEDS} feeds × ${ITEMS_PER_FEED} items are crawled ("throughput" = slowest request)`, rows);
  const crawlRow = (endpoint: Endpoint) => rows.find((r) => r.operation === `${endpoint} (crawl, ${modes[0].name})`)!;
  const feed = crawlRow('articles_feed');
  const projects = crawlRow('projects');
  const perSecond = ingest[modes[0].name].perSecond;
  const met = feed.p95_ms <= 50 && feed.p99_ms <= 100 && projects.p95_ms <= 100 && perSecond >= 1000;
  const goal = 'articles_feed p95 ≤ 50 ms and p99 ≤ 100 ms, projects p95 ≤ 100 ms, ingest ≥ 1,000 articles/s';
  console.log(met ? `goal met: ${goal}` : `GOAL MISSED: ${goal}`);
  writeResults('responsiveness', rows, { rate_per_s: RATE, ingest, event_loop_max_ms: eventLoop, goal, met });
}

// ---- The load generator: a child process of its own, so nothing here shares its event loop.
if (process.argv[2] === '--load') {
  runLoadGenerator();
} else {
  await main();
}

function runLoadGenerator() {
  const [url, token, alertId] = process.argv.slice(3);
  const paths: Record<Endpoint, string> = { projects: '/api/projects', articles_feed: `/api/articles_feed/${alertId}?page_size=25` };
  const samples: Sample[] = [];
  let n = 0;
  const timer = setInterval(() => {
    const endpoint = ENDPOINTS[n++ % ENDPOINTS.length];
    const started = performance.now();
    fetch(`${url}${paths[endpoint]}`, { headers: { authorization: `Bearer ${token}`, accept: 'application/vnd.api+json' } })
      .then(async (res) => {
        await res.arrayBuffer();
        samples.push({ endpoint, ms: performance.now() - started, status: res.status });
      })
      .catch(() => samples.push({ endpoint, ms: performance.now() - started, status: 0 }));
  }, 1000 / RATE);
  process.on('message', () => {
    clearInterval(timer);
    // Requests in flight finish first: a slow answer is the point of the measurement.
    setTimeout(() => process.send!(samples, () => process.exit(0)), 2000);
  });
}
