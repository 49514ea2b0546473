import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { parseChannelFeed, YoutubeRequestError, type ChannelFeedEntry } from '../../integrations/youtube/client.js';
import { ingestVideos, type IngestVideo } from './ingest.js';
import { matchesSearch } from './match.js';
import { lookUpDetails, QuotaSpentError, toIngest, youtubeClientOf, type PollDeps } from './poll.js';
import { kickNotifier } from '../notifications/service.js';

/** Followed channels' Atom feeds are read this often (free: no quota). */
export const CHANNEL_FEED_INTERVAL_MS = 15 * 60_000;
const CHANNEL_BACKOFF_MAX_MS = 6 * 3600_000;
/** WebSub leases asked for, and renewed this long before they end. */
const WEBSUB_LEASE_SECONDS = 5 * 86_400;
export const WEBSUB_RENEW_MARGIN_MS = 86_400_000;

export interface ChannelIngestOutcome {
  entries: number;
  matched: number;
  added: number;
}

/**
 * New entries of a followed channel (its Atom feed or a WebSub push): each is matched locally
 * against every searched keyword that has an enabled feed, and matching videos join those feeds
 * like search results (`found_via = channel`). Counts come from videos.list (1 unit per 50
 * videos); when that bucket is spent the entry is still added, without counts.
 */
export async function ingestChannelEntries(deps: PollDeps, entries: ChannelFeedEntry[], now: Date): Promise<ChannelIngestOutcome> {
  if (entries.length === 0) return { entries: 0, matched: 0, added: 0 };
  const searches = await deps.db.execute<{ id: number; query: string }>(sql`
    select s.id, s.query from youtube_searches s where exists (select 1 from youtube_feeds f where f.search_id = s.id and f.is_enabled)`);
  const matches: { searchId: number; videoId: string }[] = [];
  for (const e of entries)
    for (const s of searches.rows) if (matchesSearch(s.query, e.title, e.description)) matches.push({ searchId: s.id, videoId: e.videoId });
  const ids = [...new Set(matches.map((m) => m.videoId))];
  if (ids.length === 0) return { entries: entries.length, matched: 0, added: 0 };
  // Only matches that are not yet in every matching feed need a look-up.
  const present = await deps.db.execute<{ video_id: string }>(sql`select video_id from youtube_videos where video_id = any(${sql.param(ids)}::text[])`);
  const unknown = ids.filter((id) => !present.rows.some((r) => r.video_id === id));
  let details: Awaited<ReturnType<typeof lookUpDetails>> = { videos: [], channels: [] };
  try {
    details = await lookUpDetails(deps, youtubeClientOf(deps.config), unknown, [], now);
  } catch (err) {
    if (!(err instanceof QuotaSpentError) && !(err instanceof YoutubeRequestError)) throw err;
  }
  const byId = new Map(details.videos.map((v) => [v.id, toIngest(v)]));
  const videos: IngestVideo[] = ids.map((id) => {
    const d = byId.get(id);
    if (d) return d;
    const e = entries.find((x) => x.videoId === id)!;
    return {
      videoId: e.videoId,
      channelId: e.channelId,
      channelTitle: '',
      title: e.title,
      description: e.description,
      publishedAt: new Date(e.publishedAt),
      thumbnail: `https://i.ytimg.com/vi/${e.videoId}/mqdefault.jpg`,
      views: null,
      likes: null,
      comments: null,
      language: null,
      liveBroadcastContent: null,
      withStats: false,
    };
  });
  const result = await deps.db.transaction((tx) => ingestVideos(tx, { videos, channels: details.channels, matches, foundVia: 'channel', now, announce: true }));
  // Announce at once (a WebSub push is seconds old); the notifier's sweep retries what fails.
  if (result.announced > 0) void kickNotifier(deps);
  return { entries: entries.length, matched: ids.length, added: result.added };
}

/** Reads one followed channel's Atom feed (conditional GET) and ingests its matching entries; failures back off. */
export async function pollChannelFeed(deps: PollDeps, channelId: string, now = new Date()): Promise<ChannelIngestOutcome | { error: string }> {
  const rows = await deps.db.execute<{ feed_etag: string | null; feed_last_modified: string | null; feed_error_count: number }>(sql`
    select feed_etag, feed_last_modified, feed_error_count from youtube_channels where id = ${channelId} and followed`);
  const ch = rows.rows[0];
  if (!ch) return { error: 'not followed' };
  try {
    const res = await youtubeClientOf(deps.config).fetchChannelFeed(channelId, { etag: ch.feed_etag, lastModified: ch.feed_last_modified });
    const outcome = res.status === 'ok' ? await ingestChannelEntries(deps, res.entries, now) : { entries: 0, matched: 0, added: 0 };
    await deps.db.execute(sql`
      update youtube_channels set feed_error_count = 0, feed_last_error = null, feed_last_success_at = ${now.toISOString()}::timestamptz,
        feed_next_check_at = ${new Date(now.getTime() + CHANNEL_FEED_INTERVAL_MS).toISOString()}::timestamptz
        ${res.status === 'ok' ? sql`, feed_etag = ${res.etag}, feed_last_modified = ${res.lastModified}` : sql``}
      where id = ${channelId}`);
    return outcome;
  } catch (err) {
    if (!(err instanceof YoutubeRequestError)) throw err;
    const wait = Math.min(CHANNEL_BACKOFF_MAX_MS, CHANNEL_FEED_INTERVAL_MS * 2 ** Math.min(ch.feed_error_count, 8));
    await deps.db.execute(sql`
      update youtube_channels set feed_error_count = feed_error_count + 1, feed_last_error = ${err.message.slice(0, 500)},
        feed_next_check_at = ${new Date(now.getTime() + wait).toISOString()}::timestamptz
      where id = ${channelId}`);
    return { error: err.message };
  }
}

