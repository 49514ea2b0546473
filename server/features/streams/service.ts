import { MSG } from '../../../common/messages.js';
import type { BulkResult } from '../../../common/schemas/articles.js';
import type { Config } from '../../config.js';
import type { Db, Tx } from '../../db/client.js';
import { AppError, notFound } from '../../http/errors.js';
import { TwitchClient } from '../../integrations/twitch/client.js';
import { linkProjectTwitchFeed, lockActiveProject } from '../projects/service.js';
import { findTag } from '../tags/service.js';
import type { ItemValues } from './helix-items.js';
import { fillFeedFromKnownItems, ingestPoll, type ChannelValues } from './ingest.js';
import { deleteFeedItems, feedItemIds as feedItemsOfFeed, feedItemsByIds } from './items-repo.js';
import { samplesOf, viewerSeries, type Sample } from './metrics.js';
import type { FeedItemRow, SavedStreamRow } from './presenter.js';
import { ensureGame, findFeed, findFeedOfProject, findGame, insertFeed, lockFeed, updateFeedRow, type FeedValues, type FeedWithGame } from './repo.js';
import { findSavedStream, insertSavedStream, savedStreamIdOf, savedStreamsStats } from './saved-repo.js';

export { pollGame } from './poll.js';
export { recordSeries, type StreamSeries } from './metrics.js';
export { saveMissingStream } from './save-missing.js';
// A report's copy of a saved stream carries the same live metrics (reports/media.ts): the join, its columns and their reading.
export { SAVED_STATS_JOIN } from './saved-repo.js';
export { STATS_COLUMNS } from './items-repo.js';
export { metricsAttributes, toMetricsRow } from './presenter.js';

/** Whether this server has Twitch credentials (feeds wait in `not_configured` otherwise). */
export function twitchConfigured(config: Config): boolean {
  return Boolean(config.twitch.clientId && config.twitch.clientSecret);
}

/** 503 `not_connected`: a call that must reach Twitch now, on a server without credentials. */
export function notConnected(): AppError {
  return new AppError('not_connected', MSG.streams.notConnected);
}

/** One Helix client per process role (its rate-limit gate is shared by every caller in it). */
export function createTwitchClient(config: Config): TwitchClient {
  return new TwitchClient(config.twitch);
}

const READY_REASON = 'Checking Twitch every 2 to 60 minutes, more often while matching streams are live';

export interface TwitchFeedInput {
  projectId: number;
  /** '' or absent: every live stream of the game (a game-wide feed). */
  keyword?: string;
  gameId: string;
  /** Streams with fewer viewers when seen stay out; null: no minimum. */
  minViewers?: number | null;
  gameName?: string;
  slackWebhookUrl?: string | null;
  slackMinFollowers?: number | null;
  discordWebhookUrl?: string | null;
  discordMinFollowers?: number | null;
}

/** 422 at `game_id`: Helix answered and has no game with this id. */
export const gameNotFound = (pointer = '/game_id') => new AppError('validation_failed', MSG.streams.gameNotFound, pointer);

/**
 * The game's name: given, already stored, else Helix /games when configured (a game Helix does
 * not know is a 422 at `game_id`; Helix failing is not the person's fault: the id stands in for
 * the name until a poll learns it), else the id.
 */
export async function resolveGameName(db: Tx, gameId: string, given: string | undefined, config: Config, client?: TwitchClient): Promise<string> {
  if (given?.trim()) return given.trim();
  const stored = await findGame(db, gameId);
  if (stored && stored.name && stored.name !== gameId) return stored.name;
  if (twitchConfigured(config)) {
    const found = await (client ?? createTwitchClient(config)).getGames([gameId]).catch(() => null);
    if (found && !found.some((g) => g.id === gameId)) throw gameNotFound();
    const name = found?.find((g) => g.id === gameId)?.name;
    if (name) return name;
  }
  return gameId;
}
const gameNameOf = resolveGameName;

/**
 * Creates a project's Twitch feed inside the caller's transaction (sign-up uses it; no plan
 * checks here): one per project (409), the game row created or made due soon, the project's
 * `twitch_search_id` set, and the feed filled at once from what earlier polls of the game stored.
 */
