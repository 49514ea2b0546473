import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local SimilarWeb REST API speaking the documented paths and shapes
 * (shared/reference/third-party-apis.md §12), for tests and the demo:
 *
 * - `GET /v1/website/{d}/total-traffic-and-engagement/visits?start_date=YYYY-MM&end_date=YYYY-MM&granularity=daily|monthly`
 *   → `{meta, visits: [{date, visits}]}`, one entry per day (or month) of the range;
 * - `GET /v1/website/{d}/geo/traffic-by-country` (also `/v4/…`) → `{meta, records: [{country (ISO numeric),
 *   country_name, share, visits?, …}]}`;
 * - `GET /v1/website/{d}/category-rank/category-rank` → `{meta, category: "Top/Sub", rank}`.
 *
 * `api_key` is checked (wrong → 403 "invalid API key"). The domain must be bare and lower-case
 * (`www.`, capitals or a path → 401 "Data not found", as SimilarWeb answers), and a site without
 * fixtures is unknown (401). Errors carry `{meta: {status: "Error", error_code, error_message}}`.
 * A budget of hits (`hitsLeft`) is charged for every successful non-zero answer, as SimilarWeb
 * charges; once spent, 403 "out of hits". Faults: `fault` (every request) or `failNext(…)`.
 */

export interface FakeSimilarwebSite {
  /** Visits per day: a constant, or a function of the day ('YYYY-MM-DD') and its position in the answer. */
  daily?: number | ((date: string, i: number) => number);
  /** Traffic by country, ISO 3166-1 numeric codes; a record without `visits` carries only its share. Absent: 401. */
  countries?: { country: number; share: number; visits?: number; name?: string }[];
  /** "Top/Sub" with underscores; absent: 401. */
  category?: string;
  categoryRank?: number;
}

export type FakeSimilarwebFault = 'invalid_key' | 'out_of_hits' | 'not_found' | 'rate_limit' | 'server_error' | 'bad_json';
export type FakeSimilarwebEndpoint = 'visits' | 'geo' | 'category';

export interface FakeSimilarwebRequest {
  endpoint: FakeSimilarwebEndpoint | null;
  domain: string | null;
  query: Record<string, string>;
  status: number;
}

export interface FakeSimilarweb {
  url: string;
  apiKey: string;
  /** SIMILARWEB_* variables pointing the app at this fake. */
  env: Record<string, string>;
  requests: FakeSimilarwebRequest[];
  /** Requests received (to one endpoint, or all). */
  calls(endpoint?: FakeSimilarwebEndpoint): number;
  /** Hits charged so far (successful, non-zero answers). */
  charged: number;
  /** Hits the key has left (null: unlimited); at 0 every request answers 403 out of hits. */
  hitsLeft: number | null;
  /** Every request answers this fault until cleared. */
  fault: FakeSimilarwebFault | null;
  /** The next `times` requests (to `endpoint`, or any) answer this fault. */
  failNext(fault: FakeSimilarwebFault, opts?: { endpoint?: FakeSimilarwebEndpoint; times?: number; retryAfter?: number }): void;
  setSite(domain: string, site: FakeSimilarwebSite): void;
  reset(): void;
  close(): Promise<void>;
}

const COUNTRY_NAMES: Record<number, string> = { 840: 'United States', 826: 'United Kingdom', 276: 'Germany', 250: 'France', 724: 'Spain', 392: 'Japan' };
const ENDPOINTS: [RegExp, FakeSimilarwebEndpoint][] = [
  [/^\/v1\/website\/([^/]+)\/total-traffic-and-engagement\/visits$/, 'visits'],
  [/^\/v[14]\/website\/([^/]+)\/geo\/traffic-by-country$/, 'geo'],
  [/^\/v1\/website\/([^/]+)\/category-rank\/category-rank$/, 'category'],
];

const errorBody = (code: number, message: string) => ({ meta: { status: 'Error', error_code: code, error_message: message } });

/** Every day (or month) from the first day of `start` ('YYYY-MM') to the last day of `end`. */
function dates(start: string, end: string, granularity: string): string[] {
  const [sy, sm] = start.split('-').map(Number);
  const [ey, em] = end.split('-').map(Number);
  const from = Date.UTC(sy, sm - 1, 1);
  const to = Date.UTC(ey, em, 1);
  const out: string[] = [];
  if (granularity === 'monthly') {
    for (let d = new Date(from); d.getTime() < to; d.setUTCMonth(d.getUTCMonth() + 1)) out.push(d.toISOString().slice(0, 10));
  } else {
    for (let t = from; t < to; t += 86_400_000) out.push(new Date(t).toISOString().slice(0, 10));
  }
  return out;
}

