// bench/report: a report over 10,000 saved articles. The report API (GET reports/{id}, its public
// twin, the public articles list the page loads) with 4 concurrent clients — target p95 ≤ 300 ms
// on PostgreSQL — and the public page's first screen in headless Chromium — target ≤ 1.5 s.
// The page needs the built web app: dist/web (npm run build), or BENCH_WEB_DIR=<a vite build>
// served here with /api proxied to the server. Data is generated in SQL, deterministically.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { chromium } from 'playwright-core';
import { api, login, percentile, printTable, root, rssMb, size, startBenchDatabase, startServer, writeResults, type Row } from './lib.js';

const JSONAPI = 'application/vnd.api+json';
const ARTICLES = 10_000;
const SECONDS = size() === 'large' ? 15 : 6;
const PAGE_LOADS = size() === 'large' ? 30 : 10;
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const REPORT_NAME = 'Bench launch coverage Q1';
/** What the page looked like on the first load (outside the repository). */
const SHOT = path.join(os.tmpdir(), 'coverwatch-bench-report-page.png');

/** A brand, a project with three tags (through the API), and 10,000 saved articles over 90 days (SQL). */
async function seed(url: string, token: string, dbUrl: string) {
  const brand = await api(url, token, 'POST', '/api/clients', { data: { type: 'client', attributes: { name: 'Bench brand' } } });
  const project = await api(url, token, 'POST', '/api/projects', {
    data: { type: 'project', attributes: { name: 'Bench reports' }, relationships: { client: { data: { type: 'client', id: brand.id } } } },
  });
  const tags: number[] = [];
  for (const name of ['Reviews', 'Previews', 'Interviews'])
    tags.push(Number((await api(url, token, 'POST', `/api/projects/${project.id}/tags`, { data: { type: 'tag', attributes: { name } } })).id));
  const db = new pg.Client({ connectionString: dbUrl });
  await db.connect();
  await db.query(
    `insert into saved_articles (organization_id, project_id, tag_id, url_key, url, full_url, title, language, reach, muv, date)
     select p.organization_id, p.id, ($2::int[])[1 + g % 3], 'bench-' || g,
            'https://outlet' || (1 + g % 250) || '.example/news/' || g, 'https://outlet' || (1 + g % 250) || '.example/news/' || g || '?utm_source=rss',
            'Bench story number ' || g || ' about the launch', (array['en','en','en','de','fr','es','it','ja'])[1 + (g / 7) % 8],
            round((0.1 + (g * 31 % 99) / 10.0)::numeric, 1), (g * 104729 % 20000000),
            '2024-01-01T00:00:00Z'::timestamptz + ((g * 2654435761::bigint) % (90 * 24 * 60)) * interval '1 minute'
       from projects p, generate_series(1, ${ARTICLES}) g where p.id = $1`,
    [Number(project.id), tags],
  );
  await db.query('vacuum analyze saved_articles');
  const { rows } = await db.query('select id from saved_articles where project_id = $1 order by reach desc, id limit 5', [Number(project.id)]);
  await db.end();
  return { projectId: Number(project.id), highlights: rows.map((r) => r.id as number) };
}

/** `concurrency` clients asking in a loop for `seconds`; latencies of every request. */
async function load(url: string, token: string | null, p: string, seconds: number, concurrency = 4) {
  const latencies: number[] = [];
  const until = Date.now() + seconds * 1000;
  const headers: Record<string, string> = { accept: JSONAPI };
  if (token) headers.authorization = `Bearer ${token}`;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (Date.now() < until) {
        const t = performance.now();
        const res = await fetch(`${url}${p}`, { headers });
        const body = await res.text();
        if (!res.ok) throw new Error(`${p}: ${res.status} ${body.slice(0, 300)}`);
        latencies.push(performance.now() - t);
      }
    }),
  );
  return latencies;
}

