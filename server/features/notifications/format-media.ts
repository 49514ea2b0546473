import type { SlackBlock, SlackMessage } from '../../integrations/slack/client.js';
import { DISCORD_LIMITS, discordEmbedLength, type DiscordEmbed, type DiscordMessage } from '../../integrations/discord/client.js';
import { relativeTime, SLACK_MAX_ARTICLES, truncate } from './format.js';
import type { MediaNoticePayload } from './service.js';

/**
 * Announcements of new YouTube videos and Twitch streams: one Slack message (a section per item
 * with its thumbnail as the image accessory) or Discord messages (an embed per item, ≤ 10 per
 * message, ≤ 6000 characters) per (feed, channel) batch. Everything shown comes from the outbox
 * row's payload, written at ingest, so delivery reads no other feature's table.
 */

export type MediaSubject = 'video' | 'stream';

const SLACK_TITLE_MAX = 300;
const YOUTUBE_RED = 0xff0000;
const TWITCH_PURPLE = 0x9146ff;

const slackEscape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const slackUrl = (u: string) => u.replace(/\|/g, '%7C').replace(/>/g, '%3E').replace(/</g, '%3C');
// Slack and Discord fetch the image themselves: only a web address is worth sending.
const imageUrl = (u: string | null) => (u && /^https?:\/\/\S+$/i.test(u) && u.length <= 2000 ? u : null);

const count = new Intl.NumberFormat('en-US');
/** 1234567 → "1.2M", 12345 → "12.3K", 999 → "999". */
export function compactNumber(n: number): string {
  if (n >= 1_000_000) return `${(Math.floor(n / 100_000) / 10).toFixed(1).replace(/\.0$/, '')}M`;
  if (n >= 1_000) return `${(Math.floor(n / 100) / 10).toFixed(1).replace(/\.0$/, '')}K`;
  return count.format(n);
}

const noun = (subject: MediaSubject, n: number) => (subject === 'video' ? (n === 1 ? 'video' : 'videos') : n === 1 ? 'stream' : 'streams');
const audienceWord = (subject: MediaSubject) => (subject === 'video' ? 'subscribers' : 'followers');

/** "YouTube feed: Falcon · falcon game". */
export function feedLabel(subject: MediaSubject, p: Pick<MediaNoticePayload, 'feedName' | 'keyword'>): string {
  return `${subject === 'video' ? 'YouTube' : 'Twitch'} feed: ${p.feedName} · ${p.keyword}`;
}

/** The facts line of an item: channel, audience, views, LIVE, age. */
function facts(subject: MediaSubject, p: MediaNoticePayload, now: Date): string[] {
  const parts = [p.channelName || 'Unknown channel'];
  if (p.audience !== null) parts.push(`${compactNumber(p.audience)} ${audienceWord(subject)}`);
  if (p.views !== null) parts.push(`${compactNumber(p.views)} ${p.live ? 'viewers' : 'views'}`);
  if (p.live) parts.push('LIVE');
  const published = new Date(p.publishedAt);
  if (!Number.isNaN(published.getTime())) parts.push(relativeTime(published, now));
  return parts;
}

