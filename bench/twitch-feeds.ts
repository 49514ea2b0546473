// bench/twitch-feeds: 500 Twitch feeds (many organizations) over 60 games with realistic overlap
// (a few games carry most feeds), polled against the fake Twitch on a virtual clock: each cycle is
// the scheduler minute opening every 5 virtual minutes, due games are spread over that minute, and the client paces by the rate-limit
// headers. Reports per cycle: wall time, Helix calls by endpoint, points, new feed items; and the
// peak points spent in any sliding minute (Twitch allows 800).
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../server/config.js';
import { createDatabase } from '../server/db/client.js';
import { migrateDatabase } from '../server/db/migrate.js';
import { TwitchClient } from '../server/integrations/twitch/client.js';
import { pollGame } from '../server/features/streams/poll.js';
import { createTwitchFeed } from '../server/features/streams/service.js';
import { startFakeTwitch } from '../test/fakes/twitch.js';
import { percentile, printTable, rng, size, startBenchDatabase, writeResults, type Row } from './lib.js';
import { insertOrg, insertProject, row, runTwitchMetricsBench } from './twitch-live-metrics.js';

// The live metrics bench (issue 30) lives in bench/twitch-live-metrics.ts; still importable from here.
export { runTwitchMetricsBench, type TwitchMetricsSummary } from './twitch-live-metrics.js';

export interface TwitchBenchCycle {
  cycle: number;
  wall_ms: number;
  games_polled: number;
  calls: Record<string, number>;
  points: number;
  new_items: number;
  announced: number;
}

export interface TwitchBenchSummary {
  feeds: number;
  games: number;
  cycle_minutes: number;
  cycles: TwitchBenchCycle[];
  points_total: number;
  peak_points_per_minute: number;
  points_limit_per_minute: number;
  within_limit: boolean;
  game_poll_median_ms: number;
  game_poll_p95_ms: number;
  engine: string;
}

const ENDPOINTS = ['/streams', '/videos', '/users', '/channels/followers', '/games'];
const VOCAB = Array.from({ length: 300 }, (_, i) => `w${i.toString(36)}`);

