import { fetchUrl, FetchError } from '../net/http-client.js';

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