/** Slack messages for one feed's batch (one per SLACK_MAX_ARTICLES items). */
export function buildMediaSlackMessages(subject: MediaSubject, items: MediaNoticePayload[], now: Date): { message: SlackMessage; count: number }[] {
  const out: { message: SlackMessage; count: number }[] = [];
  for (let i = 0; i < items.length; i += SLACK_MAX_ARTICLES) {
    const chunk = items.slice(i, i + SLACK_MAX_ARTICLES);
    const first = chunk[0];
    const name = slackEscape(truncate(first.feedName, 200));
    const text =
      chunk.length === 1
        ? `New ${noun(subject, 1)} for *${name}*: ${slackEscape(truncate(first.title || first.url, SLACK_TITLE_MAX))} (${slackEscape(first.channelName)})`
        : `${chunk.length} new ${noun(subject, chunk.length)} for *${name}*`;
    const blocks: SlackBlock[] = chunk.map((p) => {
      const title = slackEscape(truncate(p.title || p.url, SLACK_TITLE_MAX));
      const block: SlackBlock = {
        type: 'section',
        text: { type: 'mrkdwn', text: `*<${slackUrl(p.url)}|${title}>*\n${slackEscape(facts(subject, p, now).join(' · '))}` },
      };
      const thumb = imageUrl(p.thumbnail);
      return thumb ? { ...block, accessory: { type: 'image', image_url: thumb, alt_text: truncate(p.title || 'thumbnail', 200) } } : block;
    });
    blocks.push({ type: 'context', elements: [{ type: 'mrkdwn', text: slackEscape(truncate(feedLabel(subject, first), 500)) }] });
    out.push({ message: { text, blocks, unfurl_links: false, unfurl_media: false }, count: chunk.length });
  }
  return out;
}

function mediaEmbed(subject: MediaSubject, p: MediaNoticePayload): DiscordEmbed {
  const fields = [{ name: 'Channel', value: truncate(p.channelName || 'Unknown channel', 200), inline: true }];
  if (p.audience !== null) fields.push({ name: subject === 'video' ? 'Subscribers' : 'Followers', value: count.format(p.audience), inline: true });
  if (p.views !== null) fields.push({ name: p.live ? 'Viewers' : 'Views', value: count.format(p.views), inline: true });
  const published = new Date(p.publishedAt);
  const embed: DiscordEmbed = {
    title: truncate(`${p.live ? '🔴 LIVE · ' : ''}${p.title || p.url}`, DISCORD_LIMITS.title),
    url: p.url,
    color: subject === 'video' ? YOUTUBE_RED : TWITCH_PURPLE,
    fields,
    footer: { text: truncate(feedLabel(subject, p), 200) },
  };
  if (!Number.isNaN(published.getTime())) embed.timestamp = published.toISOString();
  const thumb = imageUrl(p.thumbnail);
  if (thumb) embed.thumbnail = { url: thumb };
  return embed;
}

/** Discord messages for one feed's batch: ≤ 10 embeds and ≤ 6000 embed characters each. */
export function buildMediaDiscordMessages(subject: MediaSubject, items: MediaNoticePayload[]): { message: DiscordMessage; count: number }[] {
  const out: { message: DiscordMessage; count: number }[] = [];
  let embeds: DiscordEmbed[] = [];
  let size = 0;
  const name = truncate(items[0]?.feedName ?? '', 200);
  const flush = () => {
    if (embeds.length === 0) return;
    const content = `${embeds.length === 1 ? 'New' : `${embeds.length} new`} ${noun(subject, embeds.length)} for **${name}**`;
    out.push({ message: { content, embeds, allowed_mentions: { parse: [] } }, count: embeds.length });
    embeds = [];
    size = 0;
  };
  for (const p of items) {
    const embed = mediaEmbed(subject, p);
    const len = discordEmbedLength(embed);
    if (embeds.length >= DISCORD_LIMITS.embeds || size + len > DISCORD_LIMITS.total) flush();
    embeds.push(embed);
    size += len;
  }
  flush();
  return out;
}

const str = (v: unknown, fallback = '') => (typeof v === 'string' ? v : fallback);
const num = (v: unknown) =>
  typeof v === 'number' && Number.isFinite(v) ? v : typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v)) ? Number(v) : null;

/** The payload as stored (jsonb): read field by field, so an old or odd row still makes a message. */
export function readMediaPayload(raw: unknown): MediaNoticePayload {
  const p = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  return {
    feedName: str(p.feedName),
    keyword: str(p.keyword),
    title: str(p.title),
    url: str(p.url),
    thumbnail: typeof p.thumbnail === 'string' ? p.thumbnail : null,
    channelName: str(p.channelName),
    audience: num(p.audience),
    views: num(p.views),
    publishedAt: str(p.publishedAt),
    live: p.live === true,
  };
}
