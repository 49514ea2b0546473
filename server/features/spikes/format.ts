import type { SpikeStory, SpikeWindow } from '../../../common/schemas/spikes.js';
import { DISCORD_LIMITS, type DiscordEmbed, type DiscordMessage } from '../../integrations/discord/client.js';
import type { SlackBlock, SlackMessage } from '../../integrations/slack/client.js';
import { escapeHtml } from '../digests/service.js';

/**
 * The words of a spike alert: one Slack message, one Discord message and one e-mail, each naming
 * the window, its matches against the usual count, and the stories that drove it (each story
 * once, with its copies). Built when the spike is found and kept on the outbox row, so delivery
 * posts what was decided here and reads no other table.
 */

export interface SpikeFacts {
  projectName: string;
  window: SpikeWindow;
  windowStart: Date;
  matches: number;
  /** Distinct stories among the window's matches. */
  storyCount: number;
  baseline: number;
  factor: number;
  stories: SpikeStory[];
}

const SPIKE_ORANGE = 0xe8590c;
const count = new Intl.NumberFormat('en-US');
const plural = (n: number, one: string, many: string) => `${count.format(n)} ${n === 1 ? one : many}`;
const truncate = (s: string, max: number) => (s.length <= max ? s : `${s.slice(0, Math.max(0, max - 1)).trimEnd()}…`);
const slackEscape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const slackUrl = (u: string) => u.replace(/\|/g, '%7C').replace(/>/g, '%3E').replace(/</g, '%3C');
const webUrl = (u: string) => (/^https?:\/\/\S+$/i.test(u) && u.length <= 2000 ? u : null);

/** "the hour from 14:00 UTC on 28 Nov 2026" or "28 Nov 2026 (UTC day)". */
export function windowLabel(window: SpikeWindow, start: Date): string {
  const day = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(start);
  if (window === 'day') return `${day} (UTC day)`;
  return `the hour from ${start.toISOString().slice(11, 16)} UTC on ${day}`;
}

/** "3.4 a day" / "0 an hour": the baseline as people read it. */
function usual(f: SpikeFacts): string {
  const mean = f.baseline >= 10 ? Math.round(f.baseline).toString() : (Math.round(f.baseline * 10) / 10).toString();
  return `${mean} ${f.window === 'day' ? 'a day' : 'an hour'}`;
}

/** The spike in one sentence: "120 matches (14 stories) in 28 Nov 2026 (UTC day), against usually 15 a day." */
export function spikeSummary(f: SpikeFacts): string {
  const ratio =
    f.baseline > 0 ? `, ${(Math.round((f.matches / f.baseline) * 10) / 10).toFixed(1)}× the usual ${usual(f)}` : ', with no matches in the 14 days before';
  return `${plural(f.matches, 'match', 'matches')} (${plural(f.storyCount, 'story', 'stories')}) for ${f.projectName} in ${windowLabel(f.window, f.windowStart)}${ratio}.`;
}

const storyFacts = (s: SpikeStory) => [s.outlet, s.copies > 1 ? `${count.format(s.copies)} copies` : '1 copy'].filter(Boolean).join(' · ');

export function buildSpikeSlackMessage(f: SpikeFacts): SlackMessage {
  const name = slackEscape(truncate(f.projectName, 200));
  const blocks: SlackBlock[] = [
    { type: 'section', text: { type: 'mrkdwn', text: `:chart_with_upwards_trend: *Coverage spike for ${name}*\n${slackEscape(spikeSummary(f))}` } },
  ];
  for (const s of f.stories) {
    const title = slackEscape(truncate(s.title || s.url, 300));
    const url = webUrl(s.url);
    blocks.push({ type: 'section', text: { type: 'mrkdwn', text: `${url ? `*<${slackUrl(url)}|${title}>*` : `*${title}*`}\n${slackEscape(storyFacts(s))}` } });
  }
  const rule = `Spike alert: more than ${f.factor}× the usual count of the 14 days before`;
  blocks.push({ type: 'context', elements: [{ type: 'mrkdwn', text: slackEscape(rule) }] });
  return { text: `Coverage spike for *${name}*: ${plural(f.matches, 'match', 'matches')}`, blocks, unfurl_links: false, unfurl_media: false };
}

