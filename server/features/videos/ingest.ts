import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { youtubeChannels, youtubeVideos } from '../../db/schema/videos.js';
import type { YoutubeChannel } from '../../integrations/youtube/client.js';
import { enqueueMediaNotifications, type MediaNotice } from '../notifications/service.js';
import { nextStatsAt } from './stats-schedule.js';

/** A video as the pollers hand it to the ingest (from search.list, videos.list or a channel feed). */
export interface IngestVideo {
  videoId: string;
  channelId: string;
  channelTitle: string;
  title: string;
  description: string;
  thumbnail: string | null;
  publishedAt: Date;
  views: number | null;
  likes: number | null;
  comments: number | null;
  language: string | null;
  liveBroadcastContent: string | null;
  /** Counts came from videos.list (not a search snippet or an Atom entry). */
  withStats: boolean;
}

export interface IngestResult {
  /** Videos not known before this ingest. */
  newVideos: number;
  /** Rows added to feeds (a video already in a feed, or deleted from it, is not added again). */
  added: number;
  announced: number;
  /** Channels that became followed. */
  followed: number;
}

/** A channel that appears this often with keyword-matching videos is followed through its Atom feed. */
export const FOLLOW_APPEARANCES = 2;

/**
 * Writes what one poll found, inside the caller's transaction (so a poll that dies writes
 * nothing): the videos (shared, upserted by YouTube id), the channels, a row in each enabled
 * feed of the searches each video matched (never twice, never back after a delete), the
 * announcements of new rows, and the channels' appearances and follow state.
 */
export async function ingestVideos(
  tx: Tx,
  input: {
    videos: IngestVideo[];
    channels: YoutubeChannel[];
    matches: { searchId: number; videoId: string }[];
    foundVia: 'search' | 'channel' | 'preview';
    now: Date;
    announce: boolean;
  },
): Promise<IngestResult> {
  const { now } = input;
  const result: IngestResult = { newVideos: 0, added: 0, announced: 0, followed: 0 };
  if (input.channels.length > 0) {
    await tx
      .insert(youtubeChannels)
      .values(
        dedupe(input.channels, (c) => c.id).map((c) => ({
          id: c.id,
          title: c.title,
          thumbnail: c.thumbnail,
          customUrl: c.customUrl,
          country: c.country,
          language: c.language,
          subscribers: c.subscribers,
          hiddenSubscribers: c.hiddenSubscribers,
          fetchedAt: now,
        })),
      )
      .onConflictDoUpdate({
        target: youtubeChannels.id,
        set: {
          title: sql`excluded.title`,
          thumbnail: sql`excluded.thumbnail`,
          customUrl: sql`excluded.custom_url`,
          country: sql`excluded.country`,
          language: sql`excluded.language`,
          subscribers: sql`excluded.subscribers`,
          hiddenSubscribers: sql`excluded.hidden_subscribers`,
          fetchedAt: sql`excluded.fetched_at`,
        },
      });
  }
  const videos = dedupe(input.videos, (v) => v.videoId);
  if (videos.length === 0) return result;
  // Channels named by a video but not fetched yet: a placeholder row, filled by the next channels.list.
  await tx
    .insert(youtubeChannels)
    .values(dedupe(videos, (v) => v.channelId).map((v) => ({ id: v.channelId, title: v.channelTitle })))
    .onConflictDoNothing();
  const upserted = await tx
    .insert(youtubeVideos)
    .values(
      videos.map((v) => ({
        videoId: v.videoId,
        channelId: v.channelId,
        title: v.title,
        description: v.description,
        thumbnail: v.thumbnail,
        publishedAt: v.publishedAt,
        views: v.views,
        likes: v.likes,
        comments: v.comments,
        language: v.language,
        liveBroadcastContent: v.liveBroadcastContent,
        statsFetchedAt: v.withStats ? now : null,
        viewsAtFound: v.withStats ? v.views : null,
        nextStatsAt: nextStatsAt(v.publishedAt, now),
      })),
    )
    .onConflictDoUpdate({
      target: youtubeVideos.videoId,
      // Fresh counts replace old ones; a source without counts (an Atom entry) keeps what we had.
      set: {
        title: sql`case when excluded.title <> '' then excluded.title else youtube_videos.title end`,
        description: sql`case when length(excluded.description) > length(youtube_videos.description) then excluded.description else youtube_videos.description end`,
        thumbnail: sql`coalesce(excluded.thumbnail, youtube_videos.thumbnail)`,
        views: sql`coalesce(excluded.views, youtube_videos.views)`,
        likes: sql`coalesce(excluded.likes, youtube_videos.likes)`,
        comments: sql`coalesce(excluded.comments, youtube_videos.comments)`,
        language: sql`coalesce(excluded.language, youtube_videos.language)`,
        statsFetchedAt: sql`coalesce(excluded.stats_fetched_at, youtube_videos.stats_fetched_at)`,
        // The first counts read stay the "as found" baseline; a video YouTube answers for again is back.
        viewsAtFound: sql`coalesce(youtube_videos.views_at_found, excluded.views_at_found)`,
        nextStatsAt: sql`coalesce(youtube_videos.next_stats_at, excluded.next_stats_at)`,
        removedAt: sql`case when excluded.stats_fetched_at is not null then null else youtube_videos.removed_at end`,
      },
    })
    .returning({ id: youtubeVideos.id, videoId: youtubeVideos.videoId, channelId: youtubeVideos.channelId, inserted: sql<boolean>`xmax = 0` });
  const newByChannel = new Map<string, number>();
  for (const u of upserted) if (u.inserted) newByChannel.set(u.channelId, (newByChannel.get(u.channelId) ?? 0) + 1);
  result.newVideos = [...newByChannel.values()].reduce((a, b) => a + b, 0);

  const matches = input.matches.filter((m) => upserted.some((u) => u.videoId === m.videoId));
  if (matches.length > 0) {
    const added = await tx.execute<{ feed_id: number; video_id: number }>(sql`
      insert into youtube_feed_videos (feed_id, video_id, organization_id, found_via)
      select f.id, v.id, f.organization_id, ${input.foundVia}
      from unnest(${sql.param(matches.map((m) => m.searchId))}::int[], ${sql.param(matches.map((m) => m.videoId))}::text[]) as m(search_id, video_id)
      join youtube_feeds f on f.search_id = m.search_id and f.is_enabled
      join youtube_videos v on v.video_id = m.video_id
      on conflict do nothing
      returning feed_id, video_id`);
    result.added = added.rows.length;
    if (input.announce && added.rows.length > 0) result.announced = await announce(tx, added.rows);
  }

  if (newByChannel.size > 0) {
    const ids = [...newByChannel.keys()];
    await tx.execute(sql`
      update youtube_channels c set appearances = c.appearances + n.n,
        followed = c.followed or c.appearances + n.n >= ${FOLLOW_APPEARANCES},
        feed_next_check_at = case when not c.followed and c.appearances + n.n >= ${FOLLOW_APPEARANCES} then ${now.toISOString()}::timestamptz else c.feed_next_check_at end
      from unnest(${sql.param(ids)}::text[], ${sql.param(ids.map((id) => newByChannel.get(id)!))}::int[]) as n(id, n)
      where c.id = n.id`);
    const became = await tx.execute<{ n: number }>(sql`
      select count(*)::int as n from youtube_channels where id = any(${sql.param(ids)}::text[]) and followed and feed_next_check_at = ${now.toISOString()}::timestamptz`);
    result.followed = Number(became.rows[0].n);
  }
  return result;
}