/** Runs the bench; returns table rows and the JSON summary (also used by bench/video-feeds). */
export async function runTwitchBench(
  opts: { feeds?: number; games?: number; cycles?: number; cycleMinutes?: number } = {},
): Promise<{ rows: Row[]; summary: TwitchBenchSummary }> {
  const feeds = opts.feeds ?? 500;
  const games = opts.games ?? 60;
  const cycles = opts.cycles ?? 10;
  // Games are due every 5–60 minutes: a cycle is the scheduler minute that opens each 5 minutes.
  const cycleMs = (opts.cycleMinutes ?? 5) * 60_000;
  const random = rng(13);
  const pick = <T>(list: T[]) => list[Math.floor(random() * list.length)];
  const title = () => Array.from({ length: 5 }, () => pick(VOCAB)).join(' ');

  const clock = { t: Date.UTC(2026, 10, 20, 12), now: () => clock.t };
  const fake = await startFakeTwitch({
    now: clock.now,
    games: Array.from({ length: games }, (_, i) => ({ id: String(1990000000 + i), name: `Game ${i}`, box_art_url: '' })),
  });
  const benchDb = await startBenchDatabase('twitch');
  await migrateDatabase(benchDb.url);
  const database = createDatabase(benchDb.url, { max: 4, statementTimeoutMs: 60_000 });
  const db = database.db;
  const config = loadConfig({ NODE_ENV: 'production', DATABASE_URL: benchDb.url, JWT_SECRET: 'bench-secret-bench-secret-0123456789', ...fake.env });
  const client = new TwitchClient(config.twitch, {
    now: clock.now,
    sleep: async (ms) => {
      clock.t += ms;
    },
  });

  try {
    // Popularity: game i carries weight ~1/(i+1) (a few big games, a long tail).
    const gameIds = fake.games.map((g) => g.id);
    const zipfGame = () => gameIds[Math.min(games - 1, Math.floor(Math.pow(random(), 2.2) * games))];
    const users = Array.from({ length: 3000 }, (_, i) =>
      fake.addUser({ id: String(700000 + i), login: `caster${i}`, followers: Math.floor(Math.pow(random(), 3) * 200_000) }),
    );
    const liveTarget = (gameIndex: number) => Math.max(3, Math.round(260 / (gameIndex + 1)));
    gameIds.forEach((g, i) => {
      for (let n = 0; n < liveTarget(i); n++)
        fake.addStream({ user_id: pick(users).id, game_id: g, title: title(), viewer_count: Math.floor(random() * 5000) });
      for (let n = 0; n < Math.ceil(liveTarget(i) / 3); n++) fake.addVideo({ user_id: pick(users).id, game_id: g, title: title(), description: title() });
    });

    // Organizations of 5 projects each, one feed per project; webhooks on every tenth feed.
    let lastOrg = 0;
    for (let f = 0; f < feeds; f++) {
      const org = f % 5 === 0 ? await insertOrg(db, `Bench org ${f / 5}`) : lastOrg;
      lastOrg = org;
      const projectId = await insertProject(db, org, `Bench project ${f}`);
      const keyword = random() < 0.3 ? `${pick(VOCAB)}, ${pick(VOCAB)}` : pick(VOCAB);
      await db.transaction((tx) =>
        createTwitchFeed(
          tx,
          org,
          {
            projectId,
            keyword,
            gameId: zipfGame(),
            gameName: 'Bench game',
            discordWebhookUrl: f % 10 === 0 ? 'https://discord.com/api/webhooks/1/bench' : null,
            discordMinFollowers: 1000,
          },
          config,
          { client, now: new Date(clock.t) },
        ),
      );
    }

    const out: TwitchBenchCycle[] = [];
    const pollMs: number[] = [];
    const start = clock.t;
    for (let c = 0; c < cycles; c++) {
      clock.t = Math.max(clock.t, start + c * cycleMs);
      // Churn: a tenth of the live streams end (half leave a VOD), new ones start, views move.
      for (const s of [...fake.streams]) if (random() < 0.1) fake.endStream(s.id, random() < 0.5 ? { vod: {} } : undefined);
      gameIds.forEach((g, i) => {
        for (let n = 0; n < Math.ceil(liveTarget(i) / 10); n++)
          fake.addStream({ user_id: pick(users).id, game_id: g, title: title(), viewer_count: Math.floor(random() * 5000) });
      });
      for (const s of fake.streams) s.viewer_count += Math.floor(random() * 50);

      const callsBefore = Object.fromEntries(ENDPOINTS.map((e) => [e, fake.calls(e)]));
      const pointsBefore = fake.points().length;
      const cycleStart = clock.t;
      const due = await db.execute<{ id: string }>(sql`
        select g.id from twitch_games g where g.next_check_at <= ${new Date(clock.t).toISOString()}::timestamptz
          and exists (select 1 from twitch_feeds f where f.game_id = g.id and f.is_enabled) order by g.next_check_at`);
      const wall = performance.now();
      let newItems = 0;
      let announced = 0;
      for (const [i, { id }] of due.rows.entries()) {
        // The scheduler spreads the minute's games (startAfter 0–59 s).
        clock.t = Math.max(clock.t, cycleStart + Math.floor((i * 60_000) / due.rows.length));
        const t0 = performance.now();
        const outcome = await pollGame({ db, client }, id, new Date(clock.t));
        pollMs.push(performance.now() - t0);
        if (outcome.error) throw new Error(`game ${id}: ${outcome.error}`);
        newItems += outcome.newFeedItems;
        announced += outcome.announced;
      }
      out.push({
        cycle: c + 1,
        wall_ms: Math.round(performance.now() - wall),
        games_polled: due.rows.length,
        calls: Object.fromEntries(ENDPOINTS.map((e) => [e, fake.calls(e) - callsBefore[e]])),
        points: fake.points().length - pointsBefore,
        new_items: newItems,
        announced,
      });
    }

    const points = fake.points();
    let peak = 0;
    for (let i = 0, j = 0; j < points.length; j++) {
      while (points[j] - points[i] >= 60_000) i++;
      peak = Math.max(peak, j - i + 1);
    }
    const walls = out.map((c) => c.wall_ms);
    const engine = benchDb.engine;
    const rows: Row[] = [row('poll cycle (all due games)', engine, walls, 'cycles/s'), row('game poll (Helix + one transaction)', engine, pollMs, 'polls/s')];
    const summary: TwitchBenchSummary = {
      feeds,
      games,
      cycle_minutes: cycleMs / 60_000,
      cycles: out,
      points_total: points.length,
      peak_points_per_minute: peak,
      points_limit_per_minute: 800,
      within_limit: peak <= 800,
      game_poll_median_ms: Math.round(percentile(pollMs, 50)),
      game_poll_p95_ms: Math.round(percentile(pollMs, 95)),
      engine,
    };
    return { rows, summary };
  } finally {
    await database.close();
    await benchDb.stop();
    await fake.close();
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  // Live metrics (issue 30): 60 games × 300 live streams, game-wide feeds; 1 virtual hour, one day with
  // --size=large, or --hours=N.
  const hoursArg = Number(process.argv.find((a) => a.startsWith('--hours='))?.slice('--hours='.length));
  const metrics = await runTwitchMetricsBench({ hours: hoursArg > 0 ? hoursArg : size() === 'large' ? 24 : 1 });
  printTable(
    `Twitch live metrics: ${metrics.summary.games} games × ${metrics.summary.live_per_game} live streams, ${metrics.summary.hours} virtual hours`,
    metrics.rows,
  );
  console.log(JSON.stringify(metrics.summary, null, 2));
  writeResults('twitch-metrics', metrics.rows, { summary: metrics.summary });
  if (process.argv.includes('--metrics-only')) process.exit(metrics.summary.within_limit ? 0 : 1);
  const { rows, summary } = await runTwitchBench();
  printTable('Twitch feeds: 500 feeds, 60 games, 10 cycles 5 minutes apart (virtual clock, fake Twitch)', rows);
  console.table(
    summary.cycles.map((c) => ({
      cycle: c.cycle,
      'wall ms': c.wall_ms,
      games: c.games_polled,
      ...c.calls,
      points: c.points,
      'new items': c.new_items,
      announced: c.announced,
    })),
  );
  console.log(`peak points per minute: ${summary.peak_points_per_minute} (limit ${summary.points_limit_per_minute})`);
  writeResults('twitch-feeds', rows, { summary });
  if (!summary.within_limit) process.exitCode = 1;
}
