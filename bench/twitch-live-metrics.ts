// Live metrics at scale (issue 30), run by bench/twitch-feeds.ts (not a benchmark itself), and the
// helpers both Twitch benches share: their table rows and the organizations and projects they insert.
import { sql } from 'drizzle-orm';
import { loadConfig } from '../server/config.js';
import { createDatabase } from '../server/db/client.js';
import { migrateDatabase } from '../server/db/migrate.js';
import { TwitchClient } from '../server/integrations/twitch/client.js';
import { pollGame } from '../server/features/streams/poll.js';
import { createTwitchFeed } from '../server/features/streams/service.js';
import { startFakeTwitch } from '../test/fakes/twitch.js';
import { peakRssMb, percentile, rng, startBenchDatabase, type Row } from './lib.js';

export interface TwitchMetricsSummary {
  games: number;
  live_per_game: number;
  hours: number;
  polls: number;
  points_total: number;
  points_per_minute_avg: number;
  peak_points_per_minute: number;
  within_limit: boolean;
  poll_interval_median_s: number;
  samples_recorded: number;
  streams: number;
  streams_compacted: number;
  rows_per_stream_hour_before: number;
  rows_per_stream_hour_after: number;
  bytes_per_row: number;
  bytes_per_stream_hour_before: number;
  bytes_per_stream_hour_after: number;
  poll_median_ms: number;
  poll_p95_ms: number;
  engine: string;
}

/**
 * Live metrics at scale (issue 30): `games` games each with `live` streams on air at any time
 * (a stream lasts 1–4 h, rises to its peak and falls; an ended one is replaced by a new stream, a
 * third of the time from the same channel: a restart), one game-wide feed per game, polled as the
 * scheduler would (due games each minute, spread over it) on a virtual clock for `hours`.
 */
