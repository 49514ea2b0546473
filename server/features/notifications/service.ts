import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';

// The notifier as other features start it: the crawler kicks it after an ingest that queued
// announcements, and its sweep job runs deliverDue. Its dependencies (NotifierDeps) include the
// Slack app's poster, which the process passes in (slack's createSlackBotPoster).
export { deliverDue, kickNotifier, type DeliveryReport, type NotifierDeps, type SlackBotPoster } from './deliver.js';
export { failPendingSlackBotRows } from './outbox.js';

/** An (alert, article) pair that just joined the alert's feed. */
export interface NewMatch {
  alertId: number;
  articleId: number;
  organizationId: number;
}

/**
 * Queues the Slack and Discord announcements of new alert matches inside the caller's
 * transaction: one outbox row per channel the alert has switched on (Slack: tracking on and a
 * webhook, or a channel of the organization's installed app while Slack is enabled; Discord: a webhook), read from the alert row itself. Returns the rows written.
 */
export async function enqueueNotifications(tx: Tx, matches: NewMatch[]): Promise<number> {
  if (matches.length === 0) return 0;
  const list = [...matches].sort((a, b) => a.alertId - b.alertId || a.articleId - b.articleId);
  const col = <T>(f: (m: NewMatch) => T) => sql.param(list.map(f));
  const result = await tx.execute<{ n: number }>(sql`
    with outbox as (
      insert into notification_outbox (organization_id, alert_id, article_id, channel)
      select m.organization_id, m.alert_id, m.article_id, ch.channel
      from unnest(${col((m) => m.organizationId)}::int[], ${col((m) => m.alertId)}::int[], ${col((m) => m.articleId)}::bigint[])
             as m(organization_id, alert_id, article_id)
      join alerts al on al.id = m.alert_id
      join organizations org on org.id = m.organization_id
      cross join (values ('slack'), ('discord')) as ch(channel)
      where (ch.channel = 'slack' and al.slack_tracking
             and (coalesce(al.slack_webhook_url, '') <> '' or (coalesce(al.slack_channel_id, '') <> '' and org.slack_enabled)))
         or (ch.channel = 'discord' and coalesce(al.discord_webhook_url, '') <> '')
      on conflict (alert_id, article_id, channel) do nothing
      returning 1
    )
    select count(*)::int as n from outbox`);
  return Number(result.rows[0].n);
}

/** What a video or stream announcement shows (kept on the outbox row, so delivery needs no other table). */
export interface MediaNoticePayload {
  /** The project's name: which feed found it. */
  feedName: string;
  keyword: string;
  title: string;
  url: string;
  thumbnail: string | null;
  /** YouTube channel title or Twitch broadcaster name. */
  channelName: string;
  /** Subscribers (YouTube) or followers (Twitch); null when hidden or unknown. */
  audience: number | null;
  views: number | null;
  publishedAt: string;
  live?: boolean;
}

/** A new video or stream of a feed, to announce on one channel. */
export interface MediaNotice {
  subject: 'video' | 'stream';
  organizationId: number;
  /** The YouTube or Twitch feed id. */
  sourceId: number;
  /** The item's stable key (YouTube video id; Twitch item id). */
  itemKey: string;
  channel: 'slack' | 'discord';
  webhookUrl: string;
  payload: MediaNoticePayload;
}

/**
 * Queues announcements of new videos and streams inside the caller's transaction (the poll's
 * ingest): one outbox row per (feed, item, channel), so an item is announced once however often
 * polls or pushes bring it. The caller has already applied the feed's minimum audience.
 */
export async function enqueueMediaNotifications(tx: Tx, notices: MediaNotice[]): Promise<number> {
  const list = notices.filter((n) => n.webhookUrl.trim() !== '');
  if (list.length === 0) return 0;
  const col = <T>(f: (n: MediaNotice) => T) => sql.param(list.map(f));
  const result = await tx.execute<{ n: number }>(sql`
    with outbox as (
      insert into notification_outbox (organization_id, subject, source_id, item_key, channel, webhook_url, payload)
      select * from unnest(${col((n) => n.organizationId)}::int[], ${col((n) => n.subject)}::text[], ${col((n) => n.sourceId)}::int[],
                           ${col((n) => n.itemKey)}::text[], ${col((n) => n.channel)}::text[], ${col((n) => n.webhookUrl)}::text[],
                           ${col((n) => JSON.stringify(n.payload))}::jsonb[])
      on conflict (subject, source_id, item_key, channel) where subject <> 'article' do nothing
      returning 1
    )
    select count(*)::int as n from outbox`);
  return Number(result.rows[0].n);
}

/** A spike alert's message for one channel (features/spikes): its destination and the message, built as it will be posted. */
export interface SpikeOutboxMessage {
  channel: 'slack' | 'discord';
  webhookUrl: string | null;
  payload: Record<string, unknown>;
}

/**
 * Queues a spike's Slack and Discord messages in the caller's transaction: one outbox row per
 * channel, subject `spike`, source the project, item the window (`hour:2026-11-28T14:00:00.000Z`),
 * so the outbox's partial unique index lets each channel have it once.
 */
export async function enqueueSpikeNotifications(tx: Tx, orgId: number, projectId: number, itemKey: string, messages: SpikeOutboxMessage[]): Promise<number> {
  let n = 0;
  for (const m of messages) {
    const res = await tx.execute(sql`
      insert into notification_outbox (organization_id, subject, source_id, item_key, channel, webhook_url, payload)
      values (${orgId}, 'spike', ${projectId}, ${itemKey}, ${m.channel}, ${m.webhookUrl}, ${JSON.stringify(m.payload)}::jsonb)
      on conflict (subject, source_id, item_key, channel) where subject <> 'article' do nothing`);
    n += res.rowCount ?? 0;
  }
  return n;
}
