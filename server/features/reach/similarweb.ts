/**
 * SimilarWeb's REST API (third-party-apis.md §12), the three answers a website's reach needs:
 *
 * - visits: `/v1/website/{d}/total-traffic-and-engagement/visits`, daily, over the last two
 *   complete months. The spec defines UMV as "unique monthly visitors summed over the last 30
 *   days", so UMV = the sum of the last 30 daily values returned (SimilarWeb publishes whole
 *   months only, hence two months asked to always hold 30 days). A site SimilarWeb has known for
 *   fewer than 30 days gets its daily average × 30. Every value zero (or none) is `no_data`: a
 *   zero is never stored as a figure.
 * - traffic by country: `/v1/website/{d}/geo/traffic-by-country` for the last complete month;
 *   `records[].country` is ISO 3166-1 numeric (mapped to alpha-2 through common/reference.ts;
 *   countries it does not list are dropped); visits per country are `records[].visits`, else
 *   `share` × UMV.
 * - category: `/v1/website/{d}/category-rank/category-rank` ("News_and_Media/Newspapers", the
 *   previous month's; shown as "News and Media › Newspapers").
 *
 * Each costs one hit (errors and zero answers are not charged). Errors become a state:
 * 401 or "Data not found" → `no_data`. 403 means either a bad key or a key whose hits/credits
 * are used up (§12.3 names both for the one code): the error message tells them apart — one
 * speaking of hits, credits, quota or a limit exceeded is `quota`, anything else (or no message)
 * is `invalid_key`. 429 waits (Retry-After, else 2 s) and tries once more, then `error`; timeouts,
 * 5xx, other codes and answers that are not the expected JSON are `error` (retried later).
 * Requests are paced to at most 5 a second per process (SimilarWeb allows 10).
 */
import { COUNTRIES } from '../../../common/reference.js';
import type { TrafficState } from '../../../common/schemas/reach.js';

export type FailedState = Exclude<TrafficState, 'ok'>;
export type Answer<T> = { ok: true; value: T } | { ok: false; state: FailedState; error: string };
export interface GeoEntry {
  /** ISO 3166-1 alpha-2, upper-case. */
  country_code_iso: string;
  visits: number;
}

export interface SimilarwebOptions {
  apiKey: string;
  apiUrl: string;
  timeoutMs?: number;
  /** The wait before the one retry of a 429 without Retry-After. */
  retryDelayMs?: number;
}

const TIMEOUT_MS = 20_000;
const RETRY_DELAY_MS = 2_000;
const MAX_RETRY_AFTER_MS = 30_000;
const MAX_BODY_CHARS = 2 * 1024 * 1024;
/** 5 requests a second per process, half of SimilarWeb's stated limit (§12.3). */
const MIN_INTERVAL_MS = 200;
const UMV_DAYS = 30;
/** A 403 whose message says this is about the key's allowance, not the key itself. */
const OUT_OF_HITS = /\bhits?\b|credit|quota|exceed|used up|run out|remaining/i;
const DATA_NOT_FOUND = /data not found/i;

const alpha2ByNumeric = new Map(COUNTRIES.map((c) => [Number(c.numeric), c.code]));

/** ISO 3166-1 numeric (840 or "840") → alpha-2 ("US"), or null when our reference lacks it. */
export function alpha2FromNumeric(numeric: unknown): string | null {
  const n = typeof numeric === 'number' ? numeric : typeof numeric === 'string' && /^\d{1,3}$/.test(numeric.trim()) ? Number(numeric) : NaN;
  return Number.isInteger(n) ? (alpha2ByNumeric.get(n) ?? null) : null;
}

/** "News_and_Media/Newspapers" → "News and Media › Newspapers". */
export function categoryLabel(category: string): string {
  return category
    .split('/')
    .map((part) => part.replace(/_+/g, ' ').replace(/\s+/g, ' ').trim())
    .filter(Boolean)
    .join(' › ');
}

