import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { fetchUrl } from '../../net/http-client.js';
import { kickNotifier, type NotifierDeps } from '../notifications/service.js';
import { ingestFeedOf, loadFeed, type FeedRow } from './feed-row.js';
import { countPushedArticles, recordWebsubActive, recordWebsubFailed, recordWebsubRequested, recordWebsubUnsubscribed } from './feed-state.js';
import { ingestItems, type IngestResult } from './ingest.js';
import { FeedParseError } from './parse-feed.js';
import { parseFeedOffLoop } from './parse-pool.js';

/**
 * WebSub (W3C Recommendation) subscriber side: feeds that advertise a hub push new items to
 * `POST /api/p/websub/:feedId` instead of waiting for the next poll. Only possible when the
 * server knows its public address (PUBLIC_URL); otherwise `websub_state` stays 'none' and the
 * feed is polled as usual.
 *
 * `websub_lease_until` means, by state: pending → when to stop waiting for the hub's
 * verification and try again; active → when the lease ends; failed → when to try again.
 */

/** What WebSub needs; the notifier's dependencies among them, since a push that queued announcements kicks it. */
export interface WebsubDeps extends NotifierDeps {
  db: Db;
  config: Pick<Config, 'publicUrl' | 'allowPrivateNetwork' | 'crawler'>;
}

export const WEBSUB_LEASE_SECONDS = 86_400;
/** Renew this long before the lease ends (the scheduler runs every minute; polls are rarer). */
export const WEBSUB_RENEW_MARGIN_MS = 2 * 3600_000;
const PENDING_TIMEOUT_MS = 3600_000;
const FAILED_RETRY_MS = 86_400_000;

export const websubTopic = (feed: Pick<FeedRow, 'feed' | 'selfUrl'>) => feed.selfUrl || feed.feed;
export const websubCallback = (publicUrl: string, feedId: number) => `${publicUrl.replace(/(?<!\/)\/+$/, '')}/api/p/websub/${feedId}`;

/** The URL of `rel` in an HTTP Link header (`<https://hub>; rel="hub", <…>; rel="self"`), absolute. */
export function linkHeaderRel(header: string | undefined, rel: string, base: string): string | null {
  if (!header) return null;
  for (const part of header.split(/,(?=\s*<)/)) {
    const m = /^\s*<([^>]*)>(.*)$/.exec(part);
    if (!m) continue;
    const rels = /;\s*rel\s*=\s*"?([^";]+)"?/i.exec(m[2])?.[1].toLowerCase().split(/\s+/) ?? [];
    if (!rels.includes(rel)) continue;
    try {
      const url = new URL(m[1], base);
      if (url.protocol === 'http:' || url.protocol === 'https:') return url.href;
    } catch {
      // an unusable link is no link
    }
  }
  return null;
}

/** Whether this feed should (re)subscribe now. */
export function needsSubscription(
  feed: Pick<FeedRow, 'hubUrl' | 'websubState' | 'websubLeaseUntil' | 'disabled'>,
  hubUrl: string | null,
  publicUrl: string | undefined,
  now: Date,
): boolean {
  if (!hubUrl || !publicUrl || feed.disabled) return false;
  if (feed.websubState === 'none' || feed.hubUrl !== hubUrl || !feed.websubLeaseUntil) return true;
  const until = feed.websubLeaseUntil.getTime();
  if (feed.websubState === 'active') return until - now.getTime() <= WEBSUB_RENEW_MARGIN_MS;
  return until <= now.getTime();
}

/**
 * Asks the feed's hub for a subscription. The secret and state are committed before the
 * request, because the hub verifies our intent (GET on the callback) possibly before it even
 * answers. A renewal keeps the secret and the 'active' state, so pushes keep verifying.
 */
