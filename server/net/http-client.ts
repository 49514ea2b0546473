import dns from 'node:dns';
import type { LookupFunction } from 'node:net';
import { Agent, request, type Dispatcher } from 'undici';
import { FetchError, FETCH_MESSAGES, SNIPPET_CHARS } from './errors.js';
import { assertFetchableUrl, isPrivateAddress } from './ssrf.js';
import { acquireHost } from './host-limiter.js';
import { readBody, readSnippet, parseRetryAfter } from './body.js';

export { FetchError } from './errors.js';
export type { FetchErrorCode, NetworkFailure } from './errors.js';

/**
 * The one way the server fetches a URL (feeds, article pages, webhooks): SSRF guard on every
 * hop and at connect time, manual redirects, one deadline for the whole exchange, a cap on the
 * decoded body, conditional GET and a per-host concurrency limit.
 */
export interface FetchOptions {
  etag?: string | null;
  lastModified?: string | null;
  accept?: string;
  /** Whole request including the body (default 20 000). */
  timeoutMs?: number;
  /** Cap on the decoded body (default 15 MiB). */
  maxBytes?: number;
  maxRedirects?: number;
  /** Config `allowPrivateNetwork`: tests and self-hosted intranets only. */
  allowPrivate?: boolean;
  userAgent?: string;
  method?: string;
  body?: string | Buffer;
  headers?: Record<string, string>;
  /** Config `crawler.hostConcurrency` (default 2). */
  hostConcurrency?: number;
}

export interface FetchResult {
  status: number;
  /** The final URL, after redirects. */
  url: string;
  /**
   * Where the address has moved for good: the URL reached through permanent redirects (301, 308)
   * only, when there was at least one; the first temporary redirect ends it. Null otherwise.
   */
  movedTo: string | null;
  headers: Record<string, string>;
  body: Buffer;
  notModified: boolean;
}

export const FETCH_DEFAULTS = {
  timeoutMs: 20_000,
  maxBytes: 15 * 1024 * 1024,
  maxRedirects: 5,
  hostConcurrency: 2,
  userAgent: 'CoverwatchBot/1.12 (+https://coverwatch.app/bot; media monitoring)',
} as const;

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/** Resolves like dns.lookup, then drops private addresses, so a name cannot rebind to one. */
export const guardedLookup: LookupFunction = (hostname, options, callback) => {
  dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err, '', 0);
    const list = addresses as dns.LookupAddress[];
    const allowed = list.filter((a) => !isPrivateAddress(a.address));
    if (allowed.length === 0) return callback(new BlockedAddressError(), '', 0);
    if ((options as dns.LookupOptions).all) return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, allowed);
    callback(null, allowed[0].address, allowed[0].family);
  });
};

class BlockedAddressError extends Error {
  readonly code = 'EBLOCKEDADDRESS';
  constructor() {
    super(FETCH_MESSAGES.blocked);
  }
}

// Keep-alive agents, created on first use and shared by every call.
const agentOptions = { keepAliveTimeout: 10_000, connections: 256, headersTimeout: 0, bodyTimeout: 0 };
let guardedAgent: Agent | null = null;
let openAgent: Agent | null = null;
function agentFor(allowPrivate: boolean): Agent {
  if (allowPrivate) return (openAgent ??= new Agent(agentOptions));
  return (guardedAgent ??= new Agent({ ...agentOptions, connect: { lookup: guardedLookup } }));
}

/** Closes the shared keep-alive connections (graceful shutdown). */
export async function closeHttpAgents(): Promise<void> {
  const agents = [guardedAgent, openAgent].filter((a): a is Agent => a !== null);
  guardedAgent = openAgent = null;
  await Promise.all(agents.map((a) => a.close()));
}