/**
 * Queues the Slack and Discord announcements of new feed rows: only videos published after
 * the feed was created (what a creation fill or a fresh search's first page brings is history,
 * not news), and only channels whose subscribers reach the feed's minimum for that channel.
 */
async function announce(tx: Tx, rows: { feed_id: number; video_id: number }[]): Promise<number> {
  const found = await tx.execute<{
    feed_id: number;
    organization_id: number;
    keyword: string;
    project_name: string;
    slack_webhook_url: string | null;
    slack_min: number | null;
    discord_webhook_url: string | null;
    discord_min: number | null;
    video_id: string;
    title: string;
    thumbnail: string | null;
    published_at: Date | string;
    views: number | null;
    channel_title: string | null;
    subscribers: number | null;
  }>(sql`
    select f.id as feed_id, f.organization_id, f.keyword, p.name as project_name, f.slack_webhook_url, f.slack_min_subs_notification as slack_min,
           f.discord_webhook_url, f.discord_min_subs_notification as discord_min, v.video_id, v.title, v.thumbnail, v.published_at, v.views,
           c.title as channel_title, c.subscribers
    from unnest(${sql.param(rows.map((r) => r.feed_id))}::int[], ${sql.param(rows.map((r) => r.video_id))}::bigint[]) as a(feed_id, video_id)
    join youtube_feeds f on f.id = a.feed_id
    join projects p on p.id = f.project_id
    join youtube_videos v on v.id = a.video_id
    left join youtube_channels c on c.id = v.channel_id
    where v.published_at >= f.inserted_at
      and (coalesce(f.slack_webhook_url, '') <> '' or coalesce(f.discord_webhook_url, '') <> '')`);
  const notices: MediaNotice[] = [];
  const reaches = (subs: number | null, min: number | null) => min === null || (subs !== null && Number(subs) >= min);
  for (const r of found.rows) {
    const payload = {
      feedName: r.project_name,
      keyword: r.keyword,
      title: r.title,
      url: `https://www.youtube.com/watch?v=${r.video_id}`,
      thumbnail: r.thumbnail,
      channelName: r.channel_title ?? '',
      audience: r.subscribers === null ? null : Number(r.subscribers),
      views: r.views === null ? null : Number(r.views),
      publishedAt: new Date(r.published_at).toISOString(),
    };
    const base = { subject: 'video' as const, organizationId: r.organization_id, sourceId: r.feed_id, itemKey: r.video_id, payload };
    if (r.slack_webhook_url && reaches(r.subscribers, r.slack_min)) notices.push({ ...base, channel: 'slack', webhookUrl: r.slack_webhook_url });
    if (r.discord_webhook_url && reaches(r.subscribers, r.discord_min)) notices.push({ ...base, channel: 'discord', webhookUrl: r.discord_webhook_url });
  }
  return enqueueMediaNotifications(tx, notices);
}

function dedupe<T>(list: T[], key: (t: T) => string): T[] {
  const seen = new Map<string, T>();
  for (const t of list) seen.set(key(t), t);
  return [...seen.values()];
}
