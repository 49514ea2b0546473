import { isIP } from 'node:net';
import { MSG } from '../../common/messages.js';
import type { NotificationTestResult, NotificationTests } from '../../common/schemas/alerts.js';
import { fetchUrl, FetchError } from '../net/http-client.js';
import { isPrivateAddress } from '../net/ssrf.js';

/**
 * The POST shared by the Slack and Discord webhook clients. It goes through `fetchUrl`, so a
 * webhook URL typed by a user can never reach a private address (unless the server allows it
 * for tests), and it tells the caller what to do next: done, wait as long as the service asked
 * (429), try again later (5xx, network) or give up (other 4xx: the webhook was revoked or the
 * payload refused — retrying cannot help). Each service only says how it explains a refusal.
 */

export type WebhookOutcome =
  | { ok: true; status: number }
  | { ok: false; retry: 'rate_limited'; retryAfterSeconds: number | null; status: number; message: string }
  | { ok: false; retry: 'later'; status: number | null; message: string }
  | { ok: false; retry: 'never'; status: number | null; message: string };

export interface WebhookClientOptions {
  allowPrivate: boolean;
  userAgent?: string;
  timeoutMs?: number;
}

/** What differs between services. */
export interface WebhookService {
  /** Prefixes every error message ("Slack: …"), which the alert page shows as the last error. */
  name: string;
  accept: string;
  /** Cap on a success answer (Slack's "ok", Discord's message object with `?wait=true`). */
  maxBytes: number;
  /** The service's own reason for an error status, from `err.bodySnippet`; null when there is none usable. */
  describeError?: (err: FetchError) => string | null;
  /** Seconds to wait after a 429 when the service says it better than `Retry-After`. */
  retryAfterSeconds?: (err: FetchError) => number | undefined;
}

/** Posts `payload` as JSON to a webhook URL. Never throws. */
export async function postWebhookJson(url: string, payload: unknown, service: WebhookService, opts: WebhookClientOptions): Promise<WebhookOutcome> {
  try {
    const res = await fetchUrl(url, {
      method: 'POST',
      body: JSON.stringify(payload),
      headers: { 'content-type': 'application/json' },
      accept: service.accept,
      allowPrivate: opts.allowPrivate,
      userAgent: opts.userAgent,
      timeoutMs: opts.timeoutMs ?? 15_000,
      // A webhook never redirects; following one would post the message somewhere else.
      maxRedirects: 0,
      maxBytes: service.maxBytes,
      // Webhooks of many alerts share one host (hooks.slack.com, discord.com): the per-host feed limit does not apply.
      hostConcurrency: 16,
    });
    return { ok: true, status: res.status };
  } catch (err) {
    return classifyWebhookError(err, service);
  }
}

/** Maps a failed webhook POST to what the outbox should do with it. */
export function classifyWebhookError(err: unknown, service: Pick<WebhookService, 'name' | 'describeError' | 'retryAfterSeconds'>): WebhookOutcome {
  const name = service.name;
  if (!(err instanceof FetchError)) return { ok: false, retry: 'later', status: null, message: `${name}: ${(err as Error)?.message ?? 'unknown error'}` };
  const status = err.status ?? null;
  const message = `${name}: ${err.message}`;
  switch (err.code) {
    case 'too_large':
      // Only a 2xx body is read: the message was accepted, the answer was just long.
      return { ok: true, status: 200 };
    case 'http_status': {
      const detailed = `${name}: ${service.describeError?.(err) ?? err.message}`;
      if (status === 429) {
        const wait = service.retryAfterSeconds?.(err) ?? err.retryAfterSeconds ?? null;
        return { ok: false, retry: 'rate_limited', retryAfterSeconds: wait, status, message: detailed };
      }
      if (status !== null && (status >= 500 || status === 408)) return { ok: false, retry: 'later', status, message: detailed };
      return { ok: false, retry: 'never', status, message: detailed };
    }
    case 'timeout':
    case 'network':
    case 'empty_body':
      return { ok: false, retry: 'later', status, message };
    default:
      // blocked_address, invalid_url, too_many_redirects: the webhook URL itself is wrong.
      return { ok: false, retry: 'never', status, message };
  }
}

