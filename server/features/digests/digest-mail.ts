import { highlightRanges } from '../../../common/query/highlight.js';
import type { DigestItem, DigestSection } from './coverage-repo.js';

/** What a digest e-mail is made of. */
export interface DigestContent {
  projectName: string;
  organizationName: string;
  recipientName: string;
  frequency: string;
  articles: DigestSection;
  videos: DigestSection;
  streams: DigestSection;
  /** The web page that confirms the unsubscribe (`/unsubscribe/{token}`). */
  unsubscribePageUrl: string;
  /** The settings page, where every project's notifications are switched. */
  settingsUrl: string;
}

export interface DigestMail {
  subject: string;
  text: string;
  html: string;
}

/** Where links of a digest point: PUBLIC_URL, else the address the server listens on. */
export function publicBase(config: { publicUrl?: string; host: string; port: number }): string {
  const base = config.publicUrl ?? `http://${config.host}:${config.port}`;
  let end = base.length;
  while (end > 0 && base[end - 1] === '/') end--;
  return base.slice(0, end);
}

/**
 * RFC 8058 one-click unsubscribe: a mail client POSTs `List-Unsubscribe=One-Click` to the URL in
 * `List-Unsubscribe` without showing the user a page (the API route, not the web page).
 */
export function unsubscribeHeaders(base: string, token: string): Record<string, string> {
  return {
    'List-Unsubscribe': `<${base}/api/p/unsubscribe/${encodeURIComponent(token)}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  };
}

/** Titles, outlets and names are third-party or user input: they reach the HTML only escaped. */
export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** Only web links become links: a feed's `javascript:` URL stays inert text. */
function safeUrl(url: string | null): string | null {
  if (!url) return null;
  try {
    const u = new URL(url);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.href : null;
  } catch {
    return null;
  }
}

/**
 * The words of the feed's query found in the item's title and description (the same matcher the
 * feed's highlighting uses), as they are written there, each once.
 */
export function matchedWords(query: string | null, item: Pick<DigestItem, 'title' | 'description'>): string[] {
  if (!query) return [];
  const text = `${item.title}\n${item.description}`;
  const seen = new Map<string, string>();
  for (const r of highlightRanges(query, text)) {
    const word = text.slice(r.start, r.end);
    const key = word.toLowerCase();
    if (!seen.has(key)) seen.set(key, word);
  }
  return [...seen.values()].slice(0, 6);
}

const plural = (n: number, one: string, many: string) => `${new Intl.NumberFormat('en-US').format(n)} ${n === 1 ? one : many}`;

/** "7 new articles, 2 videos, 1 stream" */
export function countsLine(c: Pick<DigestContent, 'articles' | 'videos' | 'streams'>): string {
  const kinds = [
    [c.articles.total, 'article', 'articles'],
    [c.videos.total, 'video', 'videos'],
    [c.streams.total, 'stream', 'streams'],
  ] as const;
  const parts = kinds.filter(([n]) => n > 0).map(([n, one, many], i) => plural(n, i === 0 ? `new ${one}` : one, i === 0 ? `new ${many}` : many));
  return parts.length ? parts.join(', ') : 'no new coverage';
}

const formatDate = (d: Date) => new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(d);

const SECTIONS = [
  { key: 'articles', heading: 'Articles', score: (n: number) => `media score ${Math.round(n * 10) / 10}` },
  { key: 'videos', heading: 'Videos', score: (n: number) => plural(n, 'view', 'views') },
  { key: 'streams', heading: 'Streams', score: (n: number) => plural(n, 'view', 'views') },
] as const;

function whyText(c: DigestContent): string {
  const when = c.frequency === 'instant' ? 'as soon as new coverage arrives' : 'once a day when there is new coverage';
  return `You get this e-mail because you switched on e-mail notifications for the project "${c.projectName}" of ${c.organizationName}; it comes ${when}.`;
}

function itemText(item: DigestItem, score: (n: number) => string): string {
  const words = matchedWords(item.query, item);
  const meta = [item.outlet, formatDate(item.date), item.score != null ? score(item.score) : ''].filter(Boolean).join(' · ');
  return [`- ${item.title || '(untitled)'}`, `  ${meta}`, words.length ? `  Matched: ${words.join(', ')}` : '', item.url ? `  ${item.url}` : '']
    .filter(Boolean)
    .join('\n');
}

function itemHtml(item: DigestItem, score: (n: number) => string): string {
  const href = safeUrl(item.url);
  const title = escapeHtml(item.title || '(untitled)');
  const link = href ? `<a href="${escapeHtml(href)}" style="color:#1c7ed6;text-decoration:none;font-weight:600">${title}</a>` : `<strong>${title}</strong>`;
  const meta = [item.outlet, formatDate(item.date), item.score != null ? score(item.score) : ''].filter(Boolean).map(escapeHtml).join(' &middot; ');
  const words = matchedWords(item.query, item);
  const matched = words.length
    ? `<div style="margin-top:4px;font-size:12px;color:#495057">Matched: ${words.map((w) => `<span style="background:#fff3bf;padding:0 3px;border-radius:3px">${escapeHtml(w)}</span>`).join(' ')}</div>`
    : '';
  return `<tr><td style="padding:10px 0;border-bottom:1px solid #e9ecef">${link}<div style="margin-top:2px;font-size:12px;color:#868e96">${meta}</div>${matched}</td></tr>`;
}

/** The digest of one project for one person: subject, plain text and HTML (inline styles, no images). */
export function renderDigest(c: DigestContent): DigestMail {
  const counts = countsLine(c);
  const subject = `${c.projectName}: ${counts}`;
  const textParts = [`Hello ${c.recipientName || 'there'},`, '', `New coverage for ${c.projectName}: ${counts}.`];
  const htmlSections: string[] = [];
  for (const s of SECTIONS) {
    const section = c[s.key];
    if (section.total === 0) continue;
    const more = section.total - section.items.length;
    textParts.push('', `${s.heading} (${section.total})`, ...section.items.map((i) => itemText(i, s.score)));
    if (more > 0) textParts.push(`  …and ${more} more`);
    htmlSections.push(
      `<h2 style="font-size:16px;margin:24px 0 4px;color:#212529">${s.heading} <span style="color:#868e96;font-weight:normal">(${section.total})</span></h2>` +
        `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="border-collapse:collapse">${section.items.map((i) => itemHtml(i, s.score)).join('')}</table>` +
        (more > 0 ? `<p style="margin:6px 0 0;font-size:13px;color:#495057">…and ${more} more</p>` : ''),
    );
  }
  const why = whyText(c);
  textParts.push('', '--', why, `Unsubscribe from this project's e-mails: ${c.unsubscribePageUrl}`, `All your notification settings: ${c.settingsUrl}`);

  const html = `<!doctype html><html><body style="margin:0;padding:0;background:#f8f9fa">
<div style="max-width:640px;margin:0 auto;padding:24px;font-family:Arial,Helvetica,sans-serif;font-size:14px;line-height:1.45;color:#212529;background:#ffffff">
<p style="margin:0 0 4px;font-size:12px;color:#868e96">${escapeHtml(c.organizationName)}</p>
<h1 style="font-size:20px;margin:0 0 8px">${escapeHtml(c.projectName)}: ${escapeHtml(counts)}</h1>
<p style="margin:0">Hello ${escapeHtml(c.recipientName || 'there')}, here is the new coverage since your last e-mail.</p>
${htmlSections.join('\n')}
<hr style="border:none;border-top:1px solid #dee2e6;margin:28px 0 12px">
<p style="font-size:12px;color:#868e96;margin:0 0 6px"><strong>Why you get this:</strong> ${escapeHtml(why.replace(/^You get this e-mail because y/, 'Y'))}</p>
<p style="font-size:12px;color:#868e96;margin:0"><a href="${escapeHtml(c.unsubscribePageUrl)}" style="color:#868e96">Unsubscribe from this project</a> &middot; <a href="${escapeHtml(c.settingsUrl)}" style="color:#868e96">Notification settings</a></p>
</div></body></html>`;
  return { subject, text: textParts.join('\n'), html };
}