export async function runTwitchMetricsBench(
  opts: { games?: number; live?: number; hours?: number } = {},
): Promise<{ rows: Row[]; summary: TwitchMetricsSummary }> {
  const games = opts.games ?? 60;
  const live = opts.live ?? 300;
  const hours = opts.hours ?? 2;
  const random = rng(30);
  const clock = { t: Date.UTC(2026, 10, 21, 0), now: () => clock.t };
  const fake = await startFakeTwitch({
    now: clock.now,
    games: Array.from({ length: games }, (_, i) => ({ id: String(1990100000 + i), name: `Game ${i}`, box_art_url: '' })),
  });
  const benchDb = await startBenchDatabase('twitch-metrics');
  await migrateDatabase(benchDb.url);
  const database = createDatabase(benchDb.url, { max: 4, statementTimeoutMs: 120_000 });
  const db = database.db;
  const config = loadConfig({ NODE_ENV: 'production', DATABASE_URL: benchDb.url, JWT_SECRET: 'bench-secret-bench-secret-0123456789', ...fake.env });
  const client = new TwitchClient(config.twitch, { now: clock.now, sleep: async (ms) => void (clock.t += ms) });
  type Shape = { start: number; duration: number; peak: number };
  const shapes = new Map<string, Shape>();
  let userSeq = 0;
  const open = (gameId: string, userId?: string) => {
    const s = fake.addStream({
      user_id: userId ?? String(900_000 + userSeq++),
      game_id: gameId,
      title: 'Live now',
      started_at: new Date(clock.t).toISOString(),
      viewer_count: 1,
    });
    shapes.set(s.id, { start: clock.t, duration: (1 + 3 * random()) * 3_600_000, peak: Math.round(20 + 20_000 * Math.pow(random(), 4)) });
  };
  /** Viewer counts at the clock's time; streams past their duration end (and are replaced). */
  const advance = () => {
    for (const s of [...fake.streams]) {
      const shape = shapes.get(s.id)!;
      const x = (clock.t - shape.start) / shape.duration;
      if (x >= 1) {
        fake.endStream(s.id);
        open(s.game_id, random() < 0.33 ? s.user_id : undefined);
      } else s.viewer_count = Math.max(0, Math.round(shape.peak * Math.sin(Math.PI * Math.max(0.02, x)) * (0.95 + 0.1 * random())));
    }
  };
  try {
    const gameIds = fake.games.map((g) => g.id);
    for (const g of gameIds) {
      // Streams already on air when the bench starts: started up to 3 hours ago.
      for (let n = 0; n < live; n++) {
        const back = random() * 3 * 3_600_000;
        clock.t -= back;
        open(g);
        clock.t += back;
      }
      const org = await insertOrg(db, `Metrics org ${g}`);
      const projectId = await insertProject(db, org, `Metrics project ${g}`);
      await db.transaction((tx) => createTwitchFeed(tx, org, { projectId, gameId: g, gameName: 'Bench game' }, config, { client, now: new Date(clock.t) }));
    }
    const start = clock.t;
    const end = start + hours * 3_600_000;
    const pollMs: number[] = [];
    let polls = 0;
    let samples = 0;
    const intervals: number[] = [];
    for (let minute = start; minute < end; minute = Math.max(minute + 60_000, Math.floor(clock.t / 60_000) * 60_000)) {
      clock.t = Math.max(clock.t, minute);
      const due = await db.execute<{ id: string }>(sql`
        select id from twitch_games where next_check_at <= ${new Date(clock.t).toISOString()}::timestamptz order by next_check_at`);
      for (const [i, { id }] of due.rows.entries()) {
        clock.t = Math.max(clock.t, minute + Math.floor((i * 60_000) / due.rows.length));
        advance();
        const t0 = performance.now();
        const outcome = await pollGame({ db, client }, id, new Date(clock.t));
        pollMs.push(performance.now() - t0);
        if (outcome.error) throw new Error(`game ${id}: ${outcome.error}`);
        polls++;
        samples += outcome.samples;
        intervals.push((outcome.nextCheckAt.getTime() - clock.t) / 1000);
      }
    }
    // What compaction left: streams ended and compacted (their recorded samples are `samples`).
    const [c] = (
      await db.execute<{ streams: number; compacted: number; recorded: string; kept: string; hours: number }>(sql`
      select (select count(*)::int from twitch_stream_stats) as streams,
             count(*)::int as compacted, coalesce(sum(st.samples), 0)::text as recorded,
             (select count(*) from twitch_stream_samples x join twitch_stream_stats y using (stream_id) where y.compacted_at is not null)::text as kept,
             coalesce(sum(extract(epoch from (st.ended_at - st.first_sample_at)) / 3600), 0)::float8 as hours
      from twitch_stream_stats st where st.compacted_at is not null`)
    ).rows;
    await db.execute(sql`vacuum full twitch_stream_samples`);
    const [b] = (
      await db.execute<{ bytes: string; n: string }>(sql`
      select pg_total_relation_size('twitch_stream_samples')::text as bytes, (select count(*) from twitch_stream_samples)::text as n`)
    ).rows;
    const bytesPerRow = Number(b.n) > 0 ? Number(b.bytes) / Number(b.n) : 0;
    const points = fake.points();
    let peak = 0;
    for (let i = 0, j = 0; j < points.length; j++) {
      while (points[j] - points[i] >= 60_000) i++;
      peak = Math.max(peak, j - i + 1);
    }
    const perHour = (rows: number) => (c.hours > 0 ? rows / c.hours : 0);
    const summary: TwitchMetricsSummary = {
      games,
      live_per_game: live,
      hours,
      polls,
      points_total: points.length,
      // Over the virtual time the polls took (the gate's waits may run past `end`).
      points_per_minute_avg: Math.round((points.length / ((Math.max(end, clock.t) - start) / 60_000)) * 10) / 10,
      peak_points_per_minute: peak,
      within_limit: peak <= 800,
      poll_interval_median_s: Math.round(percentile(intervals, 50)),
      samples_recorded: samples,
      streams: c.streams,
      streams_compacted: c.compacted,
      rows_per_stream_hour_before: Math.round(perHour(Number(c.recorded)) * 10) / 10,
      rows_per_stream_hour_after: Math.round(perHour(Number(c.kept)) * 10) / 10,
      bytes_per_row: Math.round(bytesPerRow),
      bytes_per_stream_hour_before: Math.round(perHour(Number(c.recorded)) * bytesPerRow),
      bytes_per_stream_hour_after: Math.round(perHour(Number(c.kept)) * bytesPerRow),
      poll_median_ms: Math.round(percentile(pollMs, 50)),
      poll_p95_ms: Math.round(percentile(pollMs, 95)),
      engine: benchDb.engine,
    };
    return { rows: [row(`game poll (${live} live streams, samples + metrics)`, benchDb.engine, pollMs, 'polls/s')], summary };
  } finally {
    await database.close();
    await benchDb.stop();
    await fake.close();
  }
}

export function row(operation: string, engine: string, values: number[], unit: string): Row {
  const median = percentile(values, 50);
  return {
    operation,
    engine,
    n: values.length,
    median_ms: Math.round(median),
    p95_ms: Math.round(percentile(values, 95)),
    p99_ms: Math.round(percentile(values, 99)),
    throughput: median > 0 ? Math.round((1000 / median) * 10) / 10 : 0,
    throughput_unit: unit,
    peak_rss_mb: peakRssMb(process.pid),
  };
}

export async function insertOrg(db: ReturnType<typeof createDatabase>['db'], name: string): Promise<number> {
  const res = await db.execute<{ id: number }>(sql`
    insert into organizations (name, plan, permissions, capabilities) values (${name}, 'pro', '{}'::jsonb, '{}'::jsonb) returning id`);
  return res.rows[0].id;
}

export async function insertProject(db: ReturnType<typeof createDatabase>['db'], orgId: number, name: string): Promise<number> {
  const client = await db.execute<{ id: number }>(sql`insert into clients (organization_id, name) values (${orgId}, ${name}) returning id`);
  const res = await db.execute<{ id: number }>(sql`
    insert into projects (organization_id, client_id, name) values (${orgId}, ${client.rows[0].id}, ${name}) returning id`);
  return res.rows[0].id;
}
