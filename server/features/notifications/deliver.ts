import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { postDiscordMessage, type DiscordMessage } from '../../integrations/discord/client.js';
import { postSlackMessage, type SlackMessage } from '../../integrations/slack/client.js';
import type { WebhookClientOptions, WebhookOutcome } from '../../integrations/webhook.js';
import { buildDiscordMessages, buildSlackMessages, withDiscordRepeatNote, withSlackRepeatNote } from './format.js';
import { buildMediaDiscordMessages, buildMediaSlackMessages } from './format-media.js';
import {
  claimDue,
  markFailed,
  markPosting,
  markRetry,
  markSent,
  MAX_ATTEMPTS,
  retryDelaySeconds,
  type ClaimedArticleRow,
  type ClaimedMediaRow,
  type ClaimedRow,
  type ClaimedSpikeRow,
} from './outbox.js';

export interface NotifierDeps {
  db: Db;
  config: Pick<Config, 'allowPrivateNetwork' | 'crawler'>;
  /**
   * Posts to a channel of an organization's installed Slack app. The process's composition passes
   * it in (server/jobs/boss.ts to the job workers, server/app.ts to the API's routes): every role
   * may deliver, since an ingest kicks the notifier in-process. Absent, a row for an app channel
   * fails with "not available on this server".
   */
  slackBot?: SlackBotPoster | null;
}

export interface DeliveryReport {
  /** Outbox rows marked sent. */
  sent: number;
  /** Rows put back for a later attempt (429, 5xx, network). */
  retried: number;
  /** Rows failed for good (4xx, no webhook any more, too many attempts). */
  failed: number;
  /** Webhook messages posted successfully. */
  messages: number;
  /**
   * Rows posted again because a sender had started posting them and lost its claim (it died, or
   * stalled past its lease): their channel may show them twice.
   */
  reposted: number;
}

const CLAIM_BATCH = 200;
const MAX_ROUNDS = 20;
/** Webhooks of different alerts are posted in parallel, up to this many at once. */
const PARALLEL_GROUPS = 4;
/** When Slack answers 429 without Retry-After (Discord always says). */
const DEFAULT_RATE_LIMIT_SECONDS = 30;

/**
 * Sends due outbox rows: claims them, groups them per (alert, channel) — for videos and streams
 * per (feed, channel, webhook) — into as few messages
 * as the services allow, posts each message once, and settles its rows by the answer. Rows of
 * one group are posted in order; after a 429 the rest of that group waits as long as asked.
 */
export async function deliverDue(deps: NotifierDeps, opts: { now?: () => Date } = {}): Promise<DeliveryReport> {
  const clock = opts.now ?? (() => new Date());
  const report: DeliveryReport = { sent: 0, retried: 0, failed: 0, messages: 0, reposted: 0 };
  const client: WebhookClientOptions = { allowPrivate: deps.config.allowPrivateNetwork, userAgent: deps.config.crawler.userAgent };
  const senders: Senders = { client, slackBot: deps.slackBot ?? null };
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const rows = await claimDue(deps.db, clock(), CLAIM_BATCH);
    if (rows.length === 0) break;
    const groups = groupRows(rows);
    let next = 0;
    const worker = async () => {
      while (next < groups.length) await deliverGroup(deps.db, senders, groups[next++], clock, report);
    };
    await Promise.all(Array.from({ length: Math.min(PARALLEL_GROUPS, groups.length) }, worker));
    if (rows.length < CLAIM_BATCH) break;
  }
  return report;
}

function groupRows(rows: ClaimedRow[]): ClaimedRow[][] {
  const map = new Map<string, ClaimedRow[]>();
  for (const r of rows) {
    // A media row carries its own webhook: rows queued before the feed's webhook changed go
    // where they were meant to, in their own message. A spike row is a message of its own.
    const key =
      r.subject === 'article'
        ? `article:${r.alertId}:${r.channel}`
        : r.subject === 'spike'
          ? `spike:${r.id}`
          : `${r.subject}:${r.sourceId}:${r.channel}:${r.webhookUrl}`;
    const list = map.get(key);
    if (list) list.push(r);
    else map.set(key, [r]);
  }
  return [...map.values()];
}

