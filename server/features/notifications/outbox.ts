import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import type { NotifiedArticle } from './format.js';

/**
 * The notification outbox's state machine, in SQL. A row is `pending` until a sender claims
 * it (`sending`, with a lease held in `next_attempt_at`), then `sent`, back to `pending` with a
 * later `next_attempt_at`, or `failed` with `last_error`. The claim increments `attempts`,
 * which doubles as the claim's token: a sender only settles rows still `sending` with the
 * attempt number it claimed, so a sender whose lease lapsed cannot settle (or resend) a row
 * another sender has claimed since.
 */

/** How long a claimed row stays ours; a sender that died is replaced after this. */
export const CLAIM_LEASE_SECONDS = 120;
/** 5xx / network back-off: 30 s × 2^(attempt-1), capped at one hour. */
export const RETRY_BASE_SECONDS = 30;
export const RETRY_MAX_SECONDS = 3600;
/** After this many attempts (about two days at the cap) a row is failed, visibly. */
export const MAX_ATTEMPTS = 50;

/** An outbox row as claimed: the delivery, its alert's webhooks, and the article it announces. */
export interface ClaimedRow extends NotifiedArticle {
  id: number;
  attempts: number;
  alertId: number;
  channel: 'slack' | 'discord';
  alertName: string;
  slackTracking: boolean;
  slackWebhookUrl: string | null;
  discordWebhookUrl: string | null;
}

/**
 * Claims up to `limit` due rows (pending and due, or sending with a lapsed lease) with
 * `for update skip locked`, so concurrent senders never claim the same row, and returns them
 * with what the message needs (alert settings, article, website domain).
 */
export async function claimDue(db: Tx, now: Date, limit: number): Promise<ClaimedRow[]> {
  const lease = new Date(now.getTime() + CLAIM_LEASE_SECONDS * 1000);
  const result = await db.execute<Record<string, unknown>>(sql`
    with due as (
      select id from notification_outbox
      where status in ('pending', 'sending') and next_attempt_at <= ${now.toISOString()}::timestamptz
      order by next_attempt_at, id
      limit ${limit}
      for update skip locked
    ), claimed as (
      update notification_outbox o
      set status = 'sending', attempts = o.attempts + 1, next_attempt_at = ${lease.toISOString()}::timestamptz
      from due where o.id = due.id
      returning o.id, o.attempts, o.alert_id, o.article_id, o.channel
    )
    select c.id, c.attempts, c.alert_id, c.channel,
           al.name as alert_name, al.slack_tracking, al.slack_webhook_url, al.discord_webhook_url,
           a.title, a.url, a.description, a.reach, a.pub_date, w.domain
    from claimed c
    join alerts al on al.id = c.alert_id
    join articles a on a.id = c.article_id
    left join websites w on w.id = a.website_id
    order by c.alert_id, c.channel, a.pub_date desc, c.id`);
  return result.rows.map((r) => ({
    id: Number(r.id),
    attempts: Number(r.attempts),
    alertId: Number(r.alert_id),
    channel: r.channel as 'slack' | 'discord',
    alertName: String(r.alert_name),
    slackTracking: Boolean(r.slack_tracking),
    slackWebhookUrl: (r.slack_webhook_url as string | null) || null,
    discordWebhookUrl: (r.discord_webhook_url as string | null) || null,
    title: String(r.title ?? ''),
    url: String(r.url),
    description: String(r.description ?? ''),
    reach: Number(r.reach),
    pubDate: new Date(r.pub_date as string | Date),
    domain: (r.domain as string | null) ?? null,
  }));
}

type Claim = Pick<ClaimedRow, 'id' | 'attempts'>;

function claimArrays(rows: Claim[]) {
  return { ids: sql.param(rows.map((r) => r.id)), attempts: sql.param(rows.map((r) => r.attempts)) };
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
