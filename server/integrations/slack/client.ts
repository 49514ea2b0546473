import { fetchUrl, FetchError } from '../../net/http-client.js';

/**
 * A small Slack incoming-webhook client (shared/reference/third-party-apis.md §3). It goes
 * through `fetchUrl`, so a webhook URL typed by a user can never reach a private address
 * (unless the server allows it for tests), and it tells the caller what to do next: done,
 * wait as long as Slack asked (429 `Retry-After`), try again later (5xx, network) or give up
 * (other 4xx: the webhook was revoked or the payload refused — retrying cannot help).
 */

export interface SlackTextObject {
  type: 'mrkdwn' | 'plain_text';
  text: string;
}

export type SlackBlock =
  | { type: 'section'; text: SlackTextObject }
  | { type: 'context'; elements: SlackTextObject[] }
  | { type: 'divider' }
  | { type: 'header'; text: SlackTextObject };

export interface SlackMessage {
  /** Fallback and notification text (mrkdwn). */
  text: string;
  blocks?: SlackBlock[];
  unfurl_links?: boolean;
  unfurl_media?: boolean;
}

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

/** Posts one message to a Slack incoming webhook. Never throws. */
export async function postSlackMessage(webhookUrl: string, message: SlackMessage, opts: WebhookClientOptions): Promise<WebhookOutcome> {
  try {
    const res = await fetchUrl(webhookUrl, {
      method: 'POST',
      body: JSON.stringify(message),
      headers: { 'content-type': 'application/json' },
      accept: 'text/plain, application/json',
      allowPrivate: opts.allowPrivate,
      userAgent: opts.userAgent,
      timeoutMs: opts.timeoutMs ?? 15_000,
      // A webhook never redirects; following one would post the message somewhere else.
      maxRedirects: 0,
      maxBytes: 64 * 1024,
      // Webhooks of many alerts share hooks.slack.com: the per-host feed limit does not apply.
      hostConcurrency: 16,
    });
    return { ok: true, status: res.status };
  } catch (err) {
    return classifyWebhookError(err, 'Slack');
  }
}

/** Maps a failed webhook POST to what the outbox should do with it (shared with the Discord client's rules). */
export function classifyWebhookError(err: unknown, service: string): WebhookOutcome {
  if (!(err instanceof FetchError)) return { ok: false, retry: 'later', status: null, message: `${service}: ${(err as Error)?.message ?? 'unknown error'}` };
  const status = err.status ?? null;
  const message = `${service}: ${err.message}`;
  switch (err.code) {
    case 'too_large':
      // Only a 2xx body is read: the message was accepted, the answer was just long.
      return { ok: true, status: 200 };
    case 'http_status':
      if (status === 429) return { ok: false, retry: 'rate_limited', retryAfterSeconds: err.retryAfterSeconds ?? null, status, message };
      if (status !== null && (status >= 500 || status === 408)) return { ok: false, retry: 'later', status, message };
      return { ok: false, retry: 'never', status, message };
    case 'timeout':
    case 'network':
    case 'empty_body':
      return { ok: false, retry: 'later', status, message };
    default:
      // blocked_address, invalid_url, too_many_redirects: the webhook URL itself is wrong.
      return { ok: false, retry: 'never', status, message };
  }
}
