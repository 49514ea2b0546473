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
import type { FeedItemRow } from './presenter.js';
import { ensureGame, findFeed, findFeedOfProject, findGame, insertFeed, lockFeed, updateFeedRow, type FeedValues, type FeedWithGame } from './repo.js';
import { insertSavedStream } from './saved-repo.js';

export { pollGame } from './poll.js';
export { saveMissingStream } from './save-missing.js';

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

const READY_REASON = 'Checking Twitch every 5 to 60 minutes, more often while matching streams are live';

export interface TwitchFeedInput {
  projectId: number;
  keyword: string;
  gameId: string;
  gameName?: string;
  slackWebhookUrl?: string | null;
  slackMinFollowers?: number | null;
  discordWebhookUrl?: string | null;
  discordMinFollowers?: number | null;
}

/** The game's name: given, already stored, else Helix /games when configured, else the id. */
async function gameNameOf(tx: Tx, gameId: string, given: string | undefined, config: Config, client?: TwitchClient) {
  if (given?.trim()) return given.trim();
  const stored = await findGame(tx, gameId);
  if (stored && stored.name && stored.name !== gameId) return stored.name;
  if (twitchConfigured(config)) {
    const found = await (client ?? createTwitchClient(config)).getGames([gameId]).catch(() => []);
    if (found[0]?.name) return found[0].name;
  }
  return gameId;
}

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
    keyword: input.keyword.trim(),
    gameId: input.gameId,
    slackWebhookUrl: input.slackWebhookUrl ?? null,
    slackMinFollowers: input.slackMinFollowers ?? null,
    discordWebhookUrl: input.discordWebhookUrl ?? null,
    discordMinFollowers: input.discordMinFollowers ?? null,
  });
  await linkProjectTwitchFeed(tx, orgId, input.projectId, feed.id);
  await fillFeedFromKnownItems(tx, { id: feed.id, organizationId: orgId, keyword: feed.keyword, gameId: feed.gameId }, now);
  return twitchConfigured(config)
    ? { id: feed.id, status: 'ACTIVE', reason: READY_REASON }
    : { id: feed.id, status: 'PENDING', reason: MSG.streams.notConnected };
}

export interface TwitchFeedChanges {
  keyword?: string;
  gameId?: string;
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
    if (changes.isEnabled !== undefined) set.isEnabled = changes.isEnabled;
    if (changes.slackWebhookUrl !== undefined) set.slackWebhookUrl = changes.slackWebhookUrl;
    if (changes.slackMinFollowers !== undefined) set.slackMinFollowers = changes.slackMinFollowers;
    if (changes.discordWebhookUrl !== undefined) set.discordWebhookUrl = changes.discordWebhookUrl;
    if (changes.discordMinFollowers !== undefined) set.discordMinFollowers = changes.discordMinFollowers;
    // A new keyword or game is a new baseline: what its next poll finds is the feed's fill, not
    // news to announce (old videos the new keyword matches would otherwise flood the webhook).
    if (set.keyword || set.gameId) set.latestPull = null;
    // A feed switched back on, or searching anew, should not wait out an idle game's hour.
    if ((set.isEnabled === true && !feed.isEnabled) || set.keyword || set.gameId) await ensureGame(tx, { id: set.gameId ?? feed.gameId, name: '' });
    const updated = (await updateFeedRow(tx, orgId, id, set))!;
    if (set.keyword || set.gameId)
      await fillFeedFromKnownItems(tx, { id, organizationId: orgId, keyword: updated.keyword, gameId: updated.gameId });
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
    feeds: [{ id: feed.id, organizationId: orgId, keyword: feed.keyword, projectName: '', latestPull: null, slackWebhookUrl: null, slackMinFollowers: null, discordWebhookUrl: null, discordMinFollowers: null }],
    matched: items.map((values) => ({
      item: { values, text: values.title ?? '', broadcasterName: names.get(values.broadcasterId)?.displayName ?? '', broadcasterLogin: names.get(values.broadcasterId)?.login ?? '' },
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
