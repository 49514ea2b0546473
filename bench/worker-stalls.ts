// bench/worker-stalls: how long the worker's synchronous steps hold its event loop. Runs the real
// parse, normalize, index-build and match functions in this process on realistic and large inputs
// (1,000-item RSS / Atom / JSON feeds, a body near the fetch cap, 10,000 alerts) and reports, per
// operation, the total time and the longest stall: what a pg-boss heartbeat or a job claim due
// during that step would wait. Target: no stall over ~50 ms.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { renderFeed, type FakeFeedFormat, type FakeFeedItem } from '../test/fakes/feeds-render.js';
import { FETCH_DEFAULTS } from '../server/net/http-client.js';
import { parseFeed } from '../server/features/crawler/parse-feed.js';
import { parseFeedOffLoop } from '../server/features/crawler/parse-pool.js';
import { normalizeItems, type IngestFeed, type NormalizedArticle } from '../server/features/crawler/normalize.js';
import { AlertIndex, matchArticles, type AlertRow } from '../server/features/alerts/matcher.js';
import { alertKeywords, sentence } from './crawl-data.js';
import { peakRssMb, percentile, printTable, size, writeResults, type Row } from './lib.js';

const large = size() === 'large';
const RUNS = large ? 7 : 3;
const ITEMS = 1000;
const ALERTS = 10_000;
/** The ticker's period and the delay monitor's resolution: finer would measure the timers themselves. */
const TICK_MS = 2;

// The vocabulary and alert keywords of bench/ingest: Zipf-like words, alerts on the rarer ones.

const FEED_URL = 'https://outlet.example/feed';
const now = new Date('2026-11-24T08:00:00Z');

function feedItems(count: number, htmlChars = 0): FakeFeedItem[] {
  return Array.from({ length: count }, (_, j) => ({
    title: sentence(8),
    url: `https://outlet.example/news/${j}?utm_source=rss`,
    description: sentence(30),
    // Words average ~5 characters with their space.
    html: htmlChars ? `<p>${sentence(Math.ceil(htmlChars / 5))}</p>` : undefined,
    published: new Date(now.getTime() - j * 60_000),
    author: `Author ${j % 7}`,
  }));
}

const feedBody = (format: FakeFeedFormat, items: FakeFeedItem[]) =>
  Buffer.from(renderFeed({ format, title: 'Bench outlet', items }, FEED_URL, 'https://hub.example/'));

// A body just under the fetch cap: 1,000 items whose article HTML fills it.
const capItems = feedItems(ITEMS, Math.floor((FETCH_DEFAULTS.maxBytes * 0.9) / ITEMS));
const bodies: { name: string; body: Buffer }[] = [
  { name: 'rss', body: feedBody('rss', feedItems(ITEMS)) },
  { name: 'atom', body: feedBody('atom', feedItems(ITEMS)) },
  { name: 'json', body: feedBody('json', feedItems(ITEMS)) },
  { name: `rss near the cap`, body: feedBody('rss', capItems) },
];

const alertRows: AlertRow[] = Array.from({ length: ALERTS }, (_, i) => ({ id: i + 1, organizationId: 1, minReach: 0.1, keywords: alertKeywords(i) }));
// No declared language anywhere, so every item goes through franc: the worst case of normalize.
const feed: IngestFeed = { id: 1, type: 0, language: null, website: { id: 1, language: 'unknown', reach: 5, muv: null, isMetacritic: false } };
const items = parseFeed(bodies[0].body, { contentType: 'application/rss+xml', url: FEED_URL }).items.map((i) => ({ ...i, language: null }));
const index = new AlertIndex(alertRows);
let articles: NormalizedArticle[] = [];

interface Sample {
  totalMs: number;
  maxStallMs: number;
  p99DelayMs: number;
}

/**
 * Runs `op` once while a delay monitor and a ticker watch the loop. The longest stall is the
 * larger of the monitor's max delay and the longest gap between ticks (less the period).
 */
async function sample(op: () => unknown): Promise<Sample> {
  const histogram = monitorEventLoopDelay({ resolution: TICK_MS });
  let last = performance.now();
  let maxGap = 0;
  const ticker = setInterval(() => {
    const t = performance.now();
    maxGap = Math.max(maxGap, t - last - TICK_MS);
    last = t;
  }, TICK_MS);
  await sleep(TICK_MS * 5);
  histogram.enable();
  const t0 = performance.now();
  await op();
  const totalMs = performance.now() - t0;
  // Let the monitor and the ticker observe the end of a stall that lasted to the op's end.
  await sleep(TICK_MS * 5);
  histogram.disable();
  clearInterval(ticker);
  return { totalMs, maxStallMs: Math.max(maxGap, histogram.max / 1e6 - TICK_MS), p99DelayMs: histogram.percentile(99) / 1e6 - TICK_MS };
}

const rows: Row[] = [];
const stalls: Record<string, unknown>[] = [];
const round = (ms: number) => Math.round(Math.max(0, ms) * 10) / 10;

async function measure(operation: string, engine: string, n: number, unit: string, op: () => unknown) {
  const samples: Sample[] = [];
  for (let r = 0; r < RUNS; r++) samples.push(await sample(op));
  const totals = samples.map((s) => s.totalMs);
  const median = percentile(totals, 50);
  rows.push({
    operation,
    engine,
    n,
    median_ms: round(median),
    p95_ms: round(percentile(totals, 95)),
    p99_ms: round(percentile(totals, 99)),
    throughput: Math.round((n / median) * 1000),
    throughput_unit: unit,
    peak_rss_mb: peakRssMb(process.pid),
  });
  stalls.push({
    operation,
    engine,
    'total ms (median)': round(median),
    'longest stall ms (max)': round(Math.max(...samples.map((s) => s.maxStallMs))),
    'longest stall ms (median)': round(
      percentile(
        samples.map((s) => s.maxStallMs),
        50,
      ),
    ),
    'p99 delay ms (max)': round(Math.max(...samples.map((s) => s.p99DelayMs))),
  });
}

// The first large parse starts the parse thread: not part of any figure.
await parseFeedOffLoop(bodies[0].body, { contentType: null, url: FEED_URL });
for (const { name, body } of bodies) {
  const mb = Math.round((body.length / 1048576) * 10) / 10;
  const ctx = { contentType: null, url: FEED_URL };
  await measure(`parse ${ITEMS} items, ${name} (${mb} MB)`, 'inline parseFeed', ITEMS, 'items/s', () => parseFeed(body, ctx));
  await measure(`parse ${ITEMS} items, ${name} (${mb} MB)`, 'parseFeedOffLoop', ITEMS, 'items/s', () => parseFeedOffLoop(body, ctx));
}
await measure(`normalize ${ITEMS} items (franc on each)`, 'time slices', ITEMS, 'items/s', async () => {
  articles = (await normalizeItems(feed, items, now)).articles;
});
await measure(`build the index of ${ALERTS} alerts`, 'time slices', ALERTS, 'alerts/s', () => AlertIndex.build(alertRows));
await measure(`match ${ITEMS} articles × ${ALERTS} alerts`, 'time slices', ITEMS, 'articles/s', () => matchArticles(index, articles));

printTable('worker-stalls: total time per operation', rows);
console.log('\nworker-stalls: the longest the event loop was held (target ≤ 50 ms)');
console.table(stalls);
writeResults('worker-stalls', rows, { runs: RUNS, tick_ms: TICK_MS, stalls });
