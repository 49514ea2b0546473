import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import type { NotifiedArticle } from './format.js';
import { readMediaPayload } from './format-media.js';
import type { MediaNoticePayload } from './service.js';

/**
 * The notification outbox's state machine, in SQL. A row is `pending` until a sender claims
 * it (`sending`, with a lease held in `next_attempt_at`), then `sent`, back to `pending` with a
 * later `next_attempt_at`, or `failed` with `last_error`. The claim increments `attempts`,
 * which doubles as the claim's token: a sender only settles rows still `sending` with the
 * attempt number it claimed, so a sender whose lease lapsed cannot settle (or resend) a row
 * another sender has claimed since. Just before a message is posted its rows get
 * `post_started_at` (markPosting): a row reclaimed with it set was being posted by a sender that
 * lost its claim, and may already have arrived (`interrupted`).
 */

/** How long a claimed row stays ours; a sender that died is replaced after this. */
export const CLAIM_LEASE_SECONDS = 120;
/** 5xx / network back-off: 30 s × 2^(attempt-1), capped at one hour. */
export const RETRY_BASE_SECONDS = 30;
export const RETRY_MAX_SECONDS = 3600;
/** After this many attempts (about two days at the cap) a row is failed, visibly. */
export const MAX_ATTEMPTS = 50;

interface ClaimBase {
  id: number;
  attempts: number;
  channel: 'slack' | 'discord';
  /**
   * A sender that had started posting this row's message lost its claim (it died, or stalled past
   * its lease): the message may have reached the channel, and this attempt may repeat it.
   */
  interrupted: boolean;
}

/** An article row as claimed: the delivery, its alert's webhooks, and the article it announces. */
export interface ClaimedArticleRow extends NotifiedArticle, ClaimBase {
  subject: 'article';
  alertId: number;
  alertName: string;
  /** The alert's keywords, shown under a bot message ("matched keywords"). */
  alertKeywords: string;
  organizationId: number;
  slackTracking: boolean;
  slackWebhookUrl: string | null;
  /** A channel of the organization's installed Slack app: posted by chat.postMessage. */
  slackChannelId: string | null;
  discordWebhookUrl: string | null;
}

/** A video or stream row as claimed: everything the message needs is on the row itself. */
export interface ClaimedMediaRow extends ClaimBase {
  subject: 'video' | 'stream';
  /** The YouTube or Twitch feed. */
  sourceId: number;
  itemKey: string;
  webhookUrl: string | null;
  payload: MediaNoticePayload;
}

/**
 * A spike alert's row (subject `spike`, features/spikes): its message was built when the spike
 * was found and is kept on the row with its destination — a webhook (`webhook_url`) or a channel
 * of the installed Slack app (`payload.slack_channel_id`) — so delivery posts it as it is.
 */
export interface ClaimedSpikeRow extends ClaimBase {
  subject: 'spike';
  organizationId: number;
  webhookUrl: string | null;
  slackChannelId: string | null;
  message: Record<string, unknown> | null;
}

export type ClaimedRow = ClaimedArticleRow | ClaimedMediaRow | ClaimedSpikeRow;

/**
 * Claims up to `limit` due rows (pending and due, or sending with a lapsed lease) with
 * `for update skip locked`, so concurrent senders never claim the same row, and returns them
 * with what the message needs: for articles the alert's settings, the article and its website's
 * domain (left joins, so media rows, which have neither, come along; the article by its key's
 * pub_date, one month's partition); for videos and streams
 * the row's own webhook and payload.
 */
export async function claimDue(db: Tx, now: Date, limit: number): Promise<ClaimedRow[]> {
  const lease = new Date(now.getTime() + CLAIM_LEASE_SECONDS * 1000);
  const result = await db.execute<Record<string, unknown>>(sql`
    with due as (
      select id, post_started_at is not null and status = 'sending' as interrupted from notification_outbox
      -- The sender's clock is read to the millisecond, PostgreSQL's to the microsecond: a row due
      -- later in the sender's own millisecond (enqueued a moment ago) is due now.
      where status in ('pending', 'sending') and next_attempt_at < ${now.toISOString()}::timestamptz + interval '1 millisecond'
      order by next_attempt_at, id
      limit ${limit}
      for update skip locked
    ), claimed as (
      update notification_outbox o
      set status = 'sending', attempts = o.attempts + 1, next_attempt_at = ${lease.toISOString()}::timestamptz, post_started_at = null
      from due where o.id = due.id
      returning o.id, due.interrupted, o.attempts, o.organization_id, o.subject, o.alert_id, o.article_id, o.source_id, o.item_key, o.webhook_url, o.payload, o.channel
    )
    select c.id, c.interrupted, c.attempts, c.organization_id, c.subject, c.alert_id, c.source_id, c.item_key, c.webhook_url, c.payload, c.channel,
           al.name as alert_name, al.keywords as alert_keywords, al.slack_tracking, al.slack_webhook_url, al.slack_channel_id, al.discord_webhook_url,
           a.title, a.url, a.description, a.reach, a.pub_date, w.domain
    from claimed c
    left join alerts al on al.id = c.alert_id
    left join article_keys k on k.article_id = c.article_id
    left join articles a on a.id = k.article_id and a.pub_date = k.pub_date
    left join websites w on w.id = a.website_id
    order by c.subject, coalesce(c.alert_id, c.source_id), c.channel, a.pub_date desc nulls last, c.id`);
  return result.rows.map((r): ClaimedRow => {
    const base = { id: Number(r.id), attempts: Number(r.attempts), channel: r.channel as 'slack' | 'discord', interrupted: r.interrupted === true };
    if (r.subject === 'spike') {
      const payload = (r.payload && typeof r.payload === 'object' ? r.payload : {}) as Record<string, unknown>;
      const text = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v : null);
      return {
        ...base,
        subject: 'spike',
        organizationId: Number(r.organization_id),
        webhookUrl: text(r.webhook_url),
        slackChannelId: text(payload.slack_channel_id),
        message: payload.message && typeof payload.message === 'object' ? (payload.message as Record<string, unknown>) : null,
      };
    }
    if (r.subject === 'video' || r.subject === 'stream') {
      return {
        ...base,
        subject: r.subject,
        sourceId: Number(r.source_id),
        itemKey: String(r.item_key ?? ''),
        webhookUrl: (r.webhook_url as string | null) || null,
        payload: readMediaPayload(r.payload),
      };
    }
    return {
      ...base,
      subject: 'article',
      alertId: Number(r.alert_id),
      alertName: String(r.alert_name ?? ''),
      alertKeywords: String(r.alert_keywords ?? ''),
      organizationId: Number(r.organization_id),
      slackTracking: Boolean(r.slack_tracking),
      slackWebhookUrl: (r.slack_webhook_url as string | null) || null,
      slackChannelId: (r.slack_channel_id as string | null) || null,
      discordWebhookUrl: (r.discord_webhook_url as string | null) || null,
      title: String(r.title ?? ''),
      url: String(r.url ?? ''),
      description: String(r.description ?? ''),
      reach: Number(r.reach ?? 0),
      pubDate: r.pub_date ? new Date(r.pub_date as string | Date) : new Date(0),
      domain: (r.domain as string | null) ?? null,
    };
  });
}

