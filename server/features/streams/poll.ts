import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { TwitchRateLimitError, type HelixPage, type HelixStream, type HelixVideo, type TwitchClient } from '../../integrations/twitch/client.js';
import { streamItem, videoItem, type FetchedItem } from './helix-items.js';
import { ingestPoll, type ChannelValues, type PollFeed } from './ingest.js';
import { feedFilter, feedTakes, foldText } from './match.js';
import { compactEndedStreams, endMissingStreams, recordSamples, type LiveStream } from './metrics.js';

export interface PollDeps {
  db: Db;
  client: TwitchClient;
  log?: { warn: (obj: object, msg: string) => void };
}

/** Pages of live streams per game and poll (100 each, most viewers first): 1 point each. */
export const STREAM_PAGES = 10;
/** Pages of the game's videos of the last day per poll (100 each, newest first). */
export const VIDEO_PAGES = 1;
/** Follower totals are refreshed this often (only for broadcasters that matched a feed). */
export const FOLLOWERS_MAX_AGE_MS = 86_400_000;

/** Follower totals fetched per poll at most (1 point each); the rest wait for the next polls. */
export const FOLLOWER_LOOKUPS_PER_POLL = 100;

/**
 * Adaptive interval bounds (seconds): games with live streams in a feed every 2–5 min (often
 * enough to see a peak; docs/decisions.md has the points arithmetic), quiet ones 15–60 min.
 */
export const INTERVAL = { busyMin: 120, busyMax: 300, quietMin: 900, quietMax: 3600 } as const;
/** When the client spent this many points in the last minute, busy games wait the busy maximum. */
export const BUSY_POINTS_PER_MINUTE = 600;
const BACKOFF_MAX_SECONDS = 3600;
/** A 429 within a poll waits for the bucket's reset and retries this many times (no sample lost). */
const RATE_LIMIT_RETRIES = 2;
/** ... when the reset is at most this far from the poll's start (a bucket refills each minute). */
const RATE_LIMIT_MAX_WAIT_MS = 120_000;

export interface PollOutcome {
  gameId: string;
  feeds: number;
  streams: number;
  videos: number;
  matched: number;
  newFeedItems: number;
  announced: number;
  ended: number;
  /** Samples recorded (one per live stream seen). */
  samples: number;
  /** Streams whose live metrics ended in this poll. */
  streamsEnded: number;
  /** Helix calls that answered 429 and were retried after the reset. */
  retried: number;
  error?: string;
  nextCheckAt: Date;
}

/**
 * One poll of a game serves every enabled feed watching it, across organizations: the game's
 * live streams and last day's videos, matched locally against each feed's keyword; users and
 * follower totals only for broadcasters that matched. Everything Helix said is written in one
 * transaction (ingestPoll), so a worker killed mid-poll loses and doubles nothing. A failure is
 * recorded on the game row (error count, readable message, back-off; a 429 waits for the reset).
 */
export async function pollGame(deps: PollDeps, gameId: string, now = new Date()): Promise<PollOutcome> {
  const { db } = deps;
  const [game] = (
    await db.execute<{ interval_seconds: number; error_count: number }>(sql`
    select interval_seconds, error_count from twitch_games where id = ${gameId}`)
  ).rows;
  const base = { gameId, streams: 0, videos: 0, matched: 0, newFeedItems: 0, announced: 0, ended: 0, samples: 0, streamsEnded: 0, retried: 0 };
  if (!game) return { ...base, feeds: 0, nextCheckAt: now };
  const feeds = await enabledFeeds(db, gameId);
  if (!feeds.length) {
    const next = new Date(now.getTime() + INTERVAL.quietMax * 1000);
    await db.execute(sql`update twitch_games set next_check_at = ${next.toISOString()}::timestamptz where id = ${gameId}`);
    return { ...base, feeds: 0, nextCheckAt: next };
  }

  let fetched: Awaited<ReturnType<typeof fetchGame>>;
  let channels: ChannelValues[];
  const filters = feeds.map((f) => ({ id: f.id, filter: feedFilter(f) }));
  let matched: { item: FetchedItem; feedIds: number[] }[];
  try {
    fetched = await fetchGame(deps.client, gameId, now);
    matched = [];
    for (const item of fetched.items) {
      const text = foldText(item.text);
      const seen = { kind: item.values.kind, viewers: Number(item.values.viewCount ?? 0) };
      const feedIds = filters.filter((f) => feedTakes(f.filter, seen, text)).map((f) => f.id);
      if (feedIds.length) matched.push({ item, feedIds });
    }
    channels = await lookupChannels(
      deps,
      matched.map((m) => m.item),
      now,
    );
  } catch (err) {
    const nextCheckAt = await recordFailure(db, gameId, game.error_count, err, now);
    deps.log?.warn({ gameId, err: (err as Error).message }, 'twitch game poll failed');
    return { ...base, feeds: feeds.length, error: (err as Error).message, nextCheckAt };
  }

  const liveMatches = matched.filter((m) => m.item.values.live).length;
  const result = await db.transaction(async (tx) => {
    const r = await ingestPoll(tx, {
      gameId,
      feeds,
      matched,
      channels,
      liveIds: fetched.liveIds,
      liveComplete: fetched.liveComplete,
      vods: fetched.vods,
      now,
    });
    const samples = await recordSamples(tx, gameId, fetched.live, now);
    const streamsEnded = await endMissingStreams(tx, gameId, fetched.liveIds, fetched.liveComplete, now);
    await compactEndedStreams(tx, gameId, now);
    let interval = nextInterval(game.interval_seconds, liveMatches, r.newFeedItems);
    // Many games live at once: stretch to the busy maximum rather than run out of points.
    if (liveMatches > 0 && deps.client.gate.recentStarts() > BUSY_POINTS_PER_MINUTE) interval = INTERVAL.busyMax;
    const next = new Date(now.getTime() + jitter(interval, gameId, now) * 1000);
    await tx.execute(sql`
      update twitch_games set interval_seconds = ${interval}, next_check_at = ${next.toISOString()}::timestamptz,
        error_count = 0, last_error = null, last_checked_at = ${now.toISOString()}::timestamptz,
        last_success_at = ${now.toISOString()}::timestamptz, last_found = ${matched.length}
      where id = ${gameId}`);
    return { ...r, samples, streamsEnded, nextCheckAt: next };
  });
  return {
    ...base,
    feeds: feeds.length,
    streams: fetched.liveIds.length,
    videos: fetched.items.filter((i) => i.values.kind === 'video').length,
    matched: matched.length,
    retried: fetched.retried,
    ...result,
  };
}

