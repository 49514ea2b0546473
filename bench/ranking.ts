// bench/ranking: the traffic ranking's two costs (issue 26), on the real server (`server/main.ts`:
// supervisor, API and worker).
// 1. Importing a 1,000,000-line list in the Tranco format, uploaded on the Websites screen's route
//    (POST /api/operator/ranking, multipart): seconds from the upload to the list being current, and
//    the server's extra resident memory (its process tree sampled every 100 ms, minus before).
//    Goal: ≤ 30 s and ≤ 200 MB extra RSS on 2 cores.
// 2. Rescoring 10,000 websites and their archive articles (20 each, 200,000, each in three alerts'
//    feeds: 600,000 feed rows) when a new list moves every one of them, while 20 requests/s read projects and an articles feed (bench/responsiveness's
//    load generator): the rescoring's time and the API's latency while it runs.
//
//   npm run bench -- --only=ranking [--lines=1000000] [--websites=10000]
import pg from 'pg';
import { rankingLines } from '../test/fakes/ranking.js';
import { seedAlerts, sentence } from './crawl-data.js';
import { latencyRows, login, percentile, printTable, processTree, rssMb, startBenchDatabase, startServer, underLoad, writeResults, type Row } from './lib.js';

const arg = (name: string, dflt: number) => Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? dflt);
const LINES = arg('lines', 1_000_000);
const WEBSITES = arg('websites', 10_000);
const ARTICLES_PER_WEBSITE = 20;
const TLDS = ['com', 'net', 'org', 'de', 'co.uk', 'fr', 'com.br', 'jp', 'io', 'it'];

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const treeRss = (pid: number) => processTree(pid).reduce((sum, p) => sum + rssMb(p), 0);

interface RankingStatus {
  state: string;
  domains: number;
  imported_at: string | null;
  rescored_at: string | null;
  last_error: string | null;
  websites_ranked: number;
}

async function status(url: string, token: string): Promise<RankingStatus> {
  const res = await fetch(`${url}/api/operator/ranking`, { headers: { authorization: `Bearer ${token}` } });
  if (!res.ok) throw new Error(`GET ranking: ${res.status}`);
  return (await res.json()).data.attributes;
}

