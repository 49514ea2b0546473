// bench/search: Super Search over a generated archive in the archive's monthly layout (migration
// 0016): for each query the first page alone and the screen's whole request (first page + total
// + volume chart, the two calls made together as the app does), normal and broad queries (broad:
// matching over 5 % of the archive) apart and by date range, the next page, relevance order,
// concurrent users; the same queries on SQLite FTS5 as the embedded-engine peer; the database's
// size per million articles in this layout and in the one before 0016; the load rate.
// `npx tsx bench/search.ts --help` lists the flags. Data: bench/search-data.ts; API calls: bench/search-client.ts.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { parseQuery } from '../common/query/parse.js';
import { toTsquery } from '../common/query/postgres.js';
import { migrateDatabase } from '../server/db/migrate.js';
import { login, percentile, printTable, rssMb, startServer, writeResults, type Row } from './lib.js';
import { explain, filtersOf, firstPage, post, row, screen, stats } from './search-client.js';
import { generateArticles, insertArticles, loadArchive, makeQueries, RANGES, type BenchQuery } from './search-data.js';
import { adminQuery, legacySize, loadedArchive, relationBytes, serverUrl, withDatabase, type Loaded } from './search-db.js';
import { loadFts5, runFts5, toFts5 } from './search-fts5.js';

const FLAGS: [string, string][] = [
  ['--size=200k|1m|10m', 'archive size; --size=large is 1m (npm run bench -- --size=large). Default 200k'],
  ['--articles=N', 'archive size as a number (overrides --size)'],
  ['--queries=N', 'measured queries per set (two sets: screen, first page alone). Default 400 (1m and up), 200 below'],
  ['--users=N', 'concurrent users of the concurrency line. Default 4'],
  ['--reuse', 'keep the database (cw_bench_search_<size>) and the FTS5 file after the run; skip the load when they hold the archive'],
  ['--load-only', 'load (or check) the archive and the FTS5 file, then stop'],
  ['--no-sqlite', 'skip the SQLite FTS5 peer'],
  ['--no-legacy', 'skip the size of the pre-0016 layout (builds a copy of the archive: minutes at 10m)'],
  ['--no-ingest', 'skip the ingest line (batches of 500 through the archive writer)'],
  ['--explain', 'print EXPLAIN ANALYZE of a few day counts'],
  ['--help', 'this list'],
];

if (process.argv.includes('--help')) {
  console.log('npx tsx bench/search.ts [flags]   (DATABASE_URL: a server to create the bench database on; else embedded PostgreSQL)\n');
  for (const [flag, text] of FLAGS) console.log(`  ${flag.padEnd(22)} ${text}`);
  process.exit(0);
}

const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const SIZES: Record<string, number> = { '200k': 200_000, '1m': 1_000_000, large: 1_000_000, '10m': 10_000_000 };
const sizeArg = arg('size') ?? '200k';
if (!arg('articles') && !(sizeArg in SIZES)) throw new Error(`--size=${sizeArg}: one of 200k, 1m, 10m, large`);
const ARCHIVE = Number(arg('articles') ?? SIZES[sizeArg]);
if (!Number.isInteger(ARCHIVE) || ARCHIVE < 10_000) throw new Error('--articles: a whole number of at least 10000');
const LABEL = ARCHIVE % 1_000_000 === 0 ? `${ARCHIVE / 1_000_000}m` : ARCHIVE % 1000 === 0 ? `${ARCHIVE / 1000}k` : String(ARCHIVE);
const QUERIES = Number(arg('queries') ?? (ARCHIVE >= 1_000_000 ? 400 : 200));
const USERS = Number(arg('users') ?? 4);
const REUSE = process.argv.includes('--reuse');
const LOAD_ONLY = process.argv.includes('--load-only');
const SQLITE = !process.argv.includes('--no-sqlite');
const LEGACY = !process.argv.includes('--no-legacy');
const INGEST = !process.argv.includes('--no-ingest');
const INCREMENTAL = ARCHIVE >= 1_000_000 ? 20_000 : 5_000;
const DAY = 86_400_000;
// The issue's targets, ms: 1m (and smaller) screen p95 per class; 10m first page p95 and screen p95 per class.
const TARGETS = ARCHIVE >= 10_000_000 ? { firstPageP95: 50, normalP95: 150, broadP95: 1000 } : { firstPageP95: null, normalP95: 30, broadP95: 100 };
const RESULTS = ARCHIVE >= 10_000_000 ? `search-${LABEL}` : 'search';
const DB_NAME = REUSE ? `cw_bench_search_${LABEL}` : `cw_bench_search_${LABEL}_${process.pid}`;
const SQLITE_FILE = path.join(os.tmpdir(), REUSE ? `cw_bench_search_${LABEL}.sqlite` : `cw_bench_search_${LABEL}_${process.pid}.sqlite`);

