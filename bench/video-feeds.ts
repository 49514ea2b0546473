// bench/video-feeds: 500 YouTube feeds over 200 distinct keywords (realistic overlap: a few
// keywords followed by many organizations, most by one or two) across 100 organizations, against
// the fake YouTube, over 24 virtual hours of scheduler cycles (every 5 minutes; the poller takes
// `now`). The fake publishes new videos all day, a share of them from recurring channels.
// Reports per cycle and per day: wall time, API calls by method, quota by bucket, the share of
// new videos that came through channel feeds vs search, the longest gap between two searches of
// a keyword, how late followed channels' uploads arrived, and how many keywords one key serves.
// Flags: --size=large (two virtual days), --keys=N (search budget of N keys; default 8).
// The Twitch bench (bench/twitch-feeds.ts, runTwitchBench) runs after it; its rows join the results.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { TIER } from '../common/limits.js';
import { loadConfig } from '../server/config.js';
import { createDatabase } from '../server/db/client.js';
import { clients, projects } from '../server/db/schema/workspace.js';
import { migrateDatabase } from '../server/db/migrate.js';
import { insertUser } from '../server/features/auth/service.js';
import { createOrganization } from '../server/features/organizations/service.js';
import { createYoutubeFeed } from '../server/features/videos/service.js';
import { runYoutubeCycle } from '../server/features/videos/jobs.js';
import { startFakeYoutube } from '../test/fakes/youtube.js';
import { runTwitchBench } from './twitch-feeds.js';
import { percentile, printTable, rng, size, startBenchDatabase, writeResults, type Row } from './lib.js';

const DAYS = size() === 'large' ? 2 : 1;
const FEEDS = 500;
const KEYWORDS = 200;
const ORGS = 100;
const CYCLE_MIN = 5;
const KEYS = Number(process.argv.find((a) => a.startsWith('--keys='))?.slice(7) ?? 8);
const SEARCHES_PER_KEY = 100;
const random = rng(13);

const keyword = (k: number) => `Bench Game ${k.toString(36).toUpperCase()}${k % 3 === 0 ? ' Deluxe' : ''}`;
/** Feed i's keyword: every keyword once, then a Zipf-like tail (popular games are watched by many). */
const keywordOfFeed = (i: number) => (i < KEYWORDS ? i : Math.floor(Math.pow(random(), 2.5) * KEYWORDS));

// Channels: 40 recurring ones (each covers a few keywords, uploads often), 400 occasional ones.
const RECURRING = 40;
const OCCASIONAL = 400;
const channelId = (n: number) => `UCbench${String(n).padStart(17, '0')}`;
const recurringKeywords = (c: number) => [c % KEYWORDS, (c * 7) % KEYWORDS, (c * 13 + 5) % KEYWORDS];

const fake = await startFakeYoutube({ limits: { search: SEARCHES_PER_KEY * KEYS, default: 10_000 * KEYS } });
for (let c = 0; c < RECURRING + OCCASIONAL; c++)
  fake.addChannel({ id: channelId(c), title: `Bench channel ${c}`, subscribers: Math.round(1000 * Math.pow(1 + random() * 30, 2)) });
const database = await startBenchDatabase('video_feeds');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cw-bench-video-'));
await migrateDatabase(database.url);
const config = loadConfig({
  NODE_ENV: 'production',
  DATABASE_URL: database.url,
  DATA_DIR: dataDir,
  LOG_LEVEL: 'silent',
  JWT_SECRET: 'bench-secret-bench-secret-bench-secret-01',
  ...fake.env,
  YOUTUBE_SEARCH_DAILY_LIMIT: String(SEARCHES_PER_KEY * KEYS),
  YOUTUBE_DAILY_UNITS: String(10_000 * KEYS),
});
const { db, pool, close } = createDatabase(database.url, { max: 4, statementTimeoutMs: 60_000 });
const deps = { db, config };

// Virtual clock: the day starts at a Pacific midnight (quota day), 2026-03-02 08:00 UTC.
const start = new Date('2026-03-02T08:00:00Z');
let videoSeq = 0;
/** Publishes one video at `at` about keyword k from channel c. */
function publish(at: Date, k: number, c: number) {
  const id = `bv${(videoSeq++).toString(36).padStart(9, '0')}`;
  fake.addVideo({
    id,
    channelId: channelId(c),
    title: `${keyword(k)} — episode ${videoSeq}`,
    description: 'Bench video',
    publishedAt: at.toISOString(),
    views: Math.round(random() * 50_000),
  });
  return id;
}