/** What posts a group's messages: webhooks (with the client's options) and the Slack app's poster. */
interface Senders {
  client: WebhookClientOptions;
  slackBot: SlackBotPoster | null;
}

interface Batch {
  count: number;
  /** `repeat`: the message may already have arrived once (its post was interrupted): say so. */
  send: (repeat: boolean) => Promise<WebhookOutcome>;
}

const slackMessage = (message: SlackMessage, repeat: boolean) => (repeat ? withSlackRepeatNote(message) : message);
const discordMessage = (message: DiscordMessage, repeat: boolean) => (repeat ? withDiscordRepeatNote(message) : message);

/** The messages of one group, or why it cannot be sent at all. */
function buildBatches(rows: ClaimedRow[], senders: Senders, now: Date): Batch[] | string {
  const first = rows[0];
  if (first.subject === 'spike') return buildSpikeBatches(first, senders);
  if (first.subject === 'video' || first.subject === 'stream') return buildMediaBatches(rows as ClaimedMediaRow[], senders.client, now);
  return buildArticleBatches(rows as ClaimedArticleRow[], senders, now);
}

function buildMediaBatches(rows: ClaimedMediaRow[], client: WebhookClientOptions, now: Date): Batch[] | string {
  const { subject, channel, webhookUrl } = rows[0];
  if (!webhookUrl) return `The ${channel === 'slack' ? 'Slack' : 'Discord'} webhook was removed from this feed`;
  const items = rows.map((r) => r.payload);
  return channel === 'slack'
    ? buildMediaSlackMessages(subject, items, now).map((b) => ({
        count: b.count,
        send: (repeat: boolean) => postSlackMessage(webhookUrl, slackMessage(b.message, repeat), client),
      }))
    : buildMediaDiscordMessages(subject, items).map((b) => ({
        count: b.count,
        send: (repeat: boolean) => postDiscordMessage(webhookUrl, discordMessage(b.message, repeat), client),
      }));
}

function buildArticleBatches(rows: ClaimedArticleRow[], { client, slackBot }: Senders, now: Date): Batch[] | string {
  const first = rows[0];
  // A channel of the installed app wins over a webhook: choosing one is the newer, explicit choice.
  if (first.channel === 'slack' && first.slackTracking && first.slackChannelId) {
    const channelId = first.slackChannelId;
    const poster = slackBot;
    if (!poster) return 'Slack: the Slack app is not available on this server';
    return buildSlackMessages(first.alertName, rows, now, { keywords: first.alertKeywords }).map((b) => ({
      count: b.count,
      send: (repeat: boolean) => poster(first.organizationId, channelId, slackMessage(b.message, repeat)),
    }));
  }
  const webhook = first.channel === 'slack' ? (first.slackTracking ? first.slackWebhookUrl : null) : first.discordWebhookUrl;
  if (!webhook) return first.channel === 'slack' ? 'Slack notifications were turned off for this alert' : 'The Discord webhook was removed from this alert';
  return first.channel === 'slack'
    ? buildSlackMessages(first.alertName, rows, now).map((b) => ({
        count: b.count,
        send: (repeat: boolean) => postSlackMessage(webhook, slackMessage(b.message, repeat), client),
      }))
    : buildDiscordMessages(first.alertName, rows, now).map((b) => ({
        count: b.count,
        send: (repeat: boolean) => postDiscordMessage(webhook, discordMessage(b.message, repeat), client),
      }));
}

async function deliverGroup(db: Db, senders: Senders, rows: ClaimedRow[], clock: () => Date, report: DeliveryReport) {
  const batches = buildBatches(rows, senders, clock());
  if (typeof batches === 'string') {
    await tally(report, 'failed', markFailed(db, rows, batches));
    return;
  }
  let offset = 0;
  for (let i = 0; i < batches.length; i++) {
    const batch = batches[i];
    const part = rows.slice(offset, offset + batch.count);
    offset += batch.count;
    const owned = await markPosting(db, part, clock());
    if (owned.size < part.length) {
      // Our lease lapsed and another sender has claimed some of these rows: it posts them, and
      // everything after them. What is still ours (markRetry settles only those) goes back, due
      // now, its attempt not counted.
      await tally(report, 'retried', markRetry(db, rows.slice(offset - batch.count), clock(), null, true));
      return;
    }
    const repeat = part.filter((r) => r.interrupted).length;
    report.reposted += repeat;
    const outcome = await batch.send(repeat > 0);
    await settle(db, part, outcome, clock(), report);
    if (!outcome.ok && outcome.retry !== 'never') {
      // Posting the rest now would hit the same limit or outage: they wait with this batch.
      const rest = rows.slice(offset);
      await settle(db, rest, outcome, clock(), report);
      return;
    }
  }
}

