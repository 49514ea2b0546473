import { fetchUrl } from '../../net/http-client.js';
import { classifyWebhookError, type WebhookClientOptions, type WebhookOutcome } from '../slack/client.js';

/**
 * A small Discord webhook client (shared/reference/third-party-apis.md §4). Same rules as the
 * Slack client (the outcome tells the outbox what to do next), through `fetchUrl` for the SSRF
 * guard. Discord's limits are exported so that message builders split batches before Discord
 * would refuse them.
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

/** Posts one message to a Discord webhook. Never throws. */
export async function postDiscordMessage(webhookUrl: string, message: DiscordMessage, opts: WebhookClientOptions): Promise<WebhookOutcome> {
  try {
    const res = await fetchUrl(webhookUrl, {
      method: 'POST',
      body: JSON.stringify(message),
      headers: { 'content-type': 'application/json' },
      accept: 'application/json',
      allowPrivate: opts.allowPrivate,
      userAgent: opts.userAgent,
      timeoutMs: opts.timeoutMs ?? 15_000,
      maxRedirects: 0,
      maxBytes: 256 * 1024,
      hostConcurrency: 16,
    });
    return { ok: true, status: res.status };
  } catch (err) {
    return classifyWebhookError(err, 'Discord');
  }
}