/** The services whose webhooks people paste into alerts and feeds. */
export type WebhookKind = 'slack' | 'discord';

/**
 * Where each service documents its webhooks (shared/reference/third-party-apis.md §3–4): Slack's
 * incoming webhooks and workflow triggers on hooks.slack.com, Discord's `/api/webhooks/{id}/{token}`
 * (optionally versioned) on discord.com, its old name and its test clients' hosts. Anything else
 * is a paste into the wrong field (a Discord URL in the Slack field) or a URL that would post an
 * alert's coverage somewhere nobody expects.
 */
const DOCUMENTED_WEBHOOKS: Record<WebhookKind, { hosts: ReadonlySet<string>; path: RegExp }> = {
  slack: { hosts: new Set(['hooks.slack.com']), path: /^\/(services|workflows|triggers)\/[^/]+\/[^/]/ },
  discord: {
    hosts: new Set(['discord.com', 'discordapp.com', 'ptb.discord.com', 'canary.discord.com']),
    path: /^\/api(\/v\d+)?\/webhooks\/\d+\/[\w-]+\/?$/,
  },
};

function parseHttpUrl(url: string): URL | null {
  try {
    const u = new URL(url);
    return (u.protocol === 'https:' || u.protocol === 'http:') && u.hostname && !u.username && !u.password ? u : null;
  } catch {
    return null;
  }
}

/** True for an https URL on the service's documented webhook host and path (default port only). */
export function isDocumentedWebhookUrl(kind: WebhookKind, url: string): boolean {
  const u = parseHttpUrl(url);
  const rule = DOCUMENTED_WEBHOOKS[kind];
  return !!u && u.protocol === 'https:' && u.port === '' && rule.hosts.has(u.hostname.toLowerCase()) && rule.path.test(u.pathname);
}

/**
 * True for an http(s) URL whose host is this machine or a private network: an IP literal in a
 * private range, or `localhost`. Names are not resolved here; the SSRF guard checks them again
 * when the URL is called.
 */
export function isPrivateNetworkUrl(url: string): boolean {
  const u = parseHttpUrl(url);
  if (!u) return false;
  const host = u.hostname
    .replace(/^\[|\]$/g, '')
    .toLowerCase()
    .replace(/\.$/, '');
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  return isIP(host) !== 0 && isPrivateAddress(host);
}

/**
 * Why a webhook URL is refused for this service, or null when it may be saved: the service's
 * documented URL, or, when the server allows private networks (tests, local fakes, self-hosted
 * relays), any loopback or private-network URL.
 */
export function webhookUrlProblem(kind: WebhookKind, url: string, allowPrivateNetwork: boolean): string | null {
  if (isDocumentedWebhookUrl(kind, url)) return null;
  if (allowPrivateNetwork && isPrivateNetworkUrl(url)) return null;
  return kind === 'slack' ? MSG.webhooks.slackHost : MSG.webhooks.discordHost;
}

/** What a test message got from the service, as the save's `meta.notification_tests` reports it. */
export type WebhookTestResult = NotificationTestResult;
export type { NotificationTests };

/** A test message waits this long at most: the person who saved the form waits for it. */
export const WEBHOOK_TEST_TIMEOUT_MS = 5_000;

/** The outcome of a test message in one sentence; `name` is the service ("Slack"). */
export function describeWebhookTest(name: string, outcome: WebhookOutcome): WebhookTestResult {
  if (outcome.ok) return { ok: true, status: outcome.status, message: MSG.webhooks.testSent(name) };
  // The outcome's message is "Slack: <detail>", written for the alert's last error.
  const detail = outcome.message.startsWith(`${name}: `) ? outcome.message.slice(name.length + 2) : outcome.message;
  if (outcome.status === null) return { ok: false, message: `${name} could not be reached: ${detail}` };
  // Slack and Discord explain a refusal ("404 no_service (the webhook was revoked)"); without
  // their words the fetch error says "The site answered 404 Not Found".
  const words = /^(?:The site answered )?(\d{3}\b.*)$/s.exec(detail)?.[1] ?? `${outcome.status}: ${detail}`;
  return { ok: false, status: outcome.status, message: `${name} answered ${words}` };
}