// Not `report.x += await f()`: that reads report.x before the await and loses the updates
// of groups settled concurrently.
async function tally(report: DeliveryReport, key: 'sent' | 'retried' | 'failed', rows: Promise<number>) {
  const n = await rows;
  report[key] += n;
}

async function settle(db: Db, rows: ClaimedRow[], outcome: WebhookOutcome, now: Date, report: DeliveryReport) {
  if (rows.length === 0) return;
  if (outcome.ok) {
    await tally(report, 'sent', markSent(db, rows, now));
    report.messages++;
    return;
  }
  if (outcome.retry === 'never') {
    await tally(report, 'failed', markFailed(db, rows, outcome.message));
    return;
  }
  if (outcome.retry === 'rate_limited') {
    const wait = outcome.retryAfterSeconds ?? DEFAULT_RATE_LIMIT_SECONDS;
    // A rate limit is not the webhook's fault: it does not count towards giving up.
    await tally(report, 'retried', markRetry(db, rows, new Date(now.getTime() + Math.max(1, wait) * 1000), outcome.message, true));
    return;
  }
  const exhausted = rows.filter((r) => r.attempts >= MAX_ATTEMPTS);
  const again = rows.filter((r) => r.attempts < MAX_ATTEMPTS);
  if (exhausted.length) await tally(report, 'failed', markFailed(db, exhausted, `${outcome.message} (gave up after ${MAX_ATTEMPTS} attempts)`));
  for (const r of again) {
    await tally(report, 'retried', markRetry(db, [r], new Date(now.getTime() + retryDelaySeconds(r.attempts) * 1000), outcome.message));
  }
}

/**
 * Posts a message to a channel of an organization's installed Slack app (chat.postMessage) and
 * says what the outbox should do next, like a webhook post. The slack feature makes it
 * (createSlackBotPoster) and the process passes it in (NotifierDeps.slackBot): notifications sits
 * below slack and cannot import it.
 */
export type SlackBotPoster = (orgId: number, channelId: string, message: SlackMessage) => Promise<WebhookOutcome>;

const running = new WeakMap<object, { again: boolean; done: Promise<void> }>();

/**
 * Runs `deliverDue` now, in this process, so a match reaches Slack or Discord within seconds
 * of the ingest that made it (the one-minute sweep job catches anything this misses). Kicks
 * while a run is under way fold into one more run after it.
 */
export function kickNotifier(deps: NotifierDeps, onError: (err: unknown) => void = () => {}): Promise<void> {
  const current = running.get(deps.db);
  if (current) {
    current.again = true;
    return current.done;
  }
  const state = { again: false, done: Promise.resolve() };
  state.done = (async () => {
    try {
      do {
        state.again = false;
        await deliverDue(deps).catch(onError);
      } while (state.again);
    } finally {
      running.delete(deps.db);
    }
  })();
  running.set(deps.db, state);
  return state.done;
}

function buildSpikeBatches(row: ClaimedSpikeRow, { client, slackBot }: Senders): Batch[] | string {
  const { message, channel, webhookUrl, slackChannelId } = row;
  if (!message) return 'The spike alert has no message';
  if (channel === 'slack') {
    const slack = message as unknown as SlackMessage;
    if (slackChannelId) {
      if (!slackBot) return 'Slack: the Slack app is not available on this server';
      return [{ count: 1, send: (repeat) => slackBot(row.organizationId, slackChannelId, slackMessage(slack, repeat)) }];
    }
    if (!webhookUrl) return 'The project has no Slack destination any more';
    return [{ count: 1, send: (repeat) => postSlackMessage(webhookUrl, slackMessage(slack, repeat), client) }];
  }
  if (!webhookUrl) return 'The project has no Discord webhook any more';
  return [{ count: 1, send: (repeat) => postDiscordMessage(webhookUrl, discordMessage(message as unknown as DiscordMessage, repeat), client) }];
}