export async function createTwitchFeed(
  tx: Tx,
  orgId: number,
  input: TwitchFeedInput,
  config: Config,
  opts: { client?: TwitchClient; now?: Date } = {},
): Promise<{ id: number; status: 'ACTIVE' | 'PENDING'; reason: string }> {
  const now = opts.now ?? new Date();
  if (!(await lockActiveProject(tx, orgId, input.projectId))) throw notFound('project');
  if (await findFeedOfProject(tx, orgId, input.projectId)) throw new AppError('conflict', 'This project already has a Twitch feed', '/project_id');
  const name = await gameNameOf(tx, input.gameId, input.gameName, config, opts.client);
  await ensureGame(tx, { id: input.gameId, name }, now);
  const feed = await insertFeed(tx, orgId, {
    projectId: input.projectId,
    keyword: (input.keyword ?? '').trim(),
    gameId: input.gameId,
    minViewers: input.minViewers ?? null,
    slackWebhookUrl: input.slackWebhookUrl ?? null,
    slackMinFollowers: input.slackMinFollowers ?? null,
    discordWebhookUrl: input.discordWebhookUrl ?? null,
    discordMinFollowers: input.discordMinFollowers ?? null,
  });
  await linkProjectTwitchFeed(tx, orgId, input.projectId, feed.id);
  await fillFeedFromKnownItems(tx, { id: feed.id, organizationId: orgId, keyword: feed.keyword, gameId: feed.gameId, minViewers: feed.minViewers }, now);
  return twitchConfigured(config)
    ? { id: feed.id, status: 'ACTIVE', reason: READY_REASON }
    : { id: feed.id, status: 'PENDING', reason: MSG.streams.notConnected };
}

export interface TwitchFeedChanges {
  keyword?: string;
  gameId?: string;
  minViewers?: number | null;
  isEnabled?: boolean;
  slackWebhookUrl?: string | null;
  slackMinFollowers?: number | null;
  discordWebhookUrl?: string | null;
  discordMinFollowers?: number | null;
}

/** A feed's webhooks: what an update replaced is compared with what it set, to test only new ones. */
export interface FeedWebhooks {
  slackWebhookUrl: string | null;
  discordWebhookUrl: string | null;
}

/**
 * Applies only what changed. A new keyword or game keeps the items already in the feed and adds
 * what stored polls of the (new) game match; `is_enabled: false` stops polling for this feed.
 * Answers the feed and the webhooks it had before.
 */
export async function updateTwitchFeed(
  db: Db,
  orgId: number,
  id: number,
  changes: TwitchFeedChanges,
  config: Config,
  client?: TwitchClient,
): Promise<{ feed: FeedWithGame; before: FeedWebhooks }> {
  const before = await db.transaction(async (tx) => {
    const feed = await lockFeed(tx, orgId, id);
    if (!feed) throw notFound('feed');
    const set: Partial<FeedValues> = {};
    if (changes.keyword !== undefined && changes.keyword.trim() !== feed.keyword) set.keyword = changes.keyword.trim();
    if (changes.gameId !== undefined && changes.gameId !== feed.gameId) {
      await ensureGame(tx, { id: changes.gameId, name: await gameNameOf(tx, changes.gameId, undefined, config, client) });
      set.gameId = changes.gameId;
    }
    if (changes.minViewers !== undefined && changes.minViewers !== feed.minViewers) set.minViewers = changes.minViewers;
    if (changes.isEnabled !== undefined) set.isEnabled = changes.isEnabled;
    if (changes.slackWebhookUrl !== undefined) set.slackWebhookUrl = changes.slackWebhookUrl;
    if (changes.slackMinFollowers !== undefined) set.slackMinFollowers = changes.slackMinFollowers;
    if (changes.discordWebhookUrl !== undefined) set.discordWebhookUrl = changes.discordWebhookUrl;
    if (changes.discordMinFollowers !== undefined) set.discordMinFollowers = changes.discordMinFollowers;
    // A new keyword (also none: the whole game), game or minimum is a new baseline: what its next
    // poll finds is the feed's fill, not news to announce (old videos the new keyword matches
    // would otherwise flood the webhook).
    const searchChanged = set.keyword !== undefined || set.gameId !== undefined || set.minViewers !== undefined;
    if (searchChanged) set.latestPull = null;
    // A feed switched back on, or searching anew, should not wait out an idle game's hour.
    if ((set.isEnabled === true && !feed.isEnabled) || searchChanged) await ensureGame(tx, { id: set.gameId ?? feed.gameId, name: '' });
    const updated = (await updateFeedRow(tx, orgId, id, set))!;
    if (searchChanged)
      await fillFeedFromKnownItems(tx, { id, organizationId: orgId, keyword: updated.keyword, gameId: updated.gameId, minViewers: updated.minViewers });
    return { slackWebhookUrl: feed.slackWebhookUrl, discordWebhookUrl: feed.discordWebhookUrl };
  });
  return { feed: await getTwitchFeed(db, orgId, id), before };
}

