/**
 * A small GDELT DOC 2.0 API client (shared/reference/third-party-apis.md §16): an `ArtList` JSON
 * search through the server's one outgoing HTTP path (server/net/http-client.ts: SSRF guard,
 * deadline, size cap). The base URL comes from configuration (GDELT_API_URL) so tests run
 * against a local fake. Pacing is the caller's (features/gdelt/pacer.ts): this client sends
 * exactly the request it is asked for.
 */
import { FetchError, fetchUrl } from '../../net/http-client.js';

export interface GdeltSettings {
  apiUrl: string;
  allowPrivate?: boolean;
  userAgent?: string;
  timeoutMs?: number;
}

/** GDELT answers at most this many articles a search (ArtList). */
export const GDELT_MAX_RECORDS = 250;

export interface GdeltSearch {
  /** GDELT query syntax (features/gdelt/translate.ts). */
  query: string;
  /** `timespan` (e.g. `4w`, `24h`), or a window of start (and end) datetimes; not both. */
  timespan?: string;
  start?: Date;
  end?: Date;
  /** ≤ 250 (default 250). */
  maxRecords?: number;
}

/** One article of an ArtList answer, as GDELT writes it. */
export interface GdeltArticle {
  url: string;
  urlMobile: string | null;
  title: string;
  /** From `seendate` (`YYYYMMDDTHHMMSSZ`, UTC). */
  seenAt: Date;
  socialImage: string | null;
  domain: string;
  /** An English name (`Spanish`), not a code. */
  language: string;
  sourceCountry: string;
}

export type GdeltErrorKind = 'rate_limited' | 'invalid_query' | 'malformed' | 'unreachable';

