import type { FetchError } from '../../net/http-client.js';
import { postWebhookJson, type WebhookClientOptions, type WebhookOutcome, type WebhookService } from '../webhook.js';

/**
 * A small Discord webhook client (shared/reference/third-party-apis.md §4). The POST and what
 * to do after it live in `../webhook.ts`; Discord's part is its message shape, reading its JSON
 * errors and its rate-limit wait. Discord's limits are exported so that message builders split
 * batches before Discord would refuse them.
 */

export const DISCORD_LIMITS = {
  content: 2000,
  embeds: 10,
  title: 256,
  description: 4096,
  footer: 2048,
  /** Characters across every embed of one message (title, description, footer, author, fields). */
  total: 6000,
} as const;

export interface DiscordEmbed {
  title?: string;
  url?: string;
  description?: string;
  color?: number;
  /** ISO 8601. */
  timestamp?: string;
  footer?: { text: string };
  author?: { name: string };
  thumbnail?: { url: string };
  fields?: { name: string; value: string; inline?: boolean }[];
}

export interface DiscordMessage {
  content?: string;
  embeds?: DiscordEmbed[];
  username?: string;
  /** Titles come from the web: never let one ping @everyone or a role. */
  allowed_mentions: { parse: never[] };
}

/** Characters of an embed that count towards Discord's 6000 limit. */
export function discordEmbedLength(e: DiscordEmbed): number {
  let n = (e.title?.length ?? 0) + (e.description?.length ?? 0) + (e.footer?.text.length ?? 0) + (e.author?.name.length ?? 0);
  for (const f of e.fields ?? []) n += f.name.length + f.value.length;
  return n;
}

/** Discord's JSON error body: `{"message": "Unknown Webhook", "code": 10015}`, and on 429 `retry_after`. */
function discordErrorBody(err: FetchError): { message?: unknown; code?: unknown; retry_after?: unknown } | null {
  if (!err.bodySnippet?.startsWith('{')) return null;
  try {
    const body: unknown = JSON.parse(err.bodySnippet);
    return body && typeof body === 'object' ? body : null;
  } catch {
    return null; // cut at the snippet's length, or not JSON at all
  }
}

/** "404 Unknown Webhook (code 10015)" from Discord's error body; null when it has no message. */
export function describeDiscordError(err: FetchError): string | null {
  const body = discordErrorBody(err);
  if (typeof body?.message !== 'string' || !body.message.trim()) return null;
  const code = typeof body.code === 'number' && body.code > 0 ? ` (code ${body.code})` : '';
  return `${err.status} ${body.message.trim().slice(0, 200)}${code}`;
}

/**
 * Seconds to wait after a 429: the body's `retry_after` (float seconds, the precise one), else
 * `X-RateLimit-Reset-After`; undefined leaves `Retry-After` (whole seconds) to the caller.
 */
export function discordRetryAfterSeconds(err: FetchError): number | undefined {
  const fromBody = discordErrorBody(err)?.retry_after;
  if (typeof fromBody === 'number' && Number.isFinite(fromBody) && fromBody >= 0) return fromBody;
  const resetAfter = Number(err.headers?.['x-ratelimit-reset-after'] ?? NaN);
  if (Number.isFinite(resetAfter) && resetAfter >= 0) return resetAfter;
  return undefined;
}

const DISCORD: WebhookService = {
  name: 'Discord',
  accept: 'application/json',
  maxBytes: 256 * 1024,
  describeError: describeDiscordError,
  retryAfterSeconds: discordRetryAfterSeconds,
};

/** Posts one message to a Discord webhook. Never throws. */
export function postDiscordMessage(webhookUrl: string, message: DiscordMessage, opts: WebhookClientOptions): Promise<WebhookOutcome> {
  return postWebhookJson(webhookUrl, message, DISCORD, opts);
}
