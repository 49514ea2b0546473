// bench/gdelt: GDELT discovery at scale (issue 31). 1,000 alerts whose queries collapse to 600
// distinct GDELT queries, searched against the local DOC 2.0 API (test/fakes/gdelt.ts) on fake
// time: an hour of the minute's job (runDue) at GDELT's pace (one request every 5 s).
// Measured: requests an hour (must stay within 3600 / 5 = 720), the time from an article's
// `seendate` in the fake to its alert's feed (fake time: the schedule's latency, set by the cycle
// of 600 queries), and the wall time of one search with its ingest (real time, ms).
//
//   npm run bench -- --only=gdelt [--alerts=1000 --distinct=600 --hours=2]
import pg from 'pg';
import { createDatabase, runMigrations } from '../server/db/client.js';
import { loadConfig } from '../server/config.js';
import { runDue, type GdeltDeps } from '../server/features/gdelt/discovery.js';
import { Pacer, type Clock } from '../server/net/pacer.js';
import { startFakeGdelt, type FakeGdeltArticle } from '../test/fakes/gdelt.js';
import { percentile, printTable, startBenchDatabase, writeResults, type Row } from './lib.js';

const arg = (name: string, fallback: number) => Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback);
const ALERTS = arg('alerts', 1000);
const DISTINCT = arg('distinct', 600);
const HOURS = arg('hours', 2);
const INTERVAL_MS = 5000;
const MINUTE = 60_000;

class FakeClock implements Clock {
  constructor(public t: number) {}
  now() {
    return this.t;
  }
  async sleep(ms: number) {
    this.t += ms;
  }
}

/** Distinct query i: two words of its own ("brandNNN gameNNN"); alert j uses query j % DISTINCT, written one of two ways. */
const words = (i: number) => [`brand${i.toString(36)}x`, `game${i.toString(36)}y`];
const keywords = (j: number) => {
  const [a, b] = words(j % DISTINCT);
  return j % 2 === 0 ? `+${a} +${b}` : `${b} AND ${a}`;
};

