import type { SlackBlock, SlackMessage } from '../../integrations/slack/client.js';
import { DISCORD_LIMITS, discordEmbedLength, type DiscordEmbed, type DiscordMessage } from '../../integrations/discord/client.js';

/**
 * Turns a batch of matched articles of one alert into webhook messages: one Slack message per
 * at most SLACK_MAX_ARTICLES articles, Discord messages split so that none exceeds 10 embeds or
 * 6000 characters across its embeds (Discord refuses the whole message otherwise).
 */

export interface NotifiedArticle {
  title: string;
  url: string;
  description: string;
  reach: number;
  pubDate: Date;
  domain: string | null;
}

/** Slack allows 50 blocks; one section per article plus a header and a context block. */
export const SLACK_MAX_ARTICLES = 20;
const SLACK_TITLE_MAX = 300;
const DISCORD_DESCRIPTION_SNIPPET = 300;

export const truncate = (s: string, max: number) => (s.length <= max ? s : `${s.slice(0, Math.max(0, max - 1)).trimEnd()}…`);

/** "just now", "5 min ago", "3 h ago", "2 days ago". */
export function relativeTime(date: Date, now: Date): string {
  const seconds = Math.round((now.getTime() - date.getTime()) / 1000);
  if (seconds < 60) return 'just now';
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} h ago`;
  const days = Math.floor(hours / 24);
  return days === 1 ? '1 day ago' : `${days} days ago`;
}

export const formatScore = (reach: number) => (Math.round(reach * 10) / 10).toFixed(1);

/** Embed colour by media score band: high green, mid yellow, low orange, very low grey. */
export function scoreColor(reach: number): number {
  if (reach >= 7) return 0x2ecc71;
  if (reach >= 4) return 0xf1c40f;
  if (reach >= 2) return 0xe67e22;
  return 0x95a5a6;
}

// Slack mrkdwn control characters (https://api.slack.com/reference/surfaces/formatting#escaping).
const slackEscape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
// Inside <url|label> a `|` or `>` in the URL would end it early.
const slackUrl = (u: string) => u.replace(/\|/g, '%7C').replace(/>/g, '%3E').replace(/</g, '%3C');

const mediaOf = (a: NotifiedArticle) => a.domain ?? hostOf(a.url);
function hostOf(url: string): string {
  try {
    return new URL(url).hostname.replace(/^www\./, '');
  } catch {
    return url;
  }
}

/** Slack messages for one alert's batch (one per SLACK_MAX_ARTICLES articles). */
export function buildSlackMessages(
  alertName: string,
  articles: NotifiedArticle[],
  now: Date,
  opts: { keywords?: string } = {},
): { message: SlackMessage; count: number }[] {
  const out: { message: SlackMessage; count: number }[] = [];
  for (let i = 0; i < articles.length; i += SLACK_MAX_ARTICLES) {
    const chunk = articles.slice(i, i + SLACK_MAX_ARTICLES);
    const name = slackEscape(truncate(alertName, 200));
    const first = chunk[0];
    const text =
      chunk.length === 1
        ? `New mention for *${name}*: ${slackEscape(truncate(first.title || first.url, SLACK_TITLE_MAX))} (${slackEscape(mediaOf(first))})`
        : `${chunk.length} new mentions for *${name}*`;
    const blocks: SlackBlock[] = chunk.map((a) => ({
      type: 'section',
      text: {
        type: 'mrkdwn',
        text: `*<${slackUrl(a.url)}|${slackEscape(truncate(a.title || a.url, SLACK_TITLE_MAX))}>*\n${slackEscape(mediaOf(a))} · Media score ${formatScore(a.reach)} · ${relativeTime(a.pubDate, now)}`,
      },
    }));
    const keywords = opts.keywords?.trim() ? ` · Keywords: ${slackEscape(truncate(opts.keywords.trim(), 500))}` : '';
    blocks.push({ type: 'context', elements: [{ type: 'mrkdwn', text: `Alert: ${name}${keywords}` }] });
    out.push({ message: { text, blocks, unfurl_links: false, unfurl_media: false }, count: chunk.length });
  }
  return out;
}

/**
 * Said under a message posted again after its sender stopped while posting it (the outbox's one
 * unavoidable repeat, docs/decisions.md "Delivery after a crash"), so a reader seeing it twice
 * knows why.
 */
export const REPEAT_NOTE = 'Sent again: Coverwatch was interrupted while posting this, so you may already have it.';

export function withSlackRepeatNote(message: SlackMessage): SlackMessage {
  return { ...message, blocks: [...(message.blocks ?? []), { type: 'context', elements: [{ type: 'mrkdwn', text: `_${REPEAT_NOTE}_` }] }] };
}

export function withDiscordRepeatNote(message: DiscordMessage): DiscordMessage {
  return { ...message, content: message.content ? `${message.content}\n*${REPEAT_NOTE}*` : `*${REPEAT_NOTE}*` };
}

function discordEmbed(alertName: string, a: NotifiedArticle, now: Date): DiscordEmbed {
  const snippet = a.description ? `\n${truncate(a.description.replace(/\s+/g, ' ').trim(), DISCORD_DESCRIPTION_SNIPPET)}` : '';
  return {
    title: truncate(a.title || a.url, DISCORD_LIMITS.title),
    url: a.url,
    description: truncate(`${mediaOf(a)} · Media score ${formatScore(a.reach)} · ${relativeTime(a.pubDate, now)}${snippet}`, DISCORD_LIMITS.description),
    color: scoreColor(a.reach),
    timestamp: a.pubDate.toISOString(),
    footer: { text: truncate(`Alert: ${alertName}`, 200) },
  };
}

/** Discord messages for one alert's batch: ≤ 10 embeds and ≤ 6000 embed characters each. */
export function buildDiscordMessages(alertName: string, articles: NotifiedArticle[], now: Date): { message: DiscordMessage; count: number }[] {
  const out: { message: DiscordMessage; count: number }[] = [];
  let embeds: DiscordEmbed[] = [];
  let size = 0;
  const flush = () => {
    if (embeds.length === 0) return;
    const name = truncate(alertName, 200);
    const content = embeds.length === 1 ? `New mention for **${name}**` : `${embeds.length} new mentions for **${name}**`;
    out.push({ message: { content, embeds, allowed_mentions: { parse: [] } }, count: embeds.length });
    embeds = [];
    size = 0;
  };
  for (const a of articles) {
    const embed = discordEmbed(alertName, a, now);
    const len = discordEmbedLength(embed);
    if (embeds.length >= DISCORD_LIMITS.embeds || size + len > DISCORD_LIMITS.total) flush();
    embeds.push(embed);
    size += len;
  }
  flush();
  return out;
}
