import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import type { YoutubeChannel } from '../../integrations/youtube/client.js';
import { ingestVideos, type IngestVideo } from './ingest.js';
import { insertSaved } from './saved.js';

/**
 * Demo data written as a poll would have written it (the seed has no key and spends no quota):
 * the videos join the feed's search and the feed, without announcements, and the feed shows a
 * last pull.
 */
export async function addDemoVideos(tx: Tx, orgId: number, feedId: number, channels: YoutubeChannel[], videos: IngestVideo[], now: Date): Promise<number> {
  const rows = await tx.execute<{ search_id: number }>(sql`select search_id from youtube_feeds where organization_id = ${orgId} and id = ${feedId}`);
  const searchId = rows.rows[0]?.search_id;
  if (searchId === undefined) return 0;
  const result = await ingestVideos(tx, { videos, channels, matches: videos.map((v) => ({ searchId, videoId: v.videoId })), foundVia: 'search', now, announce: false });
  await tx.execute(sql`update youtube_feeds set latest_pull = ${now.toISOString()}::timestamptz where id = ${feedId}`);
  return result.added;
}

/** Saves a known video (by its YouTube id) under a tag of the organization, in the caller's transaction; false when already saved. */
export async function saveKnownVideo(tx: Tx, orgId: number, tag: { id: number; projectId: number }, youtubeVideoId: string): Promise<boolean> {
  const rows = await tx.execute<{ id: number }>(sql`select id from youtube_videos where video_id = ${youtubeVideoId}`);
  if (!rows.rows[0]) return false;
  return (await insertSaved(tx, orgId, tag, Number(rows.rows[0].id))) !== null;
}