try {
  // 100 organizations, 500 projects and feeds (typed in different ways: same searches).
  const orgIds: number[] = [];
  await db.transaction(async (tx) => {
    const owner = await insertUser(tx, { name: 'Bench owner', email: 'bench-videos@coverwatch.local', passwordHash: 'x', tierId: TIER.admin });
    for (let o = 0; o < ORGS; o++) orgIds.push((await createOrganization(tx, { name: `Bench org ${o}`, plan: 'pro', ownerId: owner.id })).id);
  });
  const t0 = Date.now();
  for (let i = 0; i < FEEDS; i++) {
    const orgId = orgIds[i % ORGS];
    const k = keywordOfFeed(i);
    const typed = i % 2 ? keyword(k).toLowerCase() : `  ${keyword(k)} `;
    await db.transaction(async (tx) => {
      const [client] = await tx
        .insert(clients)
        .values({ organizationId: orgId, name: `Brand ${i}` })
        .returning();
      const [project] = await tx
        .insert(projects)
        .values({ organizationId: orgId, clientId: client.id, name: `Project ${i}` })
        .returning();
      await createYoutubeFeed(tx, orgId, { projectId: project.id, keyword: typed }, config, start);
    });
  }
  const setupMs = Date.now() - t0;
  const {
    rows: [{ n: searches }],
  } = await pool.query(`select count(*)::int as n from youtube_searches`);
  // History: two videos per keyword from the last week (the first searches find them).
  for (let k = 0; k < KEYWORDS; k++)
    for (let j = 0; j < 2; j++) publish(new Date(start.getTime() - (1 + random() * 6) * 86_400_000), k, RECURRING + Math.floor(random() * OCCASIONAL));
  // Recurring channels' history: each has already posted about its keywords (so the first searches make them followed).
  for (let c = 0; c < RECURRING; c++)
    for (const k of recurringKeywords(c).slice(0, 2)) publish(new Date(start.getTime() - (1 + random() * 3) * 86_400_000), k, c);

  const cycles = (DAYS * 24 * 60) / CYCLE_MIN;
  const perCycle: { ms: number; search: number; videos: number; channels: number; feeds: number }[] = [];
  const publishedAt = new Map<string, { at: number; recurring: boolean }>();
  const arrival = new Map<string, number>();
  const searchTimes = new Map<number, number[]>();
  let lastVideoRow = 0;
  const calls = () => ({ search: fake.calls('/search'), videos: fake.calls('/videos'), channels: fake.calls('/channels'), feeds: fake.calls('/feeds') });
  for (let cycle = 0; cycle < cycles; cycle++) {
    const now = new Date(start.getTime() + cycle * CYCLE_MIN * 60_000);
    // New uploads this cycle: ~1 000 a day over all keywords, a third from recurring channels.
    const uploads = Math.round(random() * 7);
    for (let u = 0; u < uploads; u++) {
      const at = new Date(now.getTime() - random() * CYCLE_MIN * 60_000);
      const recurring = random() < 0.35;
      const c = recurring ? Math.floor(random() * RECURRING) : RECURRING + Math.floor(random() * OCCASIONAL);
      const k = recurring ? recurringKeywords(c)[Math.floor(random() * 3)] : Math.floor(Math.pow(random(), 1.5) * KEYWORDS);
      publishedAt.set(publish(at, k, c), { at: at.getTime(), recurring });
    }
    const before = calls();
    const { rows: checked } = await pool.query<{ id: number; last_checked_at: Date | null }>(`select id, last_checked_at from youtube_searches`);
    const started = Date.now();
    await runYoutubeCycle(deps, now);
    const ms = Date.now() - started;
    const after = calls();
    perCycle.push({
      ms,
      search: after.search - before.search,
      videos: after.videos - before.videos,
      channels: after.channels - before.channels,
      feeds: after.feeds - before.feeds,
    });
    const { rows: polled } = await pool.query<{ id: number; last_checked_at: Date | null }>(`select id, last_checked_at from youtube_searches`);
    for (const r of polled) {
      const prev = checked.find((c) => c.id === r.id)?.last_checked_at;
      if (r.last_checked_at && (!prev || prev.getTime() !== r.last_checked_at.getTime()))
        searchTimes.set(r.id, [...(searchTimes.get(r.id) ?? []), now.getTime()]);
    }
    const { rows: fresh } = await pool.query(`select id, video_id from youtube_videos where id > $1 order by id`, [lastVideoRow]);
    for (const r of fresh) arrival.set(r.video_id, now.getTime());
    if (fresh.length) lastVideoRow = Number(fresh[fresh.length - 1].id);
  }

  // Per day: how the new videos arrived, how late, and how often each keyword was searched.
  const end = start.getTime() + DAYS * 86_400_000;
  const { rows: via } = await pool.query<{ video_id: string; channel: string | null; search: boolean }>(`
    select v.video_id, min(fv.found_via) filter (where fv.found_via = 'channel') as channel, bool_or(fv.found_via = 'search') as search
    from youtube_videos v join youtube_feed_videos fv on fv.video_id = v.id group by v.video_id`);
  const newVia = via.filter((r) => publishedAt.has(r.video_id));
  const viaChannel = newVia.filter((r) => r.channel && !r.search).length;
  const { rows: followedRows } = await pool.query(`select count(*)::int as n from youtube_channels where followed`);
  const lateness = [...publishedAt].filter(([id, p]) => p.recurring && arrival.has(id)).map(([id, p]) => (arrival.get(id)! - p.at) / 60_000);
  const gaps: number[] = [];
  // Steady state: from a keyword's first search (the first ones are paced over the morning) to the
  // end of the run; a gap may exceed 6 h by one scheduler tick (the cycle's granularity).
  const firstSearchH: number[] = [];
  for (const times of searchTimes.values()) {
    const all = [...times, end];
    firstSearchH.push((times[0] - start.getTime()) / 3_600_000);
    gaps.push(Math.max(...all.slice(1).map((t, i) => t - all[i])) / 3_600_000);
  }
  const within6h = gaps.filter((g) => g <= 6 + CYCLE_MIN / 60).length;
  const totalSearches = perCycle.reduce((a, c) => a + c.search, 0) / DAYS;
  const totalUnits = perCycle.reduce((a, c) => a + c.videos + c.channels, 0) / DAYS;
  const keywordsPerKey = Math.round((within6h / Math.max(1, totalSearches / SEARCHES_PER_KEY)) * 10) / 10;
  const walls = perCycle.map((c) => c.ms).sort((a, b) => a - b);
  const rss = Math.round(process.memoryUsage().rss / 1048576);
  const rows: Row[] = [
    {
      operation: 'scheduler cycle (searches + channel feeds)',
      engine: database.engine,
      n: perCycle.length,
      median_ms: percentile(walls, 50),
      p95_ms: percentile(walls, 95),
      p99_ms: percentile(walls, 99),
      throughput: Math.round((perCycle.length / (walls.reduce((a, b) => a + b, 0) / 1000)) * 10) / 10,
      throughput_unit: 'cycles/s',
      peak_rss_mb: rss,
    },
  ];
  printTable(`video feeds: ${FEEDS} feeds, ${searches} shared searches, ${DAYS} virtual day(s), ${KEYS} key(s) of search budget`, rows);
  const perDay = {
    feeds: FEEDS,
    distinct_keywords: KEYWORDS,
    shared_searches: Number(searches),
    setup_ms: setupMs,
    api_calls_per_day: {
      'search.list': totalSearches,
      'videos.list': perCycle.reduce((a, c) => a + c.videos, 0) / DAYS,
      'channels.list': perCycle.reduce((a, c) => a + c.channels, 0) / DAYS,
      'atom feed (free)': perCycle.reduce((a, c) => a + c.feeds, 0) / DAYS,
    },
    quota_per_day: { search: totalSearches, default: totalUnits },
    new_videos: newVia.length,
    via_channel_feed_only: viaChannel,
    via_search: newVia.length - viaChannel,
    share_via_channel: Math.round((viaChannel / Math.max(1, newVia.length)) * 1000) / 10,
    followed_channels: followedRows[0].n,
    recurring_upload_delay_min: {
      median: percentile(
        [...lateness].sort((a, b) => a - b),
        50,
      ),
      p95: percentile(
        [...lateness].sort((a, b) => a - b),
        95,
      ),
      n: lateness.length,
    },
    longest_search_gap_h: {
      median: percentile(
        [...gaps].sort((a, b) => a - b),
        50,
      ),
      max: Math.max(...gaps),
    },
    first_search_after_h: { median: percentile(firstSearchH, 50), max: Math.max(...firstSearchH) },
    keywords_never_searched: KEYWORDS - searchTimes.size,
    keywords_searched_every_6h: within6h,
    keywords_served_per_key: keywordsPerKey,
    naive_keywords_per_key: Math.floor(SEARCHES_PER_KEY / 48),
  };
  console.log(JSON.stringify(perDay, null, 2));
  // The Twitch side of media monitoring (bench/twitch-feeds.ts), reported in the same file.
  const twitch = await runTwitchBench();
  printTable('twitch feeds (bench/twitch-feeds.ts)', twitch.rows);
  writeResults('video-feeds', [...rows, ...twitch.rows], { per_day: perDay, per_cycle: perCycle, twitch: twitch.summary });
} finally {
  await close();
  await fake.close();
  await database.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