// ---- the run

const log = (line: string) => console.log(line);
const host = await serverUrl(REUSE, LABEL);
const cleanup: (() => Promise<void>)[] = [() => host.stop()];
try {
  const exists = (await adminQuery(host.url, `select 1 from pg_database where datname = '${DB_NAME}'`)).rowCount;
  if (!exists) await adminQuery(host.url, `create database ${DB_NAME}`);
  if (!REUSE) {
    cleanup.unshift(async () => {
      await adminQuery(host.url, `drop database if exists ${DB_NAME} with (force)`);
      fs.rmSync(SQLITE_FILE, { force: true });
    });
  }
  let url = withDatabase(host.url, DB_NAME);
  let db = new pg.Client({ connectionString: url });
  await db.connect();
  await migrateDatabase(url);
  let loaded = await loadedArchive(db, ARCHIVE);
  let loadedNow = false;
  if (!loaded) {
    // A kept database without the whole archive (an interrupted load, another size): start over.
    if (exists) {
      await db.end();
      log(`${DB_NAME} does not hold the ${ARCHIVE.toLocaleString('en')} articles: making it again`);
      await adminQuery(host.url, `drop database ${DB_NAME} with (force)`);
      await adminQuery(host.url, `create database ${DB_NAME}`);
      url = withDatabase(host.url, DB_NAME);
      db = new pg.Client({ connectionString: url });
      await db.connect();
      await migrateDatabase(url);
    }
    const end = new Date();
    console.log(
      `loading ${ARCHIVE.toLocaleString('en')} articles into ${DB_NAME} (load average ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')})…`,
    );
    const load = await loadArchive(db, ARCHIVE, end, log);
    loaded = {
      articles: ARCHIVE,
      end: end.toISOString(),
      load_seconds: load.loadSeconds,
      index_seconds: load.indexSeconds,
      vacuum_seconds: load.vacuumSeconds,
      loaded_at: new Date().toISOString(),
    };
    await db.query(`comment on database ${DB_NAME} is '${JSON.stringify(loaded)}'`);
    loadedNow = true;
  }
  const loadRate = Math.round(ARCHIVE / (loaded.load_seconds + loaded.index_seconds));
  console.log(
    `${loadedNow ? 'loaded' : `kept archive (loaded ${loaded.loaded_at})`}: ${ARCHIVE.toLocaleString('en')} articles, COPY ${loaded.load_seconds.toFixed(0)} s + ` +
      `indexes ${loaded.index_seconds.toFixed(0)} s (${loadRate.toLocaleString('en')} articles/s) + vacuum analyze ${loaded.vacuum_seconds.toFixed(0)} s`,
  );
  const fts5Load = SQLITE ? await loadFts5(url, SQLITE_FILE, ARCHIVE) : null;
  if (fts5Load)
    console.log(
      `FTS5: ${fts5Load.rows.toLocaleString('en')} rows in ${fts5Load.seconds.toFixed(0)} s (insert ${fts5Load.insert_seconds.toFixed(0)} s, optimize ${fts5Load.optimize_seconds.toFixed(0)} s)`,
    );
  if (LOAD_ONLY) {
    await db.end();
  } else {
    await measure(db, url, loaded, fts5Load);
    await db.end();
  }
} finally {
  for (const c of cleanup) await c();
  if (REUSE) console.log(`kept ${DB_NAME}${SQLITE ? ` and ${SQLITE_FILE}` : ''} (--reuse)`);
}