/** Uploads a list and waits until it is current and carried to every website; samples the server's RSS meanwhile. */
async function upload(url: string, token: string, pid: number, body: string, name: string) {
  const before = await status(url, token);
  const baseline = treeRss(pid);
  let peak = baseline;
  const form = new FormData();
  form.append('file', new Blob([body], { type: 'text/csv' }), name);
  const t0 = performance.now();
  const res = await fetch(`${url}/api/operator/ranking`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  if (res.status !== 202) throw new Error(`upload: ${res.status} ${await res.text()}`);
  for (;;) {
    peak = Math.max(peak, treeRss(pid));
    const s = await status(url, token);
    if (s.state === 'failed') throw new Error(`import failed: ${s.last_error}`);
    if (s.state === 'ok' && s.imported_at !== before.imported_at && s.rescored_at) {
      return { seconds: (performance.now() - t0) / 1000, extraRssMb: peak - baseline, baselineMb: baseline, status: s };
    }
    if (performance.now() - t0 > 10 * 60_000) throw new Error('import did not finish in 10 minutes');
    await sleep(100);
  }
}

const database = await startBenchDatabase('ranking');
const server = await startServer({ DATABASE_URL: database.url, SEED_DEMO: 'false' });
const db = new pg.Client({ connectionString: database.url });
await db.connect();
try {
  const token = await login(server.url);
  const rows: Row[] = [];

  // 1. A million lines on an installation with no websites yet.
  const list = rankingLines(LINES);
  const first = await upload(server.url, token, server.pid, list, 'tranco_BENCH1-1m.csv');
  console.log(
    `import: ${LINES.toLocaleString()} lines (${(Buffer.byteLength(list) / 1048576).toFixed(1)} MB) in ${first.seconds.toFixed(1)} s; server RSS ${first.baselineMb} MB → +${first.extraRssMb} MB at most`,
  );
  rows.push({
    operation: `import ${LINES.toLocaleString()} lines (upload → current)`,
    engine: database.engine,
    n: 1,
    median_ms: Math.round(first.seconds * 1000),
    p95_ms: Math.round(first.seconds * 1000),
    p99_ms: Math.round(first.seconds * 1000),
    throughput: Math.round(LINES / first.seconds),
    throughput_unit: 'lines/s',
    peak_rss_mb: first.baselineMb + first.extraRssMb,
  });

  // 2. 10,000 websites spread over the list, 20 archive articles each, 10,000 alerts; one alert's feed holds 5,000 of them.
  const step = Math.floor(LINES / WEBSITES);
  const ranks = Array.from({ length: WEBSITES }, (_, i) => 1 + i * step);
  await db.query(`insert into websites (domain, language, reach, reach_source) select d, 'en', 0.1, 'default' from unnest($1::text[]) as t(d)`, [
    ranks.map((r) => `site${r}.${TLDS[r % TLDS.length]}`),
  ]);
  const { alertIds } = await seedAlerts(db);
  const browsed = alertIds[0];
  const titles = Array.from({ length: 200 }, () => sentence(8));
  await db.query(`select archive_ensure_month(date_trunc('month', now() - (m || ' month')::interval)::date) from generate_series(0, 2) m`);
  await db.query(
    `with r as materialized (
       select nextval('articles_id_seq') as id, w.id as website_id, g,
              'https://' || w.domain || '/story-' || g as url, now() - ((g * 37 % 60) || ' days')::interval as pub_date,
              ($1::text[])[1 + (w.id * 7 + g) % 200] as title
         from websites w, generate_series(1, ${ARTICLES_PER_WEBSITE}) g),
     k as (insert into article_keys (url_key, article_id, pub_date) select md5(url), id, pub_date from r),
     a as (insert into articles (id, url_key, url, full_url, title, language, pub_date, website_id, reach)
           select id, md5(url), url, url, title, 'en', pub_date, website_id, 0.1 from r)
     insert into article_search (id, pub_date, day, language, reach, search)
     select id, pub_date, (pub_date at time zone 'UTC')::date, 'en', 0.1, to_tsvector('simple', title) from r`,
    [titles],
  );
  // Every article is in three alerts' feeds (the browsed one among them): the feed rows a rescoring must reach.
  await db.query(
    `insert into alert_articles (alert_id, article_id, organization_id, pub_date, reach, language, title_sort, media, search)
     select al, a.id, 1, a.pub_date, a.reach, a.language, lower(left(a.title, 64)), w.domain, s.search
       from articles a join article_search s on s.id = a.id and s.pub_date = a.pub_date join websites w on w.id = a.website_id,
            unnest($1::int[]) al`,
    [alertIds.slice(0, 3)],
  );
  await db.query('analyze');
  const {
    rows: [{ n: articles }],
  } = await db.query<{ n: number }>('select count(*)::int as n from articles');
  const {
    rows: [{ n: feedRows }],
  } = await db.query<{ n: number }>('select count(*)::int as n from alert_articles');

  await underLoad(server.url, token, browsed, sleep(3000)); // warm up
  const idle = await underLoad(server.url, token, browsed, sleep(10_000));
  // A new list in which every website has another rank (the list read backwards): every score moves.
  const reversed = rankingLines(LINES)
    .trimEnd()
    .split('\n')
    .map((line) => `${LINES + 1 - Number(line.slice(0, line.indexOf(',')))},${line.slice(line.indexOf(',') + 1)}`)
    .reverse()
    .join('\n');
  const second = upload(server.url, token, server.pid, reversed, 'tranco_BENCH2-1m.csv');
  const during = await underLoad(server.url, token, browsed, second);
  const done = await second;
  const rescoreMs = Date.parse(done.status.rescored_at!) - Date.parse(done.status.imported_at!);
  const failed = [...idle, ...during].filter((s) => s.status !== 200);
  if (failed.length) throw new Error(`${failed.length} requests failed`);
  const {
    rows: [moved],
  } = await db.query<{ websites: number; articles: number; feed_rows: number }>(
    `select (select count(*)::int from websites where reach_source = 'ranking') as websites,
            (select count(*)::int from articles a join websites w on w.id = a.website_id where a.reach = w.reach and a.reach > 0.1) as articles,
            (select count(*)::int from alert_articles aa join articles a on a.id = aa.article_id where aa.reach = a.reach and a.reach > 0.1) as feed_rows`,
  );
  console.log(
    `rescoring: ${moved.websites.toLocaleString()} websites and ${moved.articles.toLocaleString()} of ${articles.toLocaleString()} archive articles and ${moved.feed_rows.toLocaleString()} of ${feedRows.toLocaleString()} feed rows rescored in ${(rescoreMs / 1000).toFixed(1)} s ` +
      `(upload to done ${done.seconds.toFixed(1)} s)`,
  );
  rows.push({
    operation: `rescore ${WEBSITES.toLocaleString()} websites + ${articles.toLocaleString()} articles + ${feedRows.toLocaleString()} feed rows`,
    engine: database.engine,
    n: 1,
    median_ms: rescoreMs,
    p95_ms: rescoreMs,
    p99_ms: rescoreMs,
    throughput: Math.round(articles / (rescoreMs / 1000)),
    throughput_unit: 'articles/s',
    peak_rss_mb: done.baselineMb + done.extraRssMb,
  });
  rows.push(
    ...latencyRows(
      [
        ['idle', idle],
        ['import + rescoring', during],
      ],
      database.engine,
      done.baselineMb + done.extraRssMb,
    ),
  );

  printTable(
    `bench/ranking — a ${LINES.toLocaleString()}-line list imported; ${WEBSITES.toLocaleString()} websites rescored under 20 requests/s ("throughput" of API rows = slowest request)`,
    rows,
  );
  const duringRow = (e: string) => rows.find((r) => r.operation === `${e} (import + rescoring)`)!;
  const goal = 'import ≤ 30 s and ≤ 200 MB extra RSS; during the rescoring the API keeps articles_feed p95 ≤ 50 ms, projects p95 ≤ 100 ms';
  const met = first.seconds <= 30 && first.extraRssMb <= 200 && duringRow('articles_feed').p95_ms <= 50 && duringRow('projects').p95_ms <= 100;
  console.log(`goal: ${goal} — ${met ? 'met' : 'MISSED'}`);
  writeResults('ranking', rows, {
    goal,
    met,
    import: { lines: LINES, seconds: Math.round(first.seconds * 10) / 10, extra_rss_mb: first.extraRssMb, baseline_rss_mb: first.baselineMb },
    rescore: {
      websites: moved.websites,
      articles,
      rescored_articles: moved.articles,
      feed_rows: feedRows,
      rescored_feed_rows: moved.feed_rows,
      seconds: Math.round(rescoreMs / 100) / 10,
      upload_to_done_s: Math.round(done.seconds * 10) / 10,
    },
    latency_p95_ms: {
      idle_feed: percentile(
        idle.filter((s) => s.endpoint === 'articles_feed').map((s) => s.ms),
        95,
      ),
      during_feed: duringRow('articles_feed').p95_ms,
    },
  });
} finally {
  await db.end();
  await server.stop();
  await database.stop();
}