/** A search GDELT did not answer with articles; `message` is shown to the operator. */
export class GdeltError extends Error {
  constructor(
    readonly kind: GdeltErrorKind,
    message: string,
    /** Seconds GDELT asked to wait (a 429's Retry-After), when it said. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'GdeltError';
  }
}

/** The answer's body cap: 250 articles of JSON are well under 1 MB. */
const MAX_BYTES = 4 * 1024 * 1024;
const MESSAGE_CHARS = 300;

/** `YYYYMMDDHHMMSS` in UTC: GDELT's startdatetime / enddatetime. */
export function gdeltDateTime(d: Date): string {
  return d.toISOString().replace(/[-:T]/g, '').slice(0, 14);
}

/** `20230918T030000Z` → the instant; null when it is not that shape. */
export function parseSeenDate(value: unknown): Date | null {
  if (typeof value !== 'string') return null;
  const m = /^(\d{4})(\d{2})(\d{2})T?(\d{2})(\d{2})(\d{2})Z?$/.exec(value.trim());
  if (!m) return null;
  const t = Date.UTC(+m[1], +m[2] - 1, +m[3], +m[4], +m[5], +m[6]);
  return Number.isNaN(t) ? null : new Date(t);
}

/** The request URL of a search. */
export function gdeltSearchUrl(apiUrl: string, search: GdeltSearch): string {
  const u = new URL(apiUrl);
  u.searchParams.set('query', search.query);
  u.searchParams.set('mode', 'ArtList');
  u.searchParams.set('format', 'json');
  u.searchParams.set('maxrecords', String(Math.max(1, Math.min(GDELT_MAX_RECORDS, search.maxRecords ?? GDELT_MAX_RECORDS))));
  u.searchParams.set('sort', 'DateDesc');
  if (search.start) {
    u.searchParams.set('startdatetime', gdeltDateTime(search.start));
    if (search.end) u.searchParams.set('enddatetime', gdeltDateTime(search.end));
  } else {
    u.searchParams.set('timespan', search.timespan ?? '24h');
  }
  return u.href;
}

/** GDELT's over-the-rate text (sometimes with HTTP 200): "Please limit requests to one every 5 seconds…". */
const RATE_TEXT = /limit (your )?requests|rate limit|too many requests/i;

/** Drops markup (GDELT's error pages are sometimes HTML) without a regular expression that could backtrack. */
function stripTags(text: string): string {
  let out = '';
  let inTag = false;
  for (const ch of text) {
    if (ch === '<') inTag = true;
    else if (ch === '>' && inTag) {
      inTag = false;
      out += ' ';
    } else if (!inTag) out += ch;
  }
  return out;
}

const oneLine = (text: string) => stripTags(text).replace(/\s+/g, ' ').trim().slice(0, MESSAGE_CHARS);

/** Reads an ArtList answer's body: articles, `[]` for GDELT's `{}`, or the GdeltError it stands for. */
export function parseArtList(body: string): GdeltArticle[] {
  const text = body.replace(/^\uFEFF/, '').trim();
  if (!text.startsWith('{') && !text.startsWith('[')) {
    if (!text) throw new GdeltError('malformed', 'GDELT answered with an empty body.');
    if (RATE_TEXT.test(text)) throw new GdeltError('rate_limited', `GDELT asks to slow down: ${oneLine(text)}`);
    throw new GdeltError('invalid_query', `GDELT refused the query: ${oneLine(text)}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new GdeltError('malformed', 'GDELT answered with JSON that could not be read.');
  }
  if (!json || typeof json !== 'object' || Array.isArray(json)) throw new GdeltError('malformed', 'GDELT answered with something other than an article list.');
  const list = (json as { articles?: unknown }).articles;
  if (list === undefined) return [];
  if (!Array.isArray(list)) throw new GdeltError('malformed', 'GDELT answered with an article list that is not a list.');
  const out: GdeltArticle[] = [];
  for (const raw of list) {
    if (!raw || typeof raw !== 'object') continue;
    const a = raw as Record<string, unknown>;
    const seenAt = parseSeenDate(a.seendate);
    if (typeof a.url !== 'string' || !a.url || !seenAt) continue;
    const str = (v: unknown) => (typeof v === 'string' ? v : '');
    out.push({
      url: a.url,
      urlMobile: str(a.url_mobile) || null,
      // Titles carry stray spaces before punctuation ("Acme launches , again").
      title: str(a.title)
        .replace(/\s{1,8}([,.;:!?])/g, '$1')
        .trim(),
      seenAt,
      socialImage: str(a.socialimage) || null,
      domain: str(a.domain).toLowerCase(),
      language: str(a.language),
      sourceCountry: str(a.sourcecountry),
    });
  }
  return out;
}

/** Sends one ArtList search; throws GdeltError. */
export async function searchArticles(settings: GdeltSettings, search: GdeltSearch): Promise<GdeltArticle[]> {
  let body: string;
  try {
    const res = await fetchUrl(gdeltSearchUrl(settings.apiUrl, search), {
      accept: 'application/json, text/plain;q=0.5',
      allowPrivate: settings.allowPrivate,
      userAgent: settings.userAgent,
      timeoutMs: settings.timeoutMs ?? 30_000,
      maxBytes: MAX_BYTES,
      hostConcurrency: 1,
    });
    body = res.body.toString('utf8');
  } catch (err) {
    if (err instanceof FetchError && err.code === 'http_status' && err.status === 429)
      throw new GdeltError('rate_limited', 'GDELT answered 429: too many requests.', err.retryAfterSeconds);
    if (err instanceof FetchError && err.code === 'http_status' && err.bodySnippet && RATE_TEXT.test(err.bodySnippet))
      throw new GdeltError('rate_limited', `GDELT asks to slow down: ${oneLine(err.bodySnippet)}`, err.retryAfterSeconds);
    if (err instanceof FetchError && err.code === 'too_large') throw new GdeltError('malformed', 'GDELT answered with more than 4 MB.');
    if (err instanceof FetchError && err.code === 'empty_body') throw new GdeltError('malformed', 'GDELT answered with an empty body.');
    if (err instanceof FetchError) throw new GdeltError('unreachable', `GDELT could not be reached: ${err.message}`);
    throw err;
  }
  return parseArtList(body);
}