/** Fetches `url`; throws `FetchError` for anything but a 2xx answer or a 304 to a conditional GET. */
export async function fetchUrl(url: string, opts: FetchOptions = {}): Promise<FetchResult> {
  const timeoutMs = opts.timeoutMs ?? FETCH_DEFAULTS.timeoutMs;
  const maxBytes = opts.maxBytes ?? FETCH_DEFAULTS.maxBytes;
  const maxRedirects = opts.maxRedirects ?? FETCH_DEFAULTS.maxRedirects;
  const allowPrivate = opts.allowPrivate ?? false;
  const limit = opts.hostConcurrency ?? FETCH_DEFAULTS.hostConcurrency;
  let current = assertFetchableUrl(url, allowPrivate);
  let method = (opts.method ?? 'GET').toUpperCase();
  let body = opts.body;
  let headers = buildHeaders(opts);
  const seen = new Set<string>();
  // Still following permanent redirects only (301/308): the address has moved for good to `movedTo`.
  let permanent = true;
  let movedTo: string | null = null;
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const startDeadline = () => {
    // The deadline starts once a host slot is held: waiting behind other feeds of the same host is not the site's fault.
    timer ??= setTimeout(() => controller.abort(), timeoutMs);
  };
  try {
    for (let hop = 0; ; hop++) {
      seen.add(current.href);
      const release = await acquireHost(current.host, limit);
      let response: Dispatcher.ResponseData;
      try {
        startDeadline();
        if (controller.signal.aborted) throw new Error('aborted');
        response = await request(current, {
          dispatcher: agentFor(allowPrivate),
          method: method as Dispatcher.HttpMethod,
          headers,
          body,
          signal: controller.signal,
        });
        const status = response.statusCode;
        const responseHeaders = flattenHeaders(response.headers);
        if (REDIRECTS.has(status) && responseHeaders.location) {
          await response.body.dump().catch(() => {});
          const next = resolveRedirect(current, responseHeaders.location, allowPrivate);
          if (seen.has(next.href)) throw new FetchError('too_many_redirects', FETCH_MESSAGES.redirectLoop);
          if (hop + 1 > maxRedirects) throw new FetchError('too_many_redirects', FETCH_MESSAGES.tooManyRedirects(maxRedirects));
          if (status === 303 || ((status === 301 || status === 302) && method === 'POST')) {
            method = 'GET';
            body = undefined;
          }
          if (next.origin !== current.origin) headers = withoutCredentials(headers);
          permanent &&= status === 301 || status === 308;
          if (permanent) movedTo = next.href;
          current = next;
          continue;
        }
        if (status === 304) {
          await response.body.dump().catch(() => {});
          return { status, url: current.href, movedTo, headers: responseHeaders, body: Buffer.alloc(0), notModified: true };
        }
        if (status < 200 || status > 299) {
          // Services say why in the body and headers (Slack's `no_service`, Discord's `retry_after`): keep the start of both.
          const bodySnippet = await readSnippet(response.body, responseHeaders['content-encoding'] ?? '', SNIPPET_CHARS);
          const { 'set-cookie': _cookie, ...headersKept } = responseHeaders;
          throw new FetchError('http_status', FETCH_MESSAGES.status(status, response.statusText ?? ''), {
            status,
            retryAfterSeconds: parseRetryAfter(responseHeaders['retry-after']),
            bodySnippet,
            headers: headersKept,
          });
        }
        const declared = Number(responseHeaders['content-length']);
        if (!responseHeaders['content-encoding'] && declared > maxBytes) {
          // Announced too large: say so without downloading it.
          response.body.destroy();
          throw new FetchError('too_large', FETCH_MESSAGES.tooLarge(Math.round(maxBytes / 1048576)));
        }
        const data = method === 'HEAD' ? Buffer.alloc(0) : await readBody(response.body, responseHeaders['content-encoding'] ?? '', maxBytes);
        if (status === 200 && method === 'GET' && data.length === 0) throw new FetchError('empty_body', FETCH_MESSAGES.empty);
        return { status, url: current.href, movedTo, headers: responseHeaders, body: data, notModified: false };
      } finally {
        release();
      }
    }
  } catch (err) {
    if (err instanceof FetchError) throw err;
    if (controller.signal.aborted) throw new FetchError('timeout', FETCH_MESSAGES.timeout(Math.round(timeoutMs / 100) / 10), { cause: err });
    throw networkError(err, current.hostname);
  } finally {
    clearTimeout(timer);
  }
}

function buildHeaders(opts: FetchOptions): Record<string, string> {
  const h: Record<string, string> = {
    'user-agent': opts.userAgent ?? FETCH_DEFAULTS.userAgent,
    accept: opts.accept ?? '*/*',
    'accept-encoding': 'br, gzip, deflate',
  };
  if (opts.etag) h['if-none-match'] = opts.etag;
  if (opts.lastModified) h['if-modified-since'] = opts.lastModified;
  for (const [k, v] of Object.entries(opts.headers ?? {})) h[k.toLowerCase()] = v;
  return h;
}

function flattenHeaders(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(headers)) if (v !== undefined) out[k.toLowerCase()] = Array.isArray(v) ? v.join(', ') : v;
  return out;
}

function resolveRedirect(from: URL, location: string, allowPrivate: boolean): URL {
  let next: URL;
  try {
    next = new URL(location, from);
  } catch {
    throw new FetchError('invalid_url', FETCH_MESSAGES.badRedirect);
  }
  next.hash = '';
  return assertFetchableUrl(next, allowPrivate);
}

// Credentials meant for one origin must not follow a redirect to another.
function withoutCredentials(headers: Record<string, string>): Record<string, string> {
  const { authorization: _a, cookie: _c, ...rest } = headers;
  return rest;
}

function networkError(err: unknown, host: string): FetchError {
  for (let e: unknown = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (e instanceof BlockedAddressError || code === 'EBLOCKEDADDRESS') return new FetchError('blocked_address', FETCH_MESSAGES.blocked, { cause: err });
    if (code === 'ENOTFOUND' || code === 'EAI_AGAIN' || code === 'ENODATA')
      return new FetchError('network', FETCH_MESSAGES.notFoundHost(host), { cause: err, network: 'dns' });
    if (code === 'ECONNREFUSED') return new FetchError('network', FETCH_MESSAGES.refused(host), { cause: err, network: 'refused' });
    if (code === 'ECONNRESET' || code === 'UND_ERR_SOCKET' || code === 'EPIPE')
      return new FetchError('network', FETCH_MESSAGES.reset(host), { cause: err, network: 'reset' });
    if (typeof code === 'string' && (code.startsWith('ERR_TLS') || code.startsWith('ERR_SSL') || /CERT|SELF_SIGNED/.test(code))) {
      return new FetchError('network', FETCH_MESSAGES.tls(host), { cause: err, network: 'tls' });
    }
  }
  return new FetchError('network', FETCH_MESSAGES.network(host), { cause: err, network: 'other' });
}