async function measure(db: pg.Client, url: string, loaded: Loaded, fts5Load: Awaited<ReturnType<typeof loadFts5>>) {
  const server = await startServer({ DATABASE_URL: url, SEED_DEMO: 'false' });
  try {
    const token = await login(server.url);
    // Query ranges end on the archive's last day, as they did the day it was loaded.
    const end = new Date(loaded.end);
    const queries: BenchQuery[] = [];
    const t0 = performance.now();
    for (const q of makeQueries(end, 2 * QUERIES + 40)) {
      const parsed = parseQuery(q.search);
      if (!parsed.ok) continue;
      const tsquery = toTsquery(parsed.query);
      const { rows } = await db.query('select count(*)::int as n from article_search where search @@ $1::tsquery', [tsquery]);
      queries.push({ ...q, matches: rows[0].n, tsquery, fts: toFts5(parsed.query) });
    }
    console.log(`${queries.length} queries counted over the whole archive in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
    const broadAt = ARCHIVE * 0.05;
    const isBroad = (q: BenchQuery) => q.matches > broadAt;
    const warmup = queries.slice(0, 40);
    // Two sets of different queries: a query's closed months are cached once counted, so the
    // first page alone and the screen are each measured on queries never asked before.
    const screenSet = queries.slice(40, 40 + QUERIES);
    const pageSet = queries.slice(40 + QUERIES);
    for (const q of warmup) await screen(server.url, token, q);

    const rows: Row[] = [];
    const engine = server.engine;
    const timed = async (name: string, list: BenchQuery[], run: (q: BenchQuery) => Promise<number | null>) => {
      const lat: number[] = [];
      const t = performance.now();
      for (const q of list) {
        const ms = await run(q);
        if (ms !== null) lat.push(ms);
      }
      rows.push(row(name, engine, lat, (performance.now() - t) / 1000, rssMb(server.pid)));
      return lat;
    };
    const byClass = <T>(list: BenchQuery[], lat: T[]) => ({
      normal: lat.filter((_, i) => !isBroad(list[i])),
      broad: lat.filter((_, i) => isBroad(list[i])),
    });
    const byRange = (list: BenchQuery[], lat: number[]) =>
      Object.fromEntries(RANGES.map((days) => [`${days} days`, stats(lat.filter((_, i) => list[i].days === days))]));

    // (a) the first page alone.
    const pageLat: number[] = [];
    const pageCounting: boolean[] = [];
    const tp = performance.now();
    for (const q of pageSet) {
      const r = await firstPage(server.url, token, q);
      pageLat.push(r.ms);
      pageCounting.push(r.counting);
    }
    const tpSeconds = (performance.now() - tp) / 1000;
    const pageClass = byClass(pageSet, pageLat);
    const countingClass = byClass(pageSet, pageCounting);
    rows.push(row('first page alone: normal', engine, pageClass.normal, tpSeconds, rssMb(server.pid)));
    rows.push(row('first page alone: broad (> 5 % of archive)', engine, pageClass.broad, 0, rssMb(server.pid)));
    rows.push(row('first page alone: all', engine, pageLat, tpSeconds, rssMb(server.pid)));

    // (b) the screen's whole request.
    const screenLat: number[] = [];
    const ourTotals: number[] = [];
    const ts = performance.now();
    for (const q of screenSet) {
      const r = await screen(server.url, token, q);
      screenLat.push(r.ms);
      ourTotals.push(r.total);
    }
    const tsSeconds = (performance.now() - ts) / 1000;
    const screenClass = byClass(screenSet, screenLat);
    rows.push(row('first page + total + volume: normal', engine, screenClass.normal, tsSeconds, rssMb(server.pid)));
    rows.push(row('first page + total + volume: broad (> 5 % of archive)', engine, screenClass.broad, 0, rssMb(server.pid)));
    const normalScreen = screenSet.filter((q) => !isBroad(q));
    const broadScreen = screenSet.filter(isBroad);
    const ranges = {
      screen_normal: byRange(normalScreen, screenClass.normal),
      screen_broad: byRange(broadScreen, screenClass.broad),
      first_page_normal: byRange(
        pageSet.filter((q) => !isBroad(q)),
        pageClass.normal,
      ),
      first_page_broad: byRange(pageSet.filter(isBroad), pageClass.broad),
    };

    // The next page: the first page's cursor (the query's counts are cached by now).
    await timed('next page (search_after, counts cached)', normalScreen, async (q) => {
      const first = await post(server.url, token, '/api/supersearch', filtersOf(q));
      const cursor = first.meta.nextPage;
      if (!cursor) return null;
      const t = performance.now();
      await post(server.url, token, '/api/supersearch', { ...filtersOf(q), search_after: cursor });
      return performance.now() - t;
    });
    // Relevance ranks every match in the range: a day earlier, so the range's open-month counts are new.
    const shifted = normalScreen.map((q) => ({ ...q, from_date: new Date(Date.parse(q.from_date) - DAY).toISOString().slice(0, 10) }));
    await timed(
      'first page + total + volume: relevance order (normal)',
      shifted,
      async (q) => (await screen(server.url, token, q, { sort_fields: 'relevance' })).ms,
    );

    // USERS people at once, each running its share of the page set's queries (two days earlier).
    const concurrent = pageSet.map((q) => ({ ...q, from_date: new Date(Date.parse(q.from_date) - 2 * DAY).toISOString().slice(0, 10) }));
    const latN: number[] = [];
    const tN = performance.now();
    await Promise.all(
      Array.from({ length: USERS }, async (_, k) => {
        for (let i = k; i < concurrent.length; i += USERS) latN.push((await screen(server.url, token, concurrent[i])).ms);
      }),
    );
    rows.push(row(`first page + total + volume: ${USERS} concurrent users`, engine, latN, (performance.now() - tN) / 1000, rssMb(server.pid)));

    // The FTS5 peer: the screen set's queries, each answer timed.
    let fts5: Record<string, unknown> | null = null;
    if (SQLITE) {
      const results = await runFts5(screenSet, SQLITE_FILE);
      const fEngine = 'sqlite fts5 (python3 sqlite3)';
      const fPage = results.map((r) => r.page_ms);
      const fAll = results.map((r) => r.page_ms + r.total_ms + r.volume_ms);
      const fPageClass = byClass(screenSet, fPage);
      const fAllClass = byClass(screenSet, fAll);
      rows.push(row('FTS5 first page: normal', fEngine, fPageClass.normal, 0, 0));
      rows.push(row('FTS5 first page: broad', fEngine, fPageClass.broad, 0, 0));
      rows.push(row('FTS5 first page + total + volume: normal', fEngine, fAllClass.normal, 0, 0));
      rows.push(row('FTS5 first page + total + volume: broad', fEngine, fAllClass.broad, 0, 0));
      const disagree = screenSet.map((q, i) => ({ q: q.search, days: q.days, ours: ourTotals[i], fts5: results[i].total })).filter((d) => d.ours !== d.fts5);
      const ratio = (a: number[], b: number[]) => Math.round((percentile(a, 95) / Math.max(0.01, percentile(b, 95))) * 100) / 100;
      const ratio50 = (a: number[], b: number[]) => Math.round((percentile(a, 50) / Math.max(0.01, percentile(b, 50))) * 100) / 100;
      fts5 = {
        load: fts5Load,
        first_page: { normal: stats(fPageClass.normal), broad: stats(fPageClass.broad) },
        screen: { normal: stats(fAllClass.normal), broad: stats(fAllClass.broad) },
        screen_by_range: { normal: byRange(normalScreen, fAllClass.normal), broad: byRange(broadScreen, fAllClass.broad) },
        ratio_fts5_over_ours: {
          screen_normal_p50: ratio50(fAllClass.normal, screenClass.normal),
          screen_normal_p95: ratio(fAllClass.normal, screenClass.normal),
          screen_broad_p50: ratio50(fAllClass.broad, screenClass.broad),
          screen_broad_p95: ratio(fAllClass.broad, screenClass.broad),
        },
        totals_agree: screenSet.length - disagree.length,
        totals_differ: disagree.slice(0, 20),
      };
      console.log('FTS5 / ours:', JSON.stringify(fts5.ratio_fts5_over_ours), `totals agree on ${fts5.totals_agree} of ${screenSet.length} queries`);
      if (disagree.length) console.log('totals that differ (first 5):', JSON.stringify(disagree.slice(0, 5)));
    }

    // Sizes: this layout and the one before 0016.
    const bytes = await relationBytes(db, ['articles', 'article_search', 'article_keys', 'lexemes']);
    const after = Object.values(bytes).reduce((a, b) => a + b, 0);
    const before = LEGACY ? (await legacySize(db, console.log)) + bytes.lexemes : null;
    const perMillion = (b: number) => Math.round((b / (ARCHIVE / 1_000_000) / 1048576) * 10) / 10;
    const sizes = {
      after_bytes: bytes,
      after_mb_per_million: perMillion(after),
      before_mb_per_million: before === null ? null : perMillion(before),
    };
    console.log(
      `size per million articles: ${sizes.after_mb_per_million} MB now${before === null ? '' : `, ${sizes.before_mb_per_million} MB in the pre-0016 layout`} (` +
        Object.entries(bytes)
          .map(([t, b]) => `${t} ${(b / 1048576).toFixed(0)} MB`)
          .join(', ') +
        ')',
    );

    // Ingest into the indexed archive through the archive writer, as the crawler does (batches
    // of 500); the rows are removed afterwards so a kept database still holds the archive only.
    if (INGEST) {
      const end2 = new Date(loaded.end);
      const t1 = performance.now();
      for (let from = ARCHIVE; from < ARCHIVE + INCREMENTAL; from += 500) {
        await insertArticles(db, generateArticles(from, 500, ARCHIVE + INCREMENTAL, end2));
      }
      const ingestSeconds = (performance.now() - t1) / 1000;
      rows.push({
        operation: `ingest into the indexed archive (${INCREMENTAL.toLocaleString('en')} articles, batches of 500, archive writer)`,
        engine,
        n: INCREMENTAL,
        median_ms: 0,
        p95_ms: 0,
        p99_ms: 0,
        throughput: Math.round(INCREMENTAL / ingestSeconds),
        throughput_unit: 'articles/s',
        peak_rss_mb: 0,
      });
      await db.query(`delete from article_search where id > $1`, [ARCHIVE]);
      await db.query(`delete from articles where id > $1`, [ARCHIVE]);
      await db.query(`delete from article_keys where article_id > $1`, [ARCHIVE]);
      await db.query(`select setval('articles_id_seq', $1)`, [ARCHIVE]);
    }
    rows.push({
      operation: `bulk load ${ARCHIVE.toLocaleString('en')} articles (generate + COPY ${loaded.load_seconds.toFixed(0)} s, index ${loaded.index_seconds.toFixed(0)} s)`,
      engine,
      n: ARCHIVE,
      median_ms: 0,
      p95_ms: 0,
      p99_ms: 0,
      throughput: Math.round(ARCHIVE / (loaded.load_seconds + loaded.index_seconds)),
      throughput_unit: 'articles/s',
      peak_rss_mb: 0,
    });

    const normalCount = screenClass.normal.length;
    printTable(
      `bench/search — ${ARCHIVE.toLocaleString('en')} articles, ${normalCount} normal and ${screenClass.broad.length} broad queries per set, one user unless said`,
      rows,
    );
    console.log('screen, normal queries by range:', JSON.stringify(ranges.screen_normal));
    console.log('screen, broad queries by range:', JSON.stringify(ranges.screen_broad));
    const countingShare = {
      normal: countingClass.normal.filter(Boolean).length / Math.max(1, countingClass.normal.length),
      broad: countingClass.broad.filter(Boolean).length / Math.max(1, countingClass.broad.length),
    };
    console.log(
      `first pages sent while counting (meta.counting): normal ${(countingShare.normal * 100).toFixed(0)} %, broad ${(countingShare.broad * 100).toFixed(0)} %`,
    );
    if (process.argv.includes('--explain')) {
      const pick = (list: BenchQuery[], days: number) => list.find((q) => q.days === days && q.matches > 1000);
      for (const q of [pick(normalScreen, 30), pick(normalScreen, 365), pick(broadScreen, 30), pick(broadScreen, 365)]) if (q) await explain(db, q);
    }
    const checks = {
      first_page_p95: TARGETS.firstPageP95 === null ? null : percentile(pageLat, 95) <= TARGETS.firstPageP95,
      normal_p95: percentile(screenClass.normal, 95) <= TARGETS.normalP95,
      broad_p95: percentile(screenClass.broad, 95) <= TARGETS.broadP95,
    };
    const met = Object.values(checks).every((c) => c !== false);
    console.log(`${met ? 'targets met' : 'TARGET MISSED'}: ${JSON.stringify(TARGETS)} → ${JSON.stringify(checks)}`);
    writeResults(RESULTS, rows, {
      archive: ARCHIVE,
      database: DB_NAME,
      load: {
        ...loaded,
        articles_per_second: Math.round(ARCHIVE / (loaded.load_seconds + loaded.index_seconds)),
        method: "COPY into each month's partitions, secondary indexes built after",
      },
      load_average: os.loadavg(),
      queries: {
        per_set: QUERIES,
        normal_screen: normalCount,
        broad_screen: screenClass.broad.length,
        normal_first_page: pageClass.normal.length,
        broad_first_page: pageClass.broad.length,
        ranges_days: RANGES,
        users: USERS,
      },
      by_range: ranges,
      first_page_counting_share: countingShare,
      fts5,
      sizes,
      targets: TARGETS,
      checks,
      met,
    });
  } finally {
    await server.stop();
  }
}
