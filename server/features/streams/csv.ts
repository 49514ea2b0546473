import type { Tx } from '../../db/client.js';
import { listFeedItems, type FeedItemFilter, type FeedItemSort } from './items-repo.js';
import { fillThumbnail, metricsAttributes, type FeedItemRow, type SavedStreamRow } from './presenter.js';
import { listSavedStreams, type SavedFilter, type SavedSort } from './saved-repo.js';

/** CSV exports of a feed's streams and of saved streams (`Accept: text/csv` on their lists), with the live metrics. */

const BATCH = 500;
const hours = (h: number | null) => (h === null ? null : Math.round(h * 100) / 100);

export const FEED_CSV_COLUMNS = [
  'id',
  'kind',
  'title',
  'channel',
  'followers',
  'published_at',
  'ended_at',
  'airtime_seconds',
  'peak_viewers',
  'average_viewers',
  'hours_watched',
  'view_count',
  'language',
  'url',
  'thumbnail_url',
  'live',
];

export const SAVED_CSV_COLUMNS = [
  'id',
  'title',
  'channel',
  'followers',
  'published_at',
  'ended_at',
  'airtime_seconds',
  'peak_viewers',
  'average_viewers',
  'hours_watched',
  'view_count',
  'language',
  'tag',
  'url',
  'twitch_video_id',
];

function metricCells(m: ReturnType<typeof metricsAttributes>) {
  return {
    ended_at: m.ended_at,
    airtime_seconds: m.airtime,
    peak_viewers: m.peak_viewers,
    average_viewers: m.average_viewers,
    hours_watched: hours(m.hours_watched),
  };
}

const feedCsvRow = (r: FeedItemRow) => ({
  id: r.id,
  kind: r.kind,
  title: r.title,
  channel: r.broadcasterName,
  followers: r.followers,
  published_at: r.publishedAt.toISOString(),
  ...metricCells(metricsAttributes(r.metrics)),
  view_count: r.viewCount,
  language: r.language,
  url: r.url,
  thumbnail_url: fillThumbnail(r.thumbnailUrl),
  live: r.live,
});

const savedCsvRow = (r: SavedStreamRow) => ({
  id: r.id,
  title: r.title,
  channel: r.broadcasterName,
  followers: r.followers,
  published_at: r.publishedAt.toISOString(),
  ...metricCells(metricsAttributes(r.metrics ?? null)),
  view_count: r.viewCount,
  language: r.language,
  tag: r.tagName,
  url: r.url,
  twitch_video_id: r.twitchVideoId,
});

/** Every row of the feed's list (same filter and sort), in batches. */
export async function* feedItemsCsv(
  db: Tx,
  orgId: number,
  feed: { id: number; projectId: number },
  opts: { filter: FeedItemFilter; sort: FeedItemSort; desc: boolean },
): AsyncGenerator<Record<string, unknown>[]> {
  for (let page = 1; ; page++) {
    const { rows } = await listFeedItems(db, orgId, feed, { ...opts, page, pageSize: BATCH });
    if (rows.length) yield rows.map(feedCsvRow);
    if (rows.length < BATCH) return;
  }
}

/** Every saved stream of the list (same filter and sort), in batches. */
export async function* savedStreamsCsv(
  db: Tx,
  orgId: number,
  filter: SavedFilter,
  opts: { sort: SavedSort; desc: boolean },
): AsyncGenerator<Record<string, unknown>[]> {
  for (let page = 1; ; page++) {
    const { rows } = await listSavedStreams(db, orgId, filter, { ...opts, page, pageSize: BATCH });
    if (rows.length) yield rows.map(savedCsvRow);
    if (rows.length < BATCH) return;
  }
}