/** A vite build served with an SPA fallback, /api proxied to the server (when dist/web is not built). */
async function serveWeb(dir: string, apiUrl: string): Promise<{ url: string; close(): Promise<void> }> {
  const types: Record<string, string> = {
    '.js': 'text/javascript',
    '.css': 'text/css',
    '.html': 'text/html',
    '.svg': 'image/svg+xml',
    '.png': 'image/png',
    '.woff2': 'font/woff2',
  };
  const api = new URL(apiUrl);
  const server = http.createServer((req, res) => {
    const urlPath = (req.url ?? '/').split('?')[0];
    if (urlPath.startsWith('/api/')) {
      const upstream = http.request({ host: api.hostname, port: api.port, path: req.url, method: req.method, headers: req.headers }, (up) => {
        res.writeHead(up.statusCode ?? 502, up.headers);
        up.pipe(res);
      });
      req.pipe(upstream);
      return;
    }
    const file = path.join(dir, path.normalize(urlPath));
    const target = file.startsWith(dir) && fs.existsSync(file) && fs.statSync(file).isFile() ? file : path.join(dir, 'index.html');
    res.writeHead(200, { 'content-type': types[path.extname(target)] ?? 'application/octet-stream' });
    fs.createReadStream(target).pipe(res);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => new Promise((r) => server.close(() => r())) };
}

/** Fresh browser contexts loading /p/r/{id}: time to the report's name on screen, and to reportReady. */
async function measurePage(webUrl: string, reportId: string) {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
  });
  const first: number[] = [];
  const ready: number[] = [];
  const phases = { domContentLoaded: [] as number[], reportApiStart: [] as number[], reportApiEnd: [] as number[] };
  try {
    for (let i = 0; i <= PAGE_LOADS; i++) {
      const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
      const page = await context.newPage();
      const t0 = performance.now();
      await page.goto(`${webUrl}/p/r/${reportId}`, { waitUntil: 'commit' });
      // Checked on every animation frame (a locator's waitFor polls with back-off of up to 500 ms).
      await page.waitForFunction((name) => document.body?.textContent?.includes(name), REPORT_NAME, { polling: 'raf', timeout: 30_000 });
      const tFirst = performance.now() - t0;
      await page.waitForFunction(() => document.body.dataset.reportReady === 'true', undefined, { timeout: 30_000 });
      const tReady = performance.now() - t0;
      if (i === 0) await page.screenshot({ path: SHOT });
      else {
        // The first load warms the server's caches and Chromium's; it is not counted.
        first.push(tFirst);
        ready.push(tReady);
        // Where the first screen's time goes (ms since navigation start, as the page saw it).
        const t = await page.evaluate(() => {
          const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
          const api = performance.getEntriesByType('resource').find((e) => /\/api\/p\/reports\/[^/?]+$/.test(e.name.split('?')[0])) as
            PerformanceResourceTiming | undefined;
          return { dcl: nav.domContentLoadedEventEnd, start: api?.startTime ?? 0, end: api?.responseEnd ?? 0 };
        });
        phases.domContentLoaded.push(t.dcl);
        phases.reportApiStart.push(t.start);
        phases.reportApiEnd.push(t.end);
      }
      await context.close();
    }
  } finally {
    await browser.close();
  }
  const med = (v: number[]) => Math.round(percentile(v, 50));
  console.log(`first load's screenshot: ${SHOT}`);
  console.log(
    `page phases (median ms from navigation): DOMContentLoaded ${med(phases.domContentLoaded)}, GET p/reports/{id} sent ${med(phases.reportApiStart)}, answered ${med(phases.reportApiEnd)}, name shown ${med(first)}, reportReady ${med(ready)}`,
  );
  return { first, ready };
}

const row = (operation: string, engine: string, lat: number[], seconds: number, pid: number): Row => ({
  operation,
  engine,
  n: lat.length,
  median_ms: percentile(lat, 50),
  p95_ms: percentile(lat, 95),
  p99_ms: percentile(lat, 99),
  throughput: Math.round(lat.length / seconds),
  throughput_unit: 'req/s',
  peak_rss_mb: rssMb(pid),
});