async function main() {
  const database = await startBenchDatabase('gdelt');
  const start = Math.floor(Date.now() / MINUTE) * MINUTE;
  const clock = new FakeClock(start);
  const fake = await startFakeGdelt({ now: () => clock.t });
  const config = loadConfig({
    NODE_ENV: 'test',
    DATABASE_URL: database.url,
    DATA_DIR: '/tmp',
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0',
    GDELT_ENABLED: 'true',
    GDELT_API_URL: fake.url,
    GDELT_INTERVAL_SECONDS: String(INTERVAL_MS / 1000),
    ALLOW_PRIVATE_NETWORK: 'true',
  });
  const { db, pool } = createDatabase(database.url, { max: 4, statementTimeoutMs: 60_000 });
  try {
    await runMigrations(db);
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    await client.query(
      `insert into organizations (name, plan, permissions, capabilities) select 'Bench org ' || g, 'pro', '{}'::jsonb, '{}'::jsonb from generate_series(1, 2) g`,
    );
    const { rows: orgs } = await client.query<{ id: number }>('select id from organizations order by id');
    const { rows: brands } = await client.query<{ id: number }>(
      `insert into clients (organization_id, name) select id, 'Bench brand' from organizations order by id returning id`,
    );
    // Half the alerts in each organization: the same queries across organizations collapse.
    const orgOf = (j: number) => orgs[j % 2].id;
    const projectIds = (
      await client.query<{ id: number }>(
        `insert into projects (organization_id, client_id, name)
         select o, c, 'Bench project ' || n from unnest($1::int[], $2::int[], $3::int[]) as t(o, c, n) returning id`,
        [
          Array.from({ length: ALERTS }, (_, j) => orgOf(j)),
          Array.from({ length: ALERTS }, (_, j) => brands[j % 2].id),
          Array.from({ length: ALERTS }, (_, j) => j),
        ],
      )
    ).rows.map((r) => r.id);
    await client.query(
      `insert into alerts (organization_id, project_id, name, keywords, min_reach, slack_tracking)
       select o, p, 'Bench alert ' || p, k, 0.1, false from unnest($1::int[], $2::int[], $3::text[]) as t(o, p, k)`,
      [Array.from({ length: ALERTS }, (_, j) => orgOf(j)), projectIds, Array.from({ length: ALERTS }, (_, j) => keywords(j))],
    );
    await client.query('update projects p set alert_id = a.id from alerts a where a.project_id = p.id');

    // Each query has a story in the last weeks; fresh stories appear every minute of the run, on queries in turn.
    const corpus: FakeGdeltArticle[] = [];
    for (let i = 0; i < DISTINCT; i++) {
      const [a, b] = words(i);
      corpus.push({
        url: `https://old${i}.example/${a}-${b}`,
        title: `${a} ${b} earlier story`,
        seen: new Date(start - (i % 20) * 86_400_000 - MINUTE),
        language: 'English',
      });
    }
    fake.corpus.push(...corpus);
    const fresh: { url: string; seen: number }[] = [];
    const deps: GdeltDeps = { db, config, clock, pacer: new Pacer(INTERVAL_MS, clock) };
    const searchMs: number[] = [];
    const latencies: number[] = [];
    const pending = new Map<string, number>();
    const end = start + HOURS * 3_600_000;
    let n = 0;
    while (clock.t < end) {
      const tickStart = clock.t;
      // A new story, on a query in turn, seen now.
      const i = n++ % DISTINCT;
      const [a, b] = words(i);
      const url = `https://new${n}.example/${a}-${b}`;
      fake.corpus.push({ url, title: `${a} ${b} news ${n}`, seen: new Date(clock.t), language: 'German' });
      fresh.push({ url, seen: clock.t });
      pending.set(url, clock.t);
      const before = fake.requests.length;
      const t0 = performance.now();
      await runDue(deps);
      const searched = fake.requests.length - before;
      if (searched) searchMs.push((performance.now() - t0) / searched);
      // Which stories reached their alerts' feeds in this tick.
      if (pending.size) {
        const { rows } = await client.query<{ url: string }>(
          `select a.url from articles a where a.url = any($1::text[]) and exists (select 1 from alert_articles aa where aa.article_id = a.id)`,
          [[...pending.keys()]],
        );
        for (const r of rows) {
          latencies.push(clock.t - pending.get(r.url)!);
          pending.delete(r.url);
        }
      }
      clock.t = Math.max(clock.t, tickStart + MINUTE);
    }
    const perHour = (from: number) => fake.requests.filter((r) => r.at >= from && r.at < from + 3_600_000).length;
    const hourly = Array.from({ length: HOURS }, (_, h) => perHour(start + h * 3_600_000));
    const { rows: q } = await client.query<{ n: number; alerts: number }>(
      'select (select count(*) from gdelt_queries)::int as n, (select count(*) from gdelt_alerts where query_id is not null)::int as alerts',
    );
    await client.end();
    const minutes = (ms: number) => Math.round((ms / MINUTE) * 10) / 10;
    const rows: Row[] = [
      {
        operation: 'search + ingest (wall time per request)',
        engine: database.engine,
        n: searchMs.length,
        median_ms: Math.round(percentile(searchMs, 50)),
        p95_ms: Math.round(percentile(searchMs, 95)),
        p99_ms: Math.round(percentile(searchMs, 99)),
        throughput: Math.max(...hourly),
        throughput_unit: 'requests/h (max, fake time; pace allows 720)',
        peak_rss_mb: Math.round(process.memoryUsage().rss / 1048576),
      },
    ];
    printTable(`GDELT discovery: ${ALERTS} alerts → ${q[0].n} distinct queries, ${HOURS} h of fake time`, rows);
    const extra = {
      alerts: ALERTS,
      alerts_searched: q[0].alerts,
      distinct_queries: q[0].n,
      requests_per_hour: hourly,
      pace_limit_per_hour: 3_600_000 / INTERVAL_MS,
      seendate_to_feed_minutes: {
        n: latencies.length,
        median: minutes(percentile(latencies, 50)),
        p95: minutes(percentile(latencies, 95)),
        max: minutes(Math.max(...latencies)),
        not_yet: pending.size,
      },
    };
    console.log(JSON.stringify(extra, null, 2));
    writeResults('gdelt', rows, extra);
  } finally {
    await pool.end();
    await fake.close();
    await database.stop();
  }
}

await main();