export async function subscribeFeed(deps: WebsubDeps, feedId: number, now = new Date()): Promise<'pending' | 'failed' | 'skipped'> {
  const feed = await loadFeed(deps.db, feedId);
  const publicUrl = deps.config.publicUrl;
  if (!feed || !feed.hubUrl || !publicUrl || feed.disabled) return 'skipped';
  const secret = feed.websubSecret ?? randomBytes(24).toString('base64url');
  const renewing = feed.websubState === 'active';
  await recordWebsubRequested(deps.db, feed.id, {
    secret,
    state: renewing ? 'active' : 'pending',
    leaseUntil: renewing ? feed.websubLeaseUntil! : new Date(now.getTime() + PENDING_TIMEOUT_MS),
  });
  const form = new URLSearchParams({
    'hub.mode': 'subscribe',
    'hub.topic': websubTopic(feed),
    'hub.callback': websubCallback(publicUrl, feed.id),
    'hub.secret': secret,
    'hub.lease_seconds': String(WEBSUB_LEASE_SECONDS),
  });
  try {
    await fetchUrl(feed.hubUrl, {
      method: 'POST',
      body: form.toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      allowPrivate: deps.config.allowPrivateNetwork,
      userAgent: deps.config.crawler.userAgent,
      hostConcurrency: deps.config.crawler.hostConcurrency,
      maxRedirects: 0,
      maxBytes: 64 * 1024,
      timeoutMs: 15_000,
    });
    return 'pending';
  } catch {
    // The feed is still polled; try again in a day (or at the next renewal for an active one).
    if (!renewing) await recordWebsubFailed(deps.db, feed.id, new Date(now.getTime() + FAILED_RETRY_MS));
    return 'failed';
  }
}

/**
 * The hub's verification of intent (`GET` on the callback): echo `hub.challenge` when the
 * topic is the one we asked for and we are waiting for (or hold) a subscription; '' to
 * acknowledge a denial; null → 404.
 */
export async function verifyIntent(db: Db, feedId: number, query: Record<string, string | undefined>, now = new Date()): Promise<string | null> {
  const feed = await loadFeed(db, feedId);
  const challenge = query['hub.challenge'];
  const mode = query['hub.mode'];
  if (!feed || query['hub.topic'] !== websubTopic(feed)) return null;
  if (mode === 'denied') {
    // The hub refused the subscription (hub.reason says why; no challenge to echo).
    await recordWebsubFailed(db, feed.id, new Date(now.getTime() + FAILED_RETRY_MS));
    return '';
  }
  if (!challenge) return null;
  if (mode === 'unsubscribe') {
    // We only ever unsubscribe from feeds that were disabled.
    if (!feed.disabled) return null;
    await recordWebsubUnsubscribed(db, feed.id);
    return challenge;
  }
  if (mode !== 'subscribe' || feed.disabled || (feed.websubState !== 'pending' && feed.websubState !== 'active')) return null;
  const lease = Number(query['hub.lease_seconds']);
  const seconds = Number.isFinite(lease) && lease > 0 ? Math.min(lease, 365 * 86_400) : WEBSUB_LEASE_SECONDS;
  await recordWebsubActive(db, feed.id, new Date(now.getTime() + seconds * 1000));
  return challenge;
}

/** `X-Hub-Signature: sha1=…|sha256=…|sha384=…|sha512=…` over the raw body, with our secret. */
export function signatureMatches(secret: string, body: Buffer, header: string | undefined): boolean {
  const m = /^(sha1|sha256|sha384|sha512)=([0-9a-f]+)$/i.exec((header ?? '').trim());
  if (!m) return false;
  const expected = createHmac(m[1].toLowerCase(), secret).update(body).digest();
  const given = Buffer.from(m[2], 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export type PushOutcome = { status: 'unknown_feed' } | { status: 'ignored'; reason: string } | { status: 'ingested'; result: IngestResult };

/**
 * Content distribution: a signed push of the feed's new content. Unsigned or wrongly signed
 * pushes are acknowledged but ignored (WebSub §8: the hub must not learn which secret check
 * failed); good ones are parsed and ingested at once, and the notifier is kicked.
 */
export async function receivePush(
  deps: WebsubDeps,
  feedId: number,
  body: Buffer,
  headers: { contentType?: string; signature?: string },
  now = new Date(),
): Promise<PushOutcome> {
  const feed = await loadFeed(deps.db, feedId);
  if (!feed) return { status: 'unknown_feed' };
  if (feed.disabled) return { status: 'ignored', reason: 'feed disabled' };
  if (!feed.websubSecret || !signatureMatches(feed.websubSecret, body, headers.signature)) return { status: 'ignored', reason: 'bad signature' };
  let parsed;
  try {
    parsed = await parseFeedOffLoop(body, { contentType: headers.contentType ?? null, url: feed.feed });
  } catch (err) {
    if (err instanceof FeedParseError) return { status: 'ignored', reason: err.message };
    throw err;
  }
  const result = await ingestItems(deps.db, ingestFeedOf(feed), parsed.items, now);
  if (result.added > 0) await countPushedArticles(deps.db, feed.id, result.added);
  if (result.notifications > 0) void kickNotifier(deps);
  return { status: 'ingested', result };
}
