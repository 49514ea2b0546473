import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local GDELT DOC 2.0 API (shared/reference/third-party-apis.md §16), for tests and the bench:
 *
 * - `GET /api/v2/doc/doc?query=…&mode=ArtList&format=json&maxrecords=N&sort=DateDesc` with `timespan`
 *   (`15min`, `24h`, `7d`, `4w`, `3m`) or `startdatetime`/`enddatetime` (`YYYYMMDDHHMMSS`, UTC) → `{"articles": […]}`
 *   from a scripted corpus, newest first, at most `maxrecords` (≤ 250); `{}` when nothing matches.
 * - The query is evaluated minimally, as GDELT reads it: words and "phrases" (case-insensitive, on
 *   the title and the article's text), space = AND, `(a OR "b c")` groups, `-word` / `-"phrase"`
 *   exclusions. A bare word shorter than 3 characters, an unbalanced quote or parenthesis, a nested
 *   group or an OR outside parentheses → HTTP 200 with a plain-text error (GDELT's way).
 * - More than `rateLimit.max` requests within `rateLimit.windowMs` → 429 with GDELT's text.
 * - Faults: `fault` (every request) or `failNext(…)`: `malformed` (cut-off JSON), `rate_text` (200 with the
 *   "limit requests" text), `invalid` (200 with an error text), `server_error` (500).
 * - `GET /redirect/api/v2/doc/doc?…` answers 302 to the same search (a redirecting host).
 * The clock is injectable (`now`), so a test's fake time decides what `timespan` covers.
 */

export interface FakeGdeltArticle {
  url: string;
  title: string;
  /** The article's text (GDELT matches the full text; the ArtList answer does not carry it). */
  text?: string;
  seen: Date;
  domain?: string;
  /** GDELT's English name (`Spanish`). */
  language?: string;
  sourcecountry?: string;
  socialimage?: string;
}

export type FakeGdeltFault = 'malformed' | 'rate_text' | 'invalid' | 'server_error';

export interface FakeGdeltRequest {
  query: string;
  params: Record<string, string>;
  at: number;
  status: number;
  /** Articles answered. */
  results: number;
}

export interface FakeGdelt {
  /** The DOC API endpoint (GDELT_API_URL). */
  url: string;
  /** An endpoint that redirects to `url`. */
  redirectUrl: string;
  corpus: FakeGdeltArticle[];
  requests: FakeGdeltRequest[];
  /** Requests answered with the redirect. */
  redirects: number;
  fault: FakeGdeltFault | null;
  failNext(fault: FakeGdeltFault, times?: number): void;
  rateLimit: { max: number; windowMs: number } | null;
  reset(): void;
  close(): Promise<void>;
}

const RATE_TEXT = 'Please limit requests to one every 5 seconds or contact kalev.leetaru5@gmail.com for larger queries.';

export type GdeltClause = { kind: 'term'; text: string } | { kind: 'not'; text: string } | { kind: 'any'; texts: string[] };
type Clause = GdeltClause;

/** GDELT's query text → clauses, or the error text GDELT answers with. */
export function parseGdeltQuery(query: string): Clause[] | string {
  const clauses: Clause[] = [];
  let i = 0;
  const s = query.trim();
  if (!s) return 'The query was empty.';
  const readTerm = (): string | null => {
    if (s[i] === '"') {
      const end = s.indexOf('"', i + 1);
      if (end < 0) return null;
      const text = s.slice(i + 1, end).trim();
      i = end + 1;
      return text ? text.toLowerCase() : null;
    }
    const m = /^[^\s()"]+/.exec(s.slice(i));
    if (!m) return null;
    i += m[0].length;
    return m[0].toLowerCase();
  };
  const short = (t: string) => !t.includes(' ') && [...t].length < 3;
  while (i < s.length) {
    if (/\s/.test(s[i])) {
      i++;
      continue;
    }
    if (s[i] === '(') {
      const end = s.indexOf(')', i);
      if (end < 0) return 'Parentheses are unbalanced in your query.';
      const inner = s.slice(i + 1, end);
      if (inner.includes('(')) return 'Nested parentheses are not supported.';
      const parts = inner.split(' OR ');
      if (parts.length < 2) return 'Parentheses may only be used around OR statements.';
      const texts: string[] = [];
      for (const part of parts) {
        const t = part.trim().replace(/^"|"$/g, '').toLowerCase();
        if (!t || /["\s]/.test(part.trim().replace(/^"[^"]*"$/, 'x'))) return 'Invalid OR statement.';
        if (short(t)) return 'Your search contained a keyword that was too short.';
        texts.push(t);
      }
      clauses.push({ kind: 'any', texts });
      i = end + 1;
      continue;
    }
    if (s[i] === ')') return 'Parentheses are unbalanced in your query.';
    const negative = s[i] === '-';
    if (negative) i++;
    const t = readTerm();
    if (t === null) return 'The query could not be read.';
    if (t === 'or') return 'OR statements must be enclosed in parentheses.';
    if (short(t)) return 'Your search contained a keyword that was too short.';
    clauses.push({ kind: negative ? 'not' : 'term', text: t });
  }
  if (!clauses.some((c) => c.kind !== 'not')) return 'The query has nothing to search for.';
  return clauses;
}

const words = (text: string) => ` ${text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ')} `;
const contains = (hay: string, needle: string) => hay.includes(words(needle));

export function matchesGdelt(clauses: Clause[], article: FakeGdeltArticle): boolean {
  const hay = words(`${article.title} ${article.text ?? ''}`);
  return clauses.every((c) => (c.kind === 'term' ? contains(hay, c.text) : c.kind === 'not' ? !contains(hay, c.text) : c.texts.some((t) => contains(hay, t))));
}

const UNITS: Record<string, number> = {
  min: 60_000,
  h: 3_600_000,
  hours: 3_600_000,
  d: 86_400_000,
  days: 86_400_000,
  w: 604_800_000,
  weeks: 604_800_000,
  m: 2_592_000_000,
  months: 2_592_000_000,
};

function parseDateTime(v: string): number | null {
  const m = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(v);
  return m ? Date.UTC(+m[1], +m[2] - 1, +m[3], +m[4], +m[5], +m[6]) : null;
}

const seendate = (d: Date) =>
  d
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

export async function startFakeGdelt(opts: { corpus?: FakeGdeltArticle[]; now?: () => number } = {}): Promise<FakeGdelt> {
  const now = opts.now ?? (() => Date.now());
  const queued: FakeGdeltFault[] = [];
  const server = http.createServer((req, res) => {
    const u = new URL(req.url ?? '/', 'http://fake');
    const redirected = u.pathname.startsWith('/redirect/');
    if (redirected) {
      fake.redirects++;
      res.writeHead(302, { location: `${u.pathname.slice('/redirect'.length)}${u.search}` });
      res.end();
      return;
    }
    const params = Object.fromEntries([...u.searchParams].map(([k, v]) => [k.toLowerCase(), v]));
    const at = now();
    const record = (status: number, results = 0) => fake.requests.push({ query: params.query ?? '', params, at, status, results });
    const text = (status: number, body: string) => {
      record(status);
      res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
      res.end(body);
    };
    if (u.pathname !== '/api/v2/doc/doc') return text(404, 'Not found');
    if (fake.rateLimit) {
      const recent = fake.requests.filter((r) => r.at > at - fake.rateLimit!.windowMs && r.status !== 429).length;
      if (recent >= fake.rateLimit.max) return text(429, RATE_TEXT);
    }
    const fault = queued.shift() ?? fake.fault;
    if (fault === 'server_error') return text(500, 'Internal error');
    if (fault === 'rate_text') return text(200, RATE_TEXT);
    if (fault === 'invalid') return text(200, 'Invalid query: the query contained an unsupported operator.');
    if (fault === 'malformed') {
      record(200);
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"articles": [{"url": "https://cut.example/a", "title": "Cut o');
      return;
    }
    if ((params.mode ?? '').toLowerCase() !== 'artlist' || (params.format ?? '').toLowerCase() !== 'json') return text(200, 'Invalid mode or format.');
    const clauses = parseGdeltQuery(params.query ?? '');
    if (typeof clauses === 'string') return text(200, clauses);
    let from = -Infinity;
    let to = Infinity;
    if (params.timespan) {
      const m = /^(\d+)(min|hours|h|days|d|weeks|w|months|m)$/.exec(params.timespan);
      if (!m) return text(200, 'Invalid timespan.');
      from = at - Number(m[1]) * UNITS[m[2]];
    } else if (params.startdatetime) {
      const start = parseDateTime(params.startdatetime);
      const end = params.enddatetime ? parseDateTime(params.enddatetime) : at;
      if (start === null || end === null) return text(200, 'Invalid STARTDATETIME or ENDDATETIME.');
      from = start;
      to = end;
    } else {
      from = at - 3 * UNITS.months;
    }
    const max = Math.min(250, Math.max(1, Number(params.maxrecords ?? 75) || 75));
    const found = fake.corpus
      .filter((a) => a.seen.getTime() >= from && a.seen.getTime() <= Math.min(to, at) && matchesGdelt(clauses, a))
      .sort((a, b) => b.seen.getTime() - a.seen.getTime())
      .slice(0, max);
    record(200, found.length);
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
    if (found.length === 0) return res.end('{}');
    res.end(
      JSON.stringify({
        articles: found.map((a) => ({
          url: a.url,
          url_mobile: '',
          title: a.title,
          seendate: seendate(a.seen),
          socialimage: a.socialimage ?? '',
          domain: a.domain ?? new URL(a.url).hostname.replace(/^www\./, ''),
          language: a.language ?? 'English',
          sourcecountry: a.sourcecountry ?? 'United States',
        })),
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const fake: FakeGdelt = {
    url: `${base}/api/v2/doc/doc`,
    redirectUrl: `${base}/redirect/api/v2/doc/doc`,
    corpus: opts.corpus ?? [],
    requests: [],
    redirects: 0,
    fault: null,
    failNext(fault, times = 1) {
      for (let n = 0; n < times; n++) queued.push(fault);
    },
    rateLimit: null,
    reset() {
      fake.requests = [];
      fake.redirects = 0;
      fake.fault = null;
      fake.rateLimit = null;
      queued.length = 0;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
  return fake;
}