/** The domain as SimilarWeb wants it: bare host, lower-case, no `www.`, no scheme or path. */
export function similarwebDomain(domain: string): string {
  const bare = domain
    .trim()
    .toLowerCase()
    .replace(/^[a-z][a-z0-9+.-]*:\/\//, '');
  const end = bare.search(/[/?#]/);
  return (end < 0 ? bare : bare.slice(0, end))
    .replace(/:\d+$/, '')
    .replace(/\.$/, '')
    .replace(/^www\./, '');
}

/** 'YYYY-MM' of a date's month plus `delta` months (UTC). */
export function monthOf(d: Date, delta = 0): string {
  const m = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + delta, 1));
  return m.toISOString().slice(0, 7);
}

// One pacing slot per process, shared by every client (the hourly refresh and single-website jobs).
let nextSlot = 0;
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
async function pace(): Promise<void> {
  const now = Date.now();
  const at = Math.max(now, nextSlot);
  nextSlot = at + MIN_INTERVAL_MS;
  if (at > now) await sleep(at - now);
}

const fail = (state: FailedState, error: string): Answer<never> => ({ ok: false, state, error });
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function retryAfterMs(header: string | null): number | null {
  if (!header) return null;
  const s = Number(header);
  if (Number.isFinite(s) && s >= 0) return Math.min(s * 1000, MAX_RETRY_AFTER_MS);
  const at = Date.parse(header);
  return Number.isFinite(at) ? Math.min(Math.max(0, at - Date.now()), MAX_RETRY_AFTER_MS) : null;
}

export class SimilarwebClient {
  /** Requests sent (a retried 429 counts twice): at most what the key was charged. */
  requests = 0;
  private readonly base: string;
  private readonly timeoutMs: number;
  private readonly retryDelayMs: number;

  constructor(private readonly opts: SimilarwebOptions) {
    let base = opts.apiUrl;
    while (base.endsWith('/')) base = base.slice(0, -1);
    this.base = base;
    this.timeoutMs = opts.timeoutMs ?? TIMEOUT_MS;
    this.retryDelayMs = opts.retryDelayMs ?? RETRY_DELAY_MS;
  }

  /** Visits over the last 30 days (UMV) from the daily series of the last two complete months. */
  async visits(domain: string, now = new Date()): Promise<Answer<number>> {
    const [start, end] = [monthOf(now, -2), monthOf(now, -1)];
    const answer = await this.get(domain, 'total-traffic-and-engagement/visits', 'visits', {
      start_date: start,
      end_date: end,
      granularity: 'daily',
      main_domain_only: 'false',
      format: 'json',
    });
    if (!answer.ok) return answer;
    if (!Array.isArray(answer.value.visits)) return fail('error', 'SimilarWeb visits: the answer holds no visits.');
    const days = answer.value.visits
      .filter(
        (v): v is { date: string; visits: number } =>
          isRecord(v) && typeof v.date === 'string' && typeof v.visits === 'number' && Number.isFinite(v.visits) && v.visits >= 0,
      )
      .sort((a, b) => a.date.localeCompare(b.date))
      .slice(-UMV_DAYS);
    const sum = days.reduce((s, d) => s + d.visits, 0);
    const umv = days.length ? Math.round((sum / days.length) * UMV_DAYS) : 0;
    if (umv <= 0) return fail('no_data', `SimilarWeb has no visits for this site in ${start} – ${end}.`);
    return { ok: true, value: umv };
  }

  /** Visits by country in the last complete month; `total` (UMV) prices a record that only has a share. */
  async geography(domain: string, total: number, now = new Date()): Promise<Answer<GeoEntry[]>> {
    const month = monthOf(now, -1);
    const answer = await this.get(domain, 'geo/traffic-by-country', 'traffic by country', {
      start_date: month,
      end_date: month,
      main_domain_only: 'false',
      format: 'json',
    });
    if (!answer.ok) return answer;
    if (!Array.isArray(answer.value.records)) return fail('error', 'SimilarWeb traffic by country: the answer holds no records.');
    const byCountry = new Map<string, number>();
    for (const r of answer.value.records) {
      if (!isRecord(r)) continue;
      const code = alpha2FromNumeric(r.country);
      if (!code) continue;
      const visits =
        typeof r.visits === 'number' && Number.isFinite(r.visits) && r.visits > 0
          ? r.visits
          : typeof r.share === 'number' && Number.isFinite(r.share) && r.share > 0 && r.share <= 1
            ? r.share * total
            : 0;
      const rounded = Math.round(visits);
      if (rounded > 0) byCountry.set(code, (byCountry.get(code) ?? 0) + rounded);
    }
    return { ok: true, value: [...byCountry].map(([country_code_iso, visits]) => ({ country_code_iso, visits })).sort((a, b) => b.visits - a.visits) };
  }

  /** The site's category ("News_and_Media/Newspapers") and its rank in it, or null when it has none. */
  async category(domain: string): Promise<Answer<{ category: string; rank: number | null } | null>> {
    const answer = await this.get(domain, 'category-rank/category-rank', 'category', { format: 'json' });
    if (!answer.ok) return answer;
    const { category, rank } = answer.value;
    if (typeof category !== 'string' || !categoryLabel(category)) return { ok: true, value: null };
    return { ok: true, value: { category: category.trim(), rank: typeof rank === 'number' && Number.isInteger(rank) && rank > 0 ? rank : null } };
  }

  private async get(domain: string, path: string, what: string, params: Record<string, string>): Promise<Answer<Record<string, unknown>>> {
    const url = new URL(`${this.base}/v1/website/${encodeURIComponent(similarwebDomain(domain))}/${path}`);
    for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
    url.searchParams.set('api_key', this.opts.apiKey);
    for (let attempt = 0; ; attempt++) {
      await pace();
      this.requests++;
      let res: Response;
      try {
        res = await fetch(url, { headers: { accept: 'application/json' }, redirect: 'error', signal: AbortSignal.timeout(this.timeoutMs) });
      } catch (err) {
        // The URL carries the key: never in a message.
        const reason = (err as Error).name === 'TimeoutError' ? 'timed out' : 'could not be reached';
        return fail('error', `SimilarWeb ${what} ${reason}.`);
      }
      if (res.status === 429) {
        await res.body?.cancel();
        if (attempt === 0) {
          await sleep(retryAfterMs(res.headers.get('retry-after')) ?? this.retryDelayMs);
          continue;
        }
        return fail('error', `SimilarWeb ${what}: too many requests (HTTP 429), twice; tried again later.`);
      }
      return this.classify(res, what);
    }
  }

  private async classify(res: Response, what: string): Promise<Answer<Record<string, unknown>>> {
    let text: string;
    try {
      text = await res.text();
    } catch {
      return fail('error', `SimilarWeb ${what}: the answer broke off (HTTP ${res.status}).`);
    }
    let body: unknown = null;
    try {
      body = text.length > MAX_BODY_CHARS ? null : JSON.parse(text);
    } catch {}
    const meta = isRecord(body) && isRecord(body.meta) ? body.meta : null;
    const message = this.clean(meta?.error_message ?? meta?.message ?? (isRecord(body) ? (body.message ?? body.error) : null));
    const said = message ? `: ${message}` : '';
    if (DATA_NOT_FOUND.test(message) || res.status === 401) return fail('no_data', `SimilarWeb knows no data for this site (HTTP ${res.status}${said}).`);
    if (res.status === 403) {
      return OUT_OF_HITS.test(message)
        ? fail('quota', `The SimilarWeb key's hits are used up (HTTP 403${said}).`)
        : fail('invalid_key', `SimilarWeb refused the API key (HTTP 403${said}).`);
    }
    if (!res.ok) return fail('error', `SimilarWeb ${what} failed (HTTP ${res.status}${said}).`);
    if (!isRecord(body)) return fail('error', `SimilarWeb ${what}: the answer is not the expected JSON.`);
    if (meta && typeof meta.status === 'string' && meta.status !== 'Success')
      return fail('error', `SimilarWeb ${what}: status ${this.clean(meta.status)}${said}.`);
    return { ok: true, value: body };
  }

  /** A short plain sentence from the provider, without the key should it echo it. */
  private clean(v: unknown): string {
    if (typeof v !== 'string') return '';
    const s = v
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u001f\u007f]+/g, ' ')
      .replace(/<[^<>]{0,300}>/g, '')
      .trim();
    return s.split(this.opts.apiKey).join('…').slice(0, 200);
  }
}