/**
 * Busy (live streams in a feed): 2 min when the poll found something new, else ×1.5 up to 5.
 * Quiet: doubling from 15 min up to an hour.
 */
export function nextInterval(previous: number, liveMatches: number, newItems: number): number {
  if (liveMatches > 0) return newItems > 0 ? INTERVAL.busyMin : Math.min(INTERVAL.busyMax, Math.max(INTERVAL.busyMin, Math.round(previous * 1.5)));
  return Math.min(INTERVAL.quietMax, Math.max(INTERVAL.quietMin, previous * 2));
}

/**
 * ±15 % per game and poll (deterministic): games created together would otherwise stay in step
 * and spend their points in the same minute forever.
 */
export function jitter(seconds: number, gameId: string, now: Date): number {
  let h = Math.floor(now.getTime() / 1000);
  for (const ch of gameId) h = (Math.imul(h ^ ch.charCodeAt(0), 2654435761) >>> 0) % 1_000_003;
  return Math.round(seconds * (0.85 + 0.3 * (h / 1_000_003)));
}

async function enabledFeeds(db: Db, gameId: string): Promise<PollFeed[]> {
  const res = await db.execute<{
    id: number;
    organization_id: number;
    keyword: string;
    min_viewers: number | null;
    project_name: string;
    latest_pull: string | null;
    slack_webhook_url: string | null;
    slack_min: number | null;
    discord_webhook_url: string | null;
    discord_min: number | null;
  }>(sql`
    select f.id, f.organization_id, f.keyword, f.min_viewers, p.name as project_name, f.latest_pull,
           f.slack_webhook_url, f.slack_min_followers_notification as slack_min,
           f.discord_webhook_url, f.discord_min_followers_notification as discord_min
    from twitch_feeds f join projects p on p.id = f.project_id
    where f.game_id = ${gameId} and f.is_enabled
    order by f.id`);
  return res.rows.map((r) => ({
    id: r.id,
    organizationId: r.organization_id,
    keyword: r.keyword,
    minViewers: r.min_viewers === null ? null : Number(r.min_viewers),
    projectName: r.project_name,
    latestPull: r.latest_pull ? new Date(r.latest_pull) : null,
    slackWebhookUrl: r.slack_webhook_url,
    slackMinFollowers: r.slack_min,
    discordWebhookUrl: r.discord_webhook_url,
    discordMinFollowers: r.discord_min,
  }));
}

/**
 * One Helix call; a 429 waits for the bucket's reset (the client's gate sleeps until
 * `Ratelimit-Reset`) and tries again, so a poll that meets the limit still records every sample.
 */
async function withRetry<T>(call: () => Promise<T>, counter: { retried: number }, now: Date): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await call();
    } catch (err) {
      if (!(err instanceof TwitchRateLimitError) || attempt >= RATE_LIMIT_RETRIES || err.resetAt.getTime() - now.getTime() > RATE_LIMIT_MAX_WAIT_MS) throw err;
      counter.retried++;
    }
  }
}