/** The feed with its game's polling state (404 for another organization's id). */
export async function getTwitchFeed(db: Tx, orgId: number, id: number): Promise<FeedWithGame> {
  const feed = await findFeed(db, orgId, id);
  if (!feed) throw notFound('feed');
  return feed;
}

/** The saved copy's key and URL: the VOD when there is one, else `stream:<id>` and the channel. */
export function savedKeyOf(item: Pick<FeedItemRow, 'kind' | 'twitchVideoId' | 'twitchStreamId' | 'url'>): { key: string; url: string | null } {
  if (item.twitchVideoId) return { key: item.twitchVideoId, url: item.kind === 'video' ? item.url : `https://www.twitch.tv/videos/${item.twitchVideoId}` };
  return { key: `stream:${item.twitchStreamId}`, url: item.url };
}

/**
 * Saves feed items under a tag (the tag's project), one row at a time: a row already saved in
 * that project is KO with the catalogue's message; the copy takes the item's and channel's
 * current values.
 */
export async function saveFeedItems(db: Tx, orgId: number, input: { feedId: number; itemIds: number[]; tagId: number }): Promise<BulkResult> {
  await getTwitchFeed(db, orgId, input.feedId);
  const tag = await findTag(db, orgId, input.tagId);
  if (!tag) throw notFound('tag');
  const items = new Map((await feedItemsByIds(db, orgId, input.feedId, input.itemIds)).map((i) => [i.id, i]));
  const result: BulkResult = { success: 0, failed: 0, results: [] };
  for (const id of [...new Set(input.itemIds)]) {
    const item = items.get(id);
    if (!item) {
      result.failed++;
      result.results.push({ id: String(id), status: 'KO', reason: 'Not found in this feed' });
      continue;
    }
    const { key, url } = savedKeyOf(item);
    const saved = await insertSavedStream(db, orgId, {
      projectId: tag.projectId,
      tagId: tag.id,
      twitchVideoId: key,
      title: item.title || '(untitled)',
      description: item.description,
      followers: item.followers ?? 0,
      viewCount: item.viewCount,
      publishedAt: item.publishedAt,
      language: item.language,
      broadcasterId: item.broadcasterId,
      broadcasterName: item.broadcasterName,
      thumbnailUrl: item.thumbnailUrl,
      url,
    });
    if (saved === undefined) {
      result.failed++;
      result.results.push({ id: String(id), status: 'KO', reason: MSG.streams.alreadySaved });
    } else {
      result.success++;
      result.results.push({ id: String(id), status: 'OK', reason: null });
    }
  }
  return result;
}

/** Removes items from the feed (kept as deleted so no poll brings them back). */
export async function deleteTwitchFeedItems(db: Db, orgId: number, feedId: number, itemIds: number[]): Promise<number> {
  await getTwitchFeed(db, orgId, feedId);
  return deleteFeedItems(db, orgId, feedId, itemIds);
}

/**
 * Demo data (the seed): channels and items written into a feed as a poll of its game would
 * write them, without announcements (the feed's first fill) and without calling Twitch.
 */