export async function startFakeSimilarweb(
  opts: { apiKey?: string; sites?: Record<string, FakeSimilarwebSite>; hitsLeft?: number | null } = {},
): Promise<FakeSimilarweb> {
  const apiKey = opts.apiKey ?? 'fake-similarweb-key';
  const sites = new Map(Object.entries(opts.sites ?? {}));
  let planned: { fault: FakeSimilarwebFault; endpoint?: FakeSimilarwebEndpoint; left: number; retryAfter?: number }[] = [];

  const faultAnswer = (fault: FakeSimilarwebFault, retryAfter?: number): [number, unknown, Record<string, string>?] => {
    switch (fault) {
      case 'invalid_key':
        return [403, errorBody(403, 'The API key is not valid')];
      case 'out_of_hits':
        return [403, errorBody(403, 'The account has no hits left for this period')];
      case 'not_found':
        return [401, errorBody(401, 'Data not found')];
      case 'rate_limit':
        return [429, errorBody(429, 'Too many requests'), retryAfter === undefined ? undefined : { 'retry-after': String(retryAfter) }];
      case 'server_error':
        return [500, '<html><body>Internal Server Error</body></html>'];
      case 'bad_json':
        return [200, '<html><body>Maintenance</body></html>'];
    }
  };

  const answer = (endpoint: FakeSimilarwebEndpoint, domain: string, q: Record<string, string>): [number, unknown, Record<string, string>?] => {
    const site = /^[a-z0-9.-]+$/.test(domain) && !domain.startsWith('www.') ? sites.get(domain) : undefined;
    if (!site) return [401, errorBody(401, 'Data not found')];
    const meta = { request: { domain, ...q, api_key: undefined }, status: 'Success', last_updated: new Date().toISOString().slice(0, 10) };
    if (endpoint === 'visits') {
      if (site.daily === undefined) return [401, errorBody(401, 'Data not found')];
      const month = /^\d{4}-\d{2}$/;
      if (!month.test(q.start_date ?? '') || !month.test(q.end_date ?? '') || q.start_date > q.end_date) {
        return [400, errorBody(101, 'Dates are not in the available range (2023-01 – last month)')];
      }
      const daily = site.daily;
      const visits = dates(q.start_date, q.end_date, q.granularity ?? 'monthly').map((date, i) => ({
        date,
        visits: typeof daily === 'number' ? daily : daily(date, i),
      }));
      return [200, { meta, visits }];
    }
    if (endpoint === 'geo') {
      if (!site.countries) return [401, errorBody(401, 'Data not found')];
      const records = site.countries.map((c) => ({
        country: c.country,
        country_name: c.name ?? COUNTRY_NAMES[c.country] ?? `Country ${c.country}`,
        share: c.share,
        ...(c.visits === undefined ? {} : { visits: c.visits }),
        pages_per_visit: 3.1,
        average_time: 190.2,
        bounce_rate: 0.52,
        rank: 1234,
      }));
      return [200, { meta, records }];
    }
    if (!site.category) return [401, errorBody(401, 'Data not found')];
    return [200, { meta, category: site.category, rank: site.categoryRank ?? 1 }];
  };

  const isZero = (endpoint: FakeSimilarwebEndpoint, body: unknown) =>
    endpoint === 'visits' && !(body as { visits: { visits: number }[] }).visits.some((v) => v.visits > 0);

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const query = Object.fromEntries(url.searchParams);
    const match = ENDPOINTS.map(([re, name]) => [re.exec(url.pathname), name] as const).find(([m]) => m);
    const endpoint = match?.[1] ?? null;
    const domain = match?.[0] ? decodeURIComponent(match[0][1]) : null;
    const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      fake.requests.push({ endpoint, domain, query: { ...query, api_key: query.api_key ? '(given)' : '' }, status });
      res.writeHead(status, { 'content-type': typeof body === 'string' ? 'text/html' : 'application/json', ...headers });
      res.end(typeof body === 'string' ? body : JSON.stringify(body));
    };
    if (req.method !== 'GET' || !endpoint || !domain) return send(404, errorBody(404, 'Not found'));
    const plan = planned.find((p) => !p.endpoint || p.endpoint === endpoint);
    if (plan) {
      plan.left -= 1;
      planned = planned.filter((p) => p.left > 0);
      const [status, body, headers] = faultAnswer(plan.fault, plan.retryAfter);
      return send(status, body, headers);
    }
    if (fake.fault) {
      const [status, body, headers] = faultAnswer(fake.fault);
      return send(status, body, headers);
    }
    if (query.api_key !== apiKey) return send(...(faultAnswer('invalid_key') as [number, unknown]));
    if (fake.hitsLeft !== null && fake.hitsLeft <= 0) return send(...(faultAnswer('out_of_hits') as [number, unknown]));
    const [status, body, headers] = answer(endpoint, domain, query);
    if (status === 200 && !isZero(endpoint, body)) {
      fake.charged += 1;
      if (fake.hitsLeft !== null) fake.hitsLeft -= 1;
    }
    send(status, body, headers);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  const fake: FakeSimilarweb = {
    url,
    apiKey,
    env: { SIMILARWEB_API_URL: url, SIMILARWEB_API_KEY: apiKey },
    requests: [],
    calls: (endpoint) => fake.requests.filter((r) => !endpoint || r.endpoint === endpoint).length,
    charged: 0,
    hitsLeft: opts.hitsLeft ?? null,
    fault: null,
    failNext(fault, o = {}) {
      planned.push({ fault, endpoint: o.endpoint, left: o.times ?? 1, retryAfter: o.retryAfter });
    },
    setSite: (domain, site) => void sites.set(domain, site),
    reset() {
      fake.requests.length = 0;
      fake.charged = 0;
      fake.fault = null;
      planned = [];
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return fake;
}