/** What a lookup holds: any part may be missing (a lookup that failed midway keeps what it got). */
export interface TrafficData {
  visits: number | null;
  geography: GeoEntry[] | null;
  /** SimilarWeb's category ("Top/Sub" with underscores) and rank in it; null: none (or not asked yet). */
  category: string | null;
  categoryRank: number | null;
}

export interface TrafficLookup extends TrafficData {
  state: TrafficState;
  error: string | null;
}

/**
 * Looks a domain up: visits, then (only when SimilarWeb has visits) traffic by country and
 * category. Parts in `have` (what an earlier lookup of the month got before it failed) are not
 * asked again, so a retry spends only the missing hits. No data for the map or the category
 * leaves them empty; any other failure stops the lookup with its state, keeping the parts got.
 */
export async function lookupTraffic(client: SimilarwebClient, domain: string, now = new Date(), have?: Partial<TrafficData>): Promise<TrafficLookup> {
  const got: TrafficData = { visits: null, geography: null, category: null, categoryRank: null };
  const stop = (a: { state: FailedState; error: string }): TrafficLookup => ({ ...got, state: a.state, error: a.error });

  if (have?.visits) got.visits = have.visits;
  else {
    const visits = await client.visits(domain, now);
    if (!visits.ok) return stop(visits);
    got.visits = visits.value;
  }
  if (have?.geography) got.geography = have.geography;
  else {
    const geo = await client.geography(domain, got.visits, now);
    if (!geo.ok && geo.state !== 'no_data') return stop(geo);
    got.geography = geo.ok ? geo.value : [];
  }
  if (have?.category) [got.category, got.categoryRank] = [have.category, have.categoryRank ?? null];
  else {
    const category = await client.category(domain);
    if (!category.ok && category.state !== 'no_data') return stop(category);
    if (category.ok && category.value) [got.category, got.categoryRank] = [category.value.category, category.value.rank];
  }
  return { ...got, state: 'ok', error: null };
}