export function buildSpikeDiscordMessage(f: SpikeFacts): DiscordMessage {
  const name = truncate(f.projectName, 200);
  const fields = f.stories.map((s) => {
    const url = webUrl(s.url);
    const title = truncate(s.title || s.url, 200);
    return { name: truncate(storyFacts(s), 256), value: truncate(url ? `[${title.replace(/[[\]]/g, '')}](${url})` : title, 1024) };
  });
  const embed: DiscordEmbed = {
    title: truncate(`Coverage spike for ${name}`, DISCORD_LIMITS.title),
    description: truncate(spikeSummary(f), DISCORD_LIMITS.description),
    color: SPIKE_ORANGE,
    timestamp: f.windowStart.toISOString(),
    fields,
    footer: { text: `Spike alert: more than ${f.factor}× the usual count of the 14 days before` },
  };
  return { content: `Coverage spike for **${name}**`, embeds: [embed], allowed_mentions: { parse: [] } };
}

export interface SpikeMail {
  subject: string;
  text: string;
  html: string;
}

/** The spike e-mail of one digest subscriber. */
export function renderSpikeMail(f: SpikeFacts, links: { recipientName: string; unsubscribePageUrl: string; settingsUrl: string }): SpikeMail {
  const subject = `Coverage spike for ${f.projectName}: ${plural(f.matches, 'match', 'matches')}`;
  const summary = spikeSummary(f);
  const why = `You get this e-mail because you switched on e-mail notifications for the project "${f.projectName}"; a spike alert is sent once per spike.`;
  const text = [
    `Hello ${links.recipientName || 'there'},`,
    '',
    summary,
    '',
    'The stories that drove it:',
    ...f.stories.map((s) => `- ${s.title || '(untitled)'}\n  ${storyFacts(s)}${s.url ? `\n  ${s.url}` : ''}`),
    '',
    '--',
    why,
    `Unsubscribe from this project's e-mails: ${links.unsubscribePageUrl}`,
    `All your notification settings: ${links.settingsUrl}`,
  ].join('\n');
  const rows = f.stories
    .map((s) => {
      const url = webUrl(s.url);
      const title = escapeHtml(s.title || '(untitled)');
      const link = url ? `<a href="${escapeHtml(url)}" style="color:#1c7ed6;text-decoration:none;font-weight:600">${title}</a>` : `<strong>${title}</strong>`;
      return `<tr><td style="padding:10px 0;border-bottom:1px solid #e9ecef">${link}<div style="margin-top:2px;font-size:12px;color:#868e96">${escapeHtml(storyFacts(s))}</div></td></tr>`;
    })
    .join('');
  const html = `<!doctype html><html><body style="margin:0;padding:0;background:#f8f9fa">
<div style="max-width:640px;margin:0 auto;padding:24px;font-family:Arial,Helvetica,sans-serif;font-size:14px;line-height:1.45;color:#212529;background:#ffffff">
<h1 style="font-size:20px;margin:0 0 8px">${escapeHtml(subject)}</h1>
<p style="margin:0">Hello ${escapeHtml(links.recipientName || 'there')}, ${escapeHtml(summary)}</p>
<h2 style="font-size:16px;margin:24px 0 4px;color:#212529">The stories that drove it</h2>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="border-collapse:collapse">${rows}</table>
<hr style="border:none;border-top:1px solid #dee2e6;margin:28px 0 12px">
<p style="font-size:12px;color:#868e96;margin:0 0 6px">${escapeHtml(why)}</p>
<p style="font-size:12px;color:#868e96;margin:0"><a href="${escapeHtml(links.unsubscribePageUrl)}" style="color:#868e96">Unsubscribe from this project</a> &middot; <a href="${escapeHtml(links.settingsUrl)}" style="color:#868e96">Notification settings</a></p>
</div></body></html>`;
  return { subject, text, html };
}