const database = await startBenchDatabase('report');
// Highlights take preview images or placeholders (no Chromium in the server during the run).
const server = await startServer({ DATABASE_URL: database.url, SEED_DEMO: 'false', SCREENSHOTS_ENABLED: 'false' });
let web: { url: string; close(): Promise<void> } | null = null;
try {
  const token = await login(server.url);
  const { projectId, highlights } = await seed(server.url, token, database.url);
  const t0 = performance.now();
  const report = await api(server.url, token, 'POST', '/api/reports', {
    data: {
      type: 'report',
      attributes: {
        name: REPORT_NAME,
        status: 0,
        date_start: '2024-01-01',
        date_end: '2024-03-31',
        descriptionHTML: '<p>Coverage of the <strong>launch</strong>.</p>',
        screenshots: highlights.map((id) => ({ article_id: String(id) })),
        tags_id: [],
        tags_not: [],
        languages: [],
        languages_not: [],
        videos: [],
        saved_streams: [],
      },
      relationships: { project: { data: { type: 'project', id: String(projectId) } } },
    },
  });
  console.log(`report over ${report.attributes.totals.articles} articles created in ${Math.round(performance.now() - t0)} ms`);
  if (report.attributes.totals.articles !== ARTICLES) throw new Error(`expected ${ARTICLES} articles, got ${report.attributes.totals.articles}`);

  const scenarios: [string, string | null, string][] = [
    ['GET reports/{id}', token, `/api/reports/${report.id}`],
    ['GET p/reports/{id}', null, `/api/p/reports/${report.id}`],
    ['GET p/articles?filter[report_id] (page 1 of 25)', null, `/api/p/articles?filter[report_id]=${report.id}&page=1&page_size=25&sort=-date`],
    ['GET p/articles?filter[report_id] (page 1 of 5000)', null, `/api/p/articles?filter[report_id]=${report.id}&page=1&page_size=5000&sort=-date`],
  ];
  const rows: Row[] = [];
  await load(server.url, token, scenarios[0][2], 2); // warm-up
  for (const [name, auth, p] of scenarios) rows.push(row(name, database.engine, await load(server.url, auth, p, SECONDS), SECONDS, server.pid));
  const apiOk = rows.slice(0, 3).every((r) => r.p95_ms <= 300);

  const webDir = process.env.BENCH_WEB_DIR ? path.resolve(process.env.BENCH_WEB_DIR) : path.join(root, 'dist', 'web');
  let pageOk: boolean | null = null;
  if (!fs.existsSync(path.join(webDir, 'index.html'))) {
    console.log(`page render skipped: no built web app at ${webDir} (npm run build, or BENCH_WEB_DIR=<vite build dir>)`);
  } else {
    web = process.env.BENCH_WEB_DIR ? await serveWeb(webDir, server.url) : { url: server.url, close: async () => {} };
    const { first, ready } = await measurePage(web.url, report.id);
    rows.push({ ...row('page /p/r/{id}: first screen (name shown)', 'chromium', first, 1, server.pid), throughput: 0, throughput_unit: '-' });
    rows.push({ ...row('page /p/r/{id}: charts drawn (reportReady)', 'chromium', ready, 1, server.pid), throughput: 0, throughput_unit: '-' });
    pageOk = percentile(first, 95) <= 1500;
  }

  printTable(`bench/report — ${ARTICLES} saved articles; API: 4 concurrent clients × ${SECONDS} s; page: ${PAGE_LOADS} fresh loads`, rows);
  console.log(apiOk ? 'API target met: p95 ≤ 300 ms' : 'API TARGET MISSED: p95 ≤ 300 ms');
  if (pageOk !== null) console.log(pageOk ? 'page target met: first screen p95 ≤ 1.5 s' : 'PAGE TARGET MISSED: first screen p95 ≤ 1.5 s');
  writeResults('report', rows, {
    articles: ARTICLES,
    targets: { api_p95_ms: 300, first_screen_p95_ms: 1500 },
    met: apiOk && pageOk !== false,
    page_measured: pageOk !== null,
  });
} finally {
  await web?.close();
  await server.stop();
  // --keep: leave the generated database for EXPLAIN sessions (its URL is printed).
  if (process.argv.includes('--keep')) console.log(`kept ${database.url}`);
  else await database.stop();
}