type Claim = Pick<ClaimedRow, 'id' | 'attempts'>;

function claimArrays(rows: Claim[]) {
  return { ids: sql.param(rows.map((r) => r.id)), attempts: sql.param(rows.map((r) => r.attempts)) };
}

/**
 * About to post the message carrying these rows: records it, committed before the request leaves,
 * so a crash after it can tell rows that may have been announced from rows never posted. Returns
 * the rows this claim still owns; a sender whose lease lapsed (another sender has them now) must
 * not post the others.
 */
export async function markPosting(db: Tx, rows: Claim[], now: Date): Promise<Set<number>> {
  if (rows.length === 0) return new Set();
  const { ids, attempts } = claimArrays(rows);
  const r = await db.execute<{ id: string | number }>(sql`
    update notification_outbox o set post_started_at = ${now.toISOString()}::timestamptz
    from unnest(${ids}::bigint[], ${attempts}::int[]) as c(id, attempts)
    where o.id = c.id and o.attempts = c.attempts and o.status = 'sending'
    returning o.id`);
  return new Set(r.rows.map((x) => Number(x.id)));
}

/** The message went out: these rows are sent, once. Returns how many rows this claim still owned. */
export async function markSent(db: Tx, rows: Claim[], now: Date): Promise<number> {
  if (rows.length === 0) return 0;
  const { ids, attempts } = claimArrays(rows);
  const r = await db.execute(sql`
    update notification_outbox o set status = 'sent', sent_at = ${now.toISOString()}::timestamptz, last_error = null
    from unnest(${ids}::bigint[], ${attempts}::int[]) as c(id, attempts)
    where o.id = c.id and o.attempts = c.attempts and o.status = 'sending'`);
  return r.rowCount ?? 0;
}

/**
 * Try again at `at` (rate limited, or a transient failure). `refund`: this attempt does not
 * count (a rate limit is not the webhook's fault), so it neither lengthens the back-off nor
 * brings the row closer to MAX_ATTEMPTS.
 */
export async function markRetry(db: Tx, rows: Claim[], at: Date, error: string | null, refund = false): Promise<number> {
  if (rows.length === 0) return 0;
  const { ids, attempts } = claimArrays(rows);
  const r = await db.execute(sql`
    update notification_outbox o set status = 'pending', next_attempt_at = ${at.toISOString()}::timestamptz, last_error = ${error},
      attempts = o.attempts - ${refund ? 1 : 0}
    from unnest(${ids}::bigint[], ${attempts}::int[]) as c(id, attempts)
    where o.id = c.id and o.attempts = c.attempts and o.status = 'sending'`);
  return r.rowCount ?? 0;
}

/** Give up: kept with the reason, visible, never retried silently. */
export async function markFailed(db: Tx, rows: Claim[], error: string): Promise<number> {
  if (rows.length === 0) return 0;
  const { ids, attempts } = claimArrays(rows);
  const r = await db.execute(sql`
    update notification_outbox o set status = 'failed', last_error = ${error}
    from unnest(${ids}::bigint[], ${attempts}::int[]) as c(id, attempts)
    where o.id = c.id and o.attempts = c.attempts and o.status = 'sending'`);
  return r.rowCount ?? 0;
}

/** Back-off after the `attempt`-th failed try: 30 s, 60 s, 120 s, … capped at one hour. */
export function retryDelaySeconds(attempt: number): number {
  return Math.min(RETRY_MAX_SECONDS, RETRY_BASE_SECONDS * 2 ** Math.max(0, Math.min(20, attempt - 1)));
}

/**
 * The organization's Slack app is gone (uninstalled, token revoked): its bot messages still waiting
 * fail now, with the reason, rather than each finding out on its own turn. Webhook rows are not
 * touched. Rows being sent keep their claim; their post answers the same and fails them too.
 */
export async function failPendingSlackBotRows(db: Tx, orgId: number, error: string): Promise<number> {
  const r = await db.execute(sql`
    update notification_outbox o set status = 'failed', last_error = ${error}
    from alerts al
    where o.organization_id = ${orgId} and o.status = 'pending' and o.subject = 'article' and o.channel = 'slack'
      and al.id = o.alert_id and coalesce(al.slack_channel_id, '') <> ''`);
  return r.rowCount ?? 0;
}
