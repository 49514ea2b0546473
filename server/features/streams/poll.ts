import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { TwitchRateLimitError, type HelixStream, type HelixVideo, type TwitchClient } from '../../integrations/twitch/client.js';
import { streamItem, videoItem, type FetchedItem } from './helix-items.js';
import { ingestPoll, type ChannelValues, type PollFeed } from './ingest.js';
import { foldText, keywordTerms, matchesTerms } from './match.js';

export interface PollDeps {
  db: Db;
  client: TwitchClient;
  log?: { warn: (obj: object, msg: string) => void };
}

/** Pages of live streams per game and poll (100 each, most viewers first). */
export const STREAM_PAGES = 3;
/** Pages of the game's videos of the last day per poll (100 each, newest first). */
export const VIDEO_PAGES = 1;
/** Follower totals are refreshed this often (only for broadcasters that matched a feed). */
export const FOLLOWERS_MAX_AGE_MS = 86_400_000;

/** Adaptive interval bounds (seconds): busy games every 5–15 min, quiet ones up to an hour. */
export const INTERVAL = { busyMin: 300, busyMax: 900, quietMin: 900, quietMax: 3600 } as const;
const BACKOFF_MAX_SECONDS = 3600;

export interface PollOutcome {
  gameId: string;
  feeds: number;
  streams: number;
  videos: number;
  matched: number;
  newFeedItems: number;
  announced: number;
  ended: number;
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
  const [game] = (await db.execute<{ interval_seconds: number; error_count: number }>(sql`
    select interval_seconds, error_count from twitch_games where id = ${gameId}`)).rows;
  const base = { gameId, streams: 0, videos: 0, matched: 0, newFeedItems: 0, announced: 0, ended: 0 };
  if (!game) return { ...base, feeds: 0, nextCheckAt: now };
  const feeds = await enabledFeeds(db, gameId);
  if (!feeds.length) {
    const next = new Date(now.getTime() + INTERVAL.quietMax * 1000);
    await db.execute(sql`update twitch_games set next_check_at = ${next.toISOString()}::timestamptz where id = ${gameId}`);
    return { ...base, feeds: 0, nextCheckAt: next };
  }

  let fetched: Awaited<ReturnType<typeof fetchGame>>;
  let channels: ChannelValues[];
  const terms = feeds.map((f) => ({ id: f.id, terms: keywordTerms(f.keyword) }));
  let matched: { item: FetchedItem; feedIds: number[] }[];
  try {
    fetched = await fetchGame(deps.client, gameId, now);
    matched = [];
    for (const item of fetched.items) {
      const text = foldText(item.text);
      const feedIds = terms.filter((t) => matchesTerms(t.terms, text)).map((t) => t.id);
      if (feedIds.length) matched.push({ item, feedIds });
    }
    channels = await lookupChannels(deps, matched.map((m) => m.item), now);
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
    const interval = nextInterval(game.interval_seconds, liveMatches, r.newFeedItems);
    const next = new Date(now.getTime() + jitter(interval, gameId, now) * 1000);
    await tx.execute(sql`
      update twitch_games set interval_seconds = ${interval}, next_check_at = ${next.toISOString()}::timestamptz,
        error_count = 0, last_error = null, last_checked_at = ${now.toISOString()}::timestamptz,
        last_success_at = ${now.toISOString()}::timestamptz, last_found = ${matched.length}
      where id = ${gameId}`);
    return { ...r, nextCheckAt: next };
  });
  return {
    ...base,
    feeds: feeds.length,
    streams: fetched.liveIds.length,
    videos: fetched.items.filter((i) => i.values.kind === 'video').length,
    matched: matched.length,
    ...result,
  };
}

/**
 * Busy (live matches): 5 min when the poll found something new, else a little longer up to 15.
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
    id: number; organization_id: number; keyword: string; project_name: string; latest_pull: string | null;
    slack_webhook_url: string | null; slack_min: number | null; discord_webhook_url: string | null; discord_min: number | null;
  }>(sql`
    select f.id, f.organization_id, f.keyword, p.name as project_name, f.latest_pull,
           f.slack_webhook_url, f.slack_min_followers_notification as slack_min,
           f.discord_webhook_url, f.discord_min_followers_notification as discord_min
    from twitch_feeds f join projects p on p.id = f.project_id
    where f.game_id = ${gameId} and f.is_enabled
    order by f.id`);
  return res.rows.map((r) => ({
    id: r.id,
    organizationId: r.organization_id,
    keyword: r.keyword,
    projectName: r.project_name,
    latestPull: r.latest_pull ? new Date(r.latest_pull) : null,
    slackWebhookUrl: r.slack_webhook_url,
    slackMinFollowers: r.slack_min,
    discordWebhookUrl: r.discord_webhook_url,
    discordMinFollowers: r.discord_min,
  }));
}

/** The game's live streams (up to STREAM_PAGES pages) and videos of the last day (VIDEO_PAGES). */
async function fetchGame(client: TwitchClient, gameId: string, now: Date) {
  const streams: HelixStream[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const page = await client.getStreams({ gameId, first: 100, after: cursor });
    streams.push(...page.data);
    cursor = page.cursor;
    pages++;
  } while (cursor && pages < STREAM_PAGES);
  const liveComplete = cursor === null;
  const videos: HelixVideo[] = [];
  cursor = null;
  pages = 0;
  do {
    const page = await client.getVideos({ gameId, sort: 'time', period: 'day', type: 'all', first: 100, after: cursor });
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
  return {
    items,
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
  const known = await deps.db.execute<{ id: string; login: string; display_name: string; profile_image_url: string | null; followers: number | null; fetched_at: string | null }>(sql`
    select id, login, display_name, profile_image_url, followers, fetched_at from twitch_channels where id = any(${sql.param(ids)}::text[])`);
  const byId = new Map(known.rows.map((r) => [r.id, r]));
  const unknown = ids.filter((id) => !byId.get(id)?.login);
  const users = new Map((await deps.client.getUsers(unknown)).map((u) => [u.id, u]));
  const nameOf = new Map(items.map((i) => [i.values.broadcasterId, i]));
  const out: ChannelValues[] = [];
  for (const id of ids) {
    const row = byId.get(id);
    const user = users.get(id);
    const stale = !row?.fetched_at || Date.parse(row.fetched_at) < now.getTime() - FOLLOWERS_MAX_AGE_MS;
    const followers = stale ? await deps.client.getFollowerTotal(id) : row!.followers === null ? null : Number(row!.followers);
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