export async function addDemoStreams(
  tx: Tx,
  orgId: number,
  feedId: number,
  channels: Omit<ChannelValues, 'followersFresh'>[],
  items: ItemValues[],
  now = new Date(),
): Promise<number[]> {
  const feed = await getTwitchFeed(tx, orgId, feedId);
  const names = new Map(channels.map((c) => [c.id, c]));
  await ingestPoll(tx, {
    gameId: feed.gameId,
    feeds: [
      {
        id: feed.id,
        organizationId: orgId,
        keyword: feed.keyword,
        minViewers: feed.minViewers,
        projectName: '',
        latestPull: null,
        slackWebhookUrl: null,
        slackMinFollowers: null,
        discordWebhookUrl: null,
        discordMinFollowers: null,
      },
    ],
    matched: items.map((values) => ({
      item: {
        values,
        text: values.title ?? '',
        broadcasterName: names.get(values.broadcasterId)?.displayName ?? '',
        broadcasterLogin: names.get(values.broadcasterId)?.login ?? '',
      },
      feedIds: [feed.id],
    })),
    channels: channels.map((c) => ({ ...c, followersFresh: true })),
    liveIds: items.filter((i) => i.live).map((i) => i.twitchId),
    liveComplete: true,
    vods: [],
    now,
  });
  const res = await feedItemsOfFeed(tx, orgId, feed.id);
  return res;
}

/**
 * A feed item's stream: its viewers over time (compacted to ≤ 60 points once ended) and its
 * metrics; 404 when the item is not in the caller's feed. A video shows the stream it recorded.
 */
export async function feedItemViewers(db: Tx, orgId: number, feedId: number, itemId: number): Promise<{ item: FeedItemRow; series: Sample[] }> {
  await getTwitchFeed(db, orgId, feedId);
  const [item] = await feedItemsByIds(db, orgId, feedId, [itemId]);
  if (!item) throw notFound('stream');
  return { item, series: item.twitchStreamId ? await viewerSeries(db, item.twitchStreamId) : [] };
}

/** The same for a saved stream (404 for another organization's id). */
export async function savedStreamViewers(db: Tx, orgId: number, id: number): Promise<{ saved: SavedStreamRow; series: Sample[] }> {
  const saved = await findSavedStream(db, orgId, id);
  if (!saved) throw notFound('saved stream');
  const streamId = await savedStreamIdOf(db, orgId, id);
  return { saved, series: streamId ? await viewerSeries(db, streamId) : [] };
}

/** Live metrics added up over saved streams (a report's streams section). */
export interface SavedStreamTotals {
  /** Σ hours watched of the distinct streams behind the saved copies. */
  hoursWatched: number;
  /** The highest sum of viewers of those streams at one moment (each stream holds its last sample until the next or its end). */
  peakConcurrentViewers: number;
  /** Distinct channels among the saved copies. */
  channels: number;
}

/** Totals of the organization's project's saved streams with these ids (other ids count nothing). */
export async function savedStreamTotals(db: Tx, orgId: number, projectId: number, ids: number[]): Promise<SavedStreamTotals> {
  const streams = await savedStreamsStats(db, orgId, projectId, ids);
  const metered = [...new Map(streams.rows.filter((r) => r.streamId !== null && r.viewerMs !== null).map((r) => [r.streamId!, r])).values()];
  const series = await samplesOf(
    db,
    metered.map((r) => r.streamId!),
  );
  return {
    hoursWatched: metered.reduce((sum, r) => sum + Number(r.viewerMs), 0) / 3_600_000,
    peakConcurrentViewers: peakConcurrent(series, new Map(metered.map((r) => [r.streamId!, r.endedAt]))),
    channels: streams.channels,
  };
}

/**
 * The highest Σ viewers at one moment: a sweep over every sample in time order (samples of one
 * instant are applied together); a stream counts its latest sample until its next one or its end.
 */
export function peakConcurrent(samples: { streamId: string; at: number; viewers: number }[], endedAt: Map<string, Date | null>): number {
  const events = [
    ...samples.map((s) => ({ at: s.at, streamId: s.streamId, viewers: s.viewers })),
    ...[...endedAt].filter(([, e]) => e !== null).map(([streamId, e]) => ({ at: e!.getTime(), streamId, viewers: 0 })),
  ].sort((a, b) => a.at - b.at || a.viewers - b.viewers);
  const current = new Map<string, number>();
  let sum = 0;
  let peak = 0;
  for (let i = 0; i < events.length; i++) {
    const e = events[i];
    sum += e.viewers - (current.get(e.streamId) ?? 0);
    current.set(e.streamId, e.viewers);
    if (i === events.length - 1 || events[i + 1].at !== e.at) peak = Math.max(peak, sum);
  }
  return peak;
}
