import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { twitchChannels, twitchItems } from '../../db/schema/streams.js';
import { enqueueMediaNotifications, type MediaNotice } from '../notifications/service.js';
import type { FetchedItem } from './helix-items.js';
import { feedFilter, feedTakes, foldText } from './match.js';
import { fillThumbnail } from './presenter.js';

/** An enabled feed of the polled game, as the poll needs it. */
export interface PollFeed {
  id: number;
  organizationId: number;
  keyword: string;
  /** null: no minimum (streams only). */
  minViewers: number | null;
  projectName: string;
  latestPull: Date | null;
  slackWebhookUrl: string | null;
  slackMinFollowers: number | null;
  discordWebhookUrl: string | null;
  discordMinFollowers: number | null;
}

export interface ChannelValues {
  id: string;
  login: string;
  displayName: string;
  profileImageUrl: string | null;
  followers: number | null;
  /** Whether `followers` was fetched now (else the stored total stays). */
  followersFresh: boolean;
}

export interface IngestInput {
  gameId: string;
  feeds: PollFeed[];
  /** Items that matched at least one feed, with the feeds they matched. */
  matched: { item: FetchedItem; feedIds: number[] }[];
  channels: ChannelValues[];
  /** Every live stream id the poll saw, and whether that list was complete (not capped). */
  liveIds: string[];
  liveComplete: boolean;
  /** Video id per stream id, for the VODs of streams already stored. */
  vods: { streamId: string; videoId: string }[];
  now: Date;
}

export interface IngestResult {
  newFeedItems: number;
  announced: number;
  ended: number;
}

/**
 * Writes one poll of a game in the caller's transaction: channels, items (a live stream's row is
 * updated in place), feed items for matching feeds (`deleted` ones stay deleted), announcements
 * of what is new in feeds that had been polled before, streams that went off air. Every write is
 * an upsert or conditional insert, so running it twice changes nothing the second time.
 */
export async function ingestPoll(tx: Tx, input: IngestInput): Promise<IngestResult> {
  const { now } = input;
  if (input.channels.length) {
    await tx
      .insert(twitchChannels)
      // Sorted: two games' polls upserting shared broadcasters lock rows in the same order (no deadlock).
      .values(
        [...input.channels]
          .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
          .map((c) => ({
            id: c.id,
            login: c.login,
            displayName: c.displayName,
            profileImageUrl: c.profileImageUrl,
            followers: c.followers,
            fetchedAt: c.followersFresh ? now : null,
          })),
      )
      .onConflictDoUpdate({
        target: twitchChannels.id,
        set: {
          login: sql`case when excluded.login <> '' then excluded.login else ${twitchChannels.login} end`,
          displayName: sql`case when excluded.display_name <> '' then excluded.display_name else ${twitchChannels.displayName} end`,
          profileImageUrl: sql`coalesce(excluded.profile_image_url, ${twitchChannels.profileImageUrl})`,
          followers: sql`case when excluded.fetched_at is not null then excluded.followers else ${twitchChannels.followers} end`,
          fetchedAt: sql`coalesce(excluded.fetched_at, ${twitchChannels.fetchedAt})`,
        },
      });
  }

  const itemIds = new Map<string, number>();
  if (input.matched.length) {
    const rows = await tx
      .insert(twitchItems)
      .values(
        input.matched
          .map((m) => ({ ...m.item.values, fetchedAt: now }))
          .sort((a, b) => (a.kind + a.twitchId < b.kind + b.twitchId ? -1 : a.kind + a.twitchId > b.kind + b.twitchId ? 1 : 0)),
      )
      .onConflictDoUpdate({
        target: [twitchItems.kind, twitchItems.twitchId],
        set: {
          title: sql`excluded.title`,
          description: sql`case when excluded.description <> '' then excluded.description else ${twitchItems.description} end`,
          thumbnailUrl: sql`coalesce(excluded.thumbnail_url, ${twitchItems.thumbnailUrl})`,
          viewCount: sql`excluded.view_count`,
          tags: sql`case when cardinality(excluded.tags) > 0 then excluded.tags else ${twitchItems.tags} end`,
          live: sql`excluded.live`,
          duration: sql`coalesce(excluded.duration, ${twitchItems.duration})`,
          twitchStreamId: sql`coalesce(${twitchItems.twitchStreamId}, excluded.twitch_stream_id)`,
          fetchedAt: sql`excluded.fetched_at`,
        },
      })
      .returning({ id: twitchItems.id, kind: twitchItems.kind, twitchId: twitchItems.twitchId });
    for (const r of rows) itemIds.set(`${r.kind}:${r.twitchId}`, r.id);
  }

  // A stream no longer in the game's live list ended; with a capped list, only after an hour unseen.
  const ended = await tx.execute(sql`
    update twitch_items set live = false
    where game_id = ${input.gameId} and kind = 'stream' and live
      and not (twitch_id = any(${sql.param(input.liveIds)}::text[]))
      and (${input.liveComplete} or fetched_at < ${new Date(now.getTime() - 3_600_000).toISOString()}::timestamptz)`);
  if (input.vods.length) {
    await tx.execute(sql`
      update twitch_items i set twitch_video_id = v.video_id, live = false
      from unnest(${sql.param(input.vods.map((v) => v.streamId))}::text[], ${sql.param(input.vods.map((v) => v.videoId))}::text[]) as v(stream_id, video_id)
      where i.kind = 'stream' and i.twitch_id = v.stream_id and i.twitch_video_id is null`);
  }

  const feedOf = new Map(input.feeds.map((f) => [f.id, f]));
  const pairs: { feedId: number; itemId: number; orgId: number }[] = [];
  const byItemId = new Map<number, FetchedItem>();
  for (const m of input.matched) {
    const itemId = itemIds.get(`${m.item.values.kind}:${m.item.values.twitchId}`);
    if (itemId === undefined) continue;
    byItemId.set(itemId, m.item);
    for (const feedId of m.feedIds) pairs.push({ feedId, itemId, orgId: feedOf.get(feedId)!.organizationId });
  }
  const added = pairs.length ? await insertFeedItems(tx, pairs) : [];

  const followers = new Map(input.channels.map((c) => [c.id, c.followers]));
  const notices: MediaNotice[] = [];
  for (const a of added) {
    const feed = feedOf.get(a.feedId)!;
    // The first poll of a feed fills it; only what arrives after that is news.
    if (!feed.latestPull) continue;
    const item = byItemId.get(a.itemId)!;
    notices.push(...noticesFor(feed, a.itemId, item, followers.get(item.values.broadcasterId) ?? null));
  }
  const announced = notices.length ? await enqueueMediaNotifications(tx, notices) : 0;

  if (input.feeds.length) {
    await tx.execute(sql`update twitch_feeds set latest_pull = ${now.toISOString()}::timestamptz
      where id = any(${sql.param(input.feeds.map((f) => f.id))}::int[])`);
  }
  return { newFeedItems: added.length, announced, ended: ended.rowCount ?? 0 };
}