/** The game's live streams (up to STREAM_PAGES pages) and videos of the last day (VIDEO_PAGES). */
async function fetchGame(client: TwitchClient, gameId: string, now: Date) {
  const counter = { retried: 0 };
  const streams: HelixStream[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const after: string | null = cursor;
    const page: HelixPage<HelixStream> = await withRetry(() => client.getStreams({ gameId, first: 100, after }), counter, now);
    streams.push(...page.data);
    cursor = page.cursor;
    pages++;
  } while (cursor && pages < STREAM_PAGES);
  const liveComplete = cursor === null;
  const videos: HelixVideo[] = [];
  cursor = null;
  pages = 0;
  do {
    const after: string | null = cursor;
    const page: HelixPage<HelixVideo> = await withRetry(
      () => client.getVideos({ gameId, sort: 'time', period: 'day', type: 'all', first: 100, after }),
      counter,
      now,
    );
    videos.push(...page.data);
    cursor = page.cursor;
    pages++;
  } while (cursor && pages < VIDEO_PAGES);
  const seen = new Set<string>();
  const items: FetchedItem[] = [];
  // Helix pages can overlap when the list shifts between calls; each item counts once.
  for (const s of streams) {
    if (!s.id || !s.user_id || seen.has(`s${s.id}`)) continue;
    seen.add(`s${s.id}`);
    items.push(streamItem(s, gameId, now));
  }
  for (const v of videos) {
    if (!v.id || !v.user_id || seen.has(`v${v.id}`)) continue;
    seen.add(`v${v.id}`);
    items.push(videoItem(v, gameId, now));
  }
  const live = new Map<string, LiveStream>();
  for (const s of streams) {
    if (!s.id || !s.user_id || live.has(s.id)) continue;
    const started = Date.parse(s.started_at);
    live.set(s.id, {
      id: s.id,
      broadcasterId: s.user_id,
      startedAt: new Date(Number.isNaN(started) ? now.getTime() : Math.min(started, now.getTime())),
      viewers: s.viewer_count,
    });
  }
  return {
    items,
    live: [...live.values()],
    retried: counter.retried,
    liveIds: [...new Set(streams.map((s) => s.id))],
    liveComplete,
    vods: videos.filter((v) => v.stream_id).map((v) => ({ streamId: v.stream_id!, videoId: v.id })),
  };
}

/**
 * Users for broadcasters never seen (batched by 100) and follower totals older than a day, only
 * for broadcasters whose items matched a feed: the costly lookups scale with matches, not with
 * everything live in a game.
 */
export async function lookupChannels(deps: PollDeps, items: FetchedItem[], now: Date): Promise<ChannelValues[]> {
  const ids = [...new Set(items.map((i) => i.values.broadcasterId))];
  if (!ids.length) return [];
  const known = await deps.db.execute<{
    id: string;
    login: string;
    display_name: string;
    profile_image_url: string | null;
    followers: number | null;
    fetched_at: string | null;
  }>(sql`
    select id, login, display_name, profile_image_url, followers, fetched_at from twitch_channels where id = any(${sql.param(ids)}::text[])`);
  const byId = new Map(known.rows.map((r) => [r.id, r]));
  const unknown = ids.filter((id) => !byId.get(id)?.login);
  const users = new Map((await deps.client.getUsers(unknown)).map((u) => [u.id, u]));
  const nameOf = new Map(items.map((i) => [i.values.broadcasterId, i]));
  const out: ChannelValues[] = [];
  // A game-wide feed brings hundreds of broadcasters at once: never-fetched totals first, at most
  // FOLLOWER_LOOKUPS_PER_POLL per poll; the others keep what is stored until a later poll.
  const staleness = (id: string) => {
    const f = byId.get(id)?.fetched_at;
    return f ? Date.parse(f) : -Infinity;
  };
  const due = new Set(
    ids
      .filter((id) => staleness(id) < now.getTime() - FOLLOWERS_MAX_AGE_MS)
      .sort((a, b) => staleness(a) - staleness(b))
      .slice(0, FOLLOWER_LOOKUPS_PER_POLL),
  );
  for (const id of ids) {
    const row = byId.get(id);
    const user = users.get(id);
    const stale = due.has(id);
    const stored = row?.followers === null || row?.followers === undefined ? null : Number(row.followers);
    const followers = stale ? await deps.client.getFollowerTotal(id) : stored;
    const seen = nameOf.get(id)!;
    out.push({
      id,
      login: user?.login ?? row?.login ?? seen.broadcasterLogin,
      displayName: user?.display_name ?? row?.display_name ?? seen.broadcasterName,
      profileImageUrl: user?.profile_image_url || row?.profile_image_url || null,
      followers,
      followersFresh: stale,
    });
  }
  return out;
}

async function recordFailure(db: Db, gameId: string, errorCount: number, err: unknown, now: Date): Promise<Date> {
  const count = errorCount + 1;
  const next =
    err instanceof TwitchRateLimitError
      ? new Date(Math.max(err.resetAt.getTime(), now.getTime()) + 1000)
      : new Date(now.getTime() + Math.min(BACKOFF_MAX_SECONDS, 60 * 2 ** Math.min(count, 12)) * 1000);
  const message = (err instanceof Error ? err.message : String(err)).slice(0, 500);
  await db.execute(sql`
    update twitch_games set error_count = ${count}, last_error = ${message}, last_checked_at = ${now.toISOString()}::timestamptz,
      next_check_at = ${next.toISOString()}::timestamptz
    where id = ${gameId}`);
  return next;
}