/** The followed channels whose feed is due, oldest first. */
export async function dueChannels(deps: PollDeps, now: Date, limit = 200): Promise<string[]> {
  const rows = await deps.db.execute<{ id: string }>(sql`
    select id from youtube_channels where followed and feed_next_check_at <= ${now.toISOString()}::timestamptz order by feed_next_check_at limit ${limit}`);
  return rows.rows.map((r) => r.id);
}

const topicOf = (feedsUrl: string, channelId: string) => `${feedsUrl.replace(/(?<!\/)\/+$/, '')}/xml/feeds/videos.xml?channel_id=${channelId}`;
const callbackOf = (publicUrl: string, channelId: string) => `${publicUrl.replace(/(?<!\/)\/+$/, '')}/api/p/youtube_websub/${encodeURIComponent(channelId)}`;

/**
 * Asks the hub to push a followed channel's uploads to us (only with a public URL the hub can
 * reach). A fresh secret per channel signs the pushes; the hub then verifies our intent (GET).
 */
export async function subscribeChannel(deps: PollDeps, channelId: string, now = new Date()): Promise<boolean> {
  const publicUrl = deps.config.publicUrl;
  if (!publicUrl) return false;
  const secret = randomBytes(20).toString('hex');
  // `websub_expires_at` is when to (re)subscribe next: in an hour unless the hub verifies our
  // intent (which moves it to a day before the lease ends), so an unreachable hub is retried hourly.
  await deps.db.execute(sql`
    update youtube_channels set websub_secret = ${secret}, websub_expires_at = ${new Date(now.getTime() + 3600_000).toISOString()}::timestamptz
    where id = ${channelId} and followed`);
  const form = new URLSearchParams({
    'hub.mode': 'subscribe',
    'hub.topic': topicOf(deps.config.youtube.feedsUrl, channelId),
    'hub.callback': callbackOf(publicUrl, channelId),
    'hub.secret': secret,
    'hub.lease_seconds': String(WEBSUB_LEASE_SECONDS),
    'hub.verify': 'async',
  });
  try {
    const res = await fetch(deps.config.youtube.websubHub, {
      method: 'POST',
      body: form.toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      redirect: 'error',
      signal: AbortSignal.timeout(10_000),
    });
    await res.body?.cancel();
    return res.status === 202 || res.status === 204;
  } catch {
    return false;
  }
}

/** Followed channels never subscribed, or whose time to (re)subscribe has come. */
export async function channelsToSubscribe(deps: PollDeps, now: Date, limit = 50): Promise<string[]> {
  const rows = await deps.db.execute<{ id: string }>(sql`
    select id from youtube_channels where followed
      and (websub_expires_at is null or websub_expires_at <= ${now.toISOString()}::timestamptz)
    order by websub_expires_at nulls first limit ${limit}`);
  return rows.rows.map((r) => r.id);
}

/** The hub's verification of intent: echo `hub.challenge` for a followed channel we asked about; null otherwise. */
export async function verifyChannelIntent(deps: PollDeps, channelId: string, query: Record<string, string>, now = new Date()): Promise<string | null> {
  const challenge = query['hub.challenge'];
  if (!challenge || challenge.length > 500) return null;
  const rows = await deps.db.execute<{ followed: boolean; websub_secret: string | null }>(
    sql`select followed, websub_secret from youtube_channels where id = ${channelId}`,
  );
  const ch = rows.rows[0];
  if (!ch) return null;
  if (query['hub.mode'] === 'unsubscribe') return ch.followed ? null : challenge;
  if (query['hub.mode'] !== 'subscribe' || !ch.followed || !ch.websub_secret) return null;
  const lease = Number(query['hub.lease_seconds']);
  const seconds = Number.isFinite(lease) && lease > 0 ? Math.min(lease, 30 * 86_400) : WEBSUB_LEASE_SECONDS;
  const renewAt = now.getTime() + Math.max(seconds * 1000 - WEBSUB_RENEW_MARGIN_MS, seconds * 500);
  await deps.db.execute(sql`update youtube_channels set websub_expires_at = ${new Date(renewAt).toISOString()}::timestamptz where id = ${channelId}`);
  return challenge;
}

function signatureMatches(secret: string, body: Buffer, header: string | undefined): boolean {
  const m = /^(sha1|sha256)=([0-9a-f]+)$/i.exec((header ?? '').trim());
  if (!m) return false;
  const expected = createHmac(m[1].toLowerCase(), secret).update(body).digest();
  const given = Buffer.from(m[2], 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * A push from the hub: accepted only with a valid `X-Hub-Signature` made with the channel's
 * secret; its entries (of that channel only) are ingested at once.
 */
export async function receiveChannelPush(
  deps: PollDeps,
  channelId: string,
  body: Buffer,
  signature: string | undefined,
  now = new Date(),
): Promise<'unknown' | 'ignored' | ChannelIngestOutcome> {
  const rows = await deps.db.execute<{ followed: boolean; websub_secret: string | null }>(
    sql`select followed, websub_secret from youtube_channels where id = ${channelId}`,
  );
  const ch = rows.rows[0];
  if (!ch || !ch.followed) return 'unknown';
  if (!ch.websub_secret || !signatureMatches(ch.websub_secret, body, signature)) return 'ignored';
  const entries = parseChannelFeed(body.toString('utf8')).filter((e) => e.channelId === channelId);
  return ingestChannelEntries(deps, entries, now);
}