/** Adds (feed, item) rows; an existing row (also a deleted one) is left as it is. Returns the new ones. */
export async function insertFeedItems(tx: Tx, pairs: { feedId: number; itemId: number; orgId: number }[]) {
  const res = await tx.execute<{ feed_id: number; item_id: string }>(sql`
    insert into twitch_feed_items (feed_id, item_id, organization_id)
    select * from unnest(${sql.param(pairs.map((p) => p.feedId))}::int[], ${sql.param(pairs.map((p) => p.itemId))}::bigint[],
                         ${sql.param(pairs.map((p) => p.orgId))}::int[])
    on conflict do nothing
    returning feed_id, item_id`);
  return res.rows.map((r) => ({ feedId: Number(r.feed_id), itemId: Number(r.item_id) }));
}

function noticesFor(feed: PollFeed, itemId: number, item: FetchedItem, audience: number | null): MediaNotice[] {
  const v = item.values;
  const payload = {
    feedName: feed.projectName,
    keyword: feed.keyword,
    title: v.title ?? '',
    url: v.url ?? `https://www.twitch.tv/${item.broadcasterLogin}`,
    thumbnail: fillThumbnail(v.thumbnailUrl ?? null),
    channelName: item.broadcasterName,
    audience,
    views: v.viewCount ?? null,
    publishedAt: (v.publishedAt as Date).toISOString(),
    live: v.live ?? false,
  };
  const out: MediaNotice[] = [];
  const reaches = (min: number | null) => min === null || (audience ?? 0) >= min;
  const base = { subject: 'stream' as const, organizationId: feed.organizationId, sourceId: feed.id, itemKey: String(itemId), payload };
  if (feed.slackWebhookUrl && reaches(feed.slackMinFollowers)) out.push({ ...base, channel: 'slack', webhookUrl: feed.slackWebhookUrl });
  if (feed.discordWebhookUrl && reaches(feed.discordMinFollowers)) out.push({ ...base, channel: 'discord', webhookUrl: feed.discordWebhookUrl });
  return out;
}

/**
 * A new feed (or a feed with a new keyword, game or minimum) at once shows what earlier polls of
 * its game already stored: items of the last two weeks it takes (a game-wide feed: the streams;
 * the minimum against the stream's peak). Not announced (not news).
 */
export async function fillFeedFromKnownItems(
  tx: Tx,
  feed: { id: number; organizationId: number; keyword: string; gameId: string; minViewers?: number | null },
  now = new Date(),
): Promise<number> {
  const since = new Date(now.getTime() - 14 * 86_400_000);
  const res = await tx.execute<{ id: string; kind: string; title: string; description: string; tags: string[]; viewers: number }>(sql`
    select i.id, i.kind, i.title, i.description, i.tags, greatest(i.view_count, coalesce(st.peak_viewers, 0)) as viewers
    from twitch_items i left join twitch_stream_stats st on st.stream_id = i.twitch_stream_id and i.kind = 'stream'
    where i.game_id = ${feed.gameId} and i.published_at >= ${since.toISOString()}::timestamptz
    order by i.published_at desc limit 5000`);
  const filter = feedFilter({ keyword: feed.keyword, minViewers: feed.minViewers ?? null });
  const hits = res.rows.filter((r) =>
    feedTakes(filter, { kind: r.kind, viewers: Number(r.viewers) }, foldText([r.title, r.description, (r.tags ?? []).join(' ')].join(' '))),
  );
  if (!hits.length) return 0;
  const added = await insertFeedItems(
    tx,
    hits.map((r) => ({ feedId: feed.id, itemId: Number(r.id), orgId: feed.organizationId })),
  );
  return added.length;
}
