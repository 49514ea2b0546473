import { FETCH_MESSAGES, FetchError } from '../../net/errors.js';
import type { DiscoverOptions } from './discover.js';

/**
 * The bounds of one discovery run (discover.ts): its deadline, its fetch allowances, how many
 * requests it has in flight, and what a page that cannot be read means for the person asking.
 */

export interface Run {
  opts: DiscoverOptions;
  /** Epoch ms after which nothing new starts and nothing is waited for. */
  deadline: number;
  /** Candidate fetches started, over every step. */
  fetches: number;
  proven: number;
  /** URLs fetched or being fetched: a candidate is never fetched twice. */
  tried: Set<string>;
}

export const DEFAULT_DEADLINE_MS = 25_000;
export const DEFAULT_MAX_RESULTS = 8;
/** Candidate fetches in one run (the page itself not counted). */
export const FETCHES_MAX = 24;
/** Requests in flight per step; fetchUrl's per-host limit applies on top. */
const CONCURRENCY = 4;

/** One step's share of the run's fetches. */
export class Allowance {
  used = 0;

  constructor(
    private readonly run: Run,
    private readonly cap: number,
  ) {}

  /** Takes one fetch; false once the share, the run's cap or its time is spent, or enough results are proven. */
  take(): boolean {
    if (this.spent()) return false;
    this.used++;
    this.run.fetches++;
    return true;
  }

  spent(): boolean {
    const { run } = this;
    return this.used >= this.cap || run.fetches >= FETCHES_MAX || Date.now() >= run.deadline || run.proven >= (run.opts.maxResults ?? DEFAULT_MAX_RESULTS);
  }
}

/**
 * Runs `task` over `items` in order, a few at a time, asking `stop` before each start. The
 * result holds each task's answer at its item's index (a hole for an item never started).
 */
export async function eachLimited<T, R>(items: T[], task: (item: T, index: number) => Promise<R>, stop: () => boolean = () => false): Promise<R[]> {
  const results: R[] = [];
  let next = 0;
  const worker = async () => {
    while (next < items.length && !stop()) {
      const i = next++;
      results[i] = await task(items[i], i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, items.length) }, worker));
  return results;
}

/**
 * `work`, or a timeout FetchError at the run's deadline, whichever comes first. fetchUrl's own
 * deadline starts only once a host slot is free, so waiting behind other requests to the same
 * host would otherwise not count; abandoned work settles on its own and is not waited for.
 */
export function withinDeadline<T>(run: Run, work: Promise<T>): Promise<T> {
  work.catch(() => {});
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_, reject) => {
    const seconds = (run.opts.timeoutMs ?? DEFAULT_DEADLINE_MS) / 1000;
    timer = setTimeout(() => reject(new FetchError('timeout', FETCH_MESSAGES.timeout(seconds))), Math.max(0, run.deadline - Date.now()));
  });
  return Promise.race([work, expired]).finally(() => clearTimeout(timer));
}

/**
 * What the failure to read the page means: a `reason` to stop with, or, when the site may still
 * have feeds at the usual addresses (a page too large to read, a page that does not exist), `why`
 * the page gave none. A private address is thrown: the caller refuses the input itself.
 */
export function pageFailure(err: unknown, host: string): { reason: string } | { why: string } {
  if (!(err instanceof FetchError) || err.code === 'blocked_address') throw err;
  if (err.code === 'too_large') return { why: 'the page is too large to read' };
  if (err.status === 404 || err.status === 410) return { why: 'the page does not exist' };
  if (isCloudflareChallenge(err))
    return { reason: `${host} shows automated readers a Cloudflare challenge instead of its pages, so its feeds cannot be discovered.` };
  if (err.status === 429 && err.retryAfterSeconds)
    return { reason: `${err.message} and asks to wait ${duration(err.retryAfterSeconds)} before the next request.` };
  return { reason: err.message };
}

/** Miniflux's test (reference §15.1): a 403 HTML page with `cf-mitigated: challenge`; `server: cloudflare` alone is not one. */
function isCloudflareChallenge(err: FetchError): boolean {
  const headers = err.headers ?? {};
  return err.status === 403 && headers['cf-mitigated']?.trim().toLowerCase() === 'challenge' && /^text\/html/i.test(headers['content-type'] ?? '');
}

function duration(seconds: number): string {
  if (seconds < 120) return `${seconds} seconds`;
  return `${Math.ceil(seconds / 60)} minutes`;
}
