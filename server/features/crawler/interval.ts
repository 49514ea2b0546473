/**
 * How often a feed is polled. Feeds publish at very different rates (a news wire every few
 * minutes, a blog once a month), so each feed's interval adapts: the publish gaps of its recent
 * items give an estimate (half the median gap, so a new item waits on average a quarter of a
 * gap), new items halve the interval, an unchanged feed grows it by half; the feed's `ttl` is a
 * floor when sane; config bounds everything. Failing feeds back off exponentially, capped —
 * never disabled.
 */

export interface IntervalBounds {
  minSeconds: number;
  maxSeconds: number;
}

export interface IntervalInput extends IntervalBounds {
  /** The feed's current interval. */
  previousSeconds: number;
  /** New articles this poll added to the archive (0 for a 304). */
  added: number;
  /** Publication dates of the items in the feed (missing ones left out). */
  published?: Date[];
  /** The feed's `<ttl>` in minutes, if any. */
  ttlMinutes?: number | null;
  /** A verified WebSub subscription pushes new items: polling is only a safety net. */
  pushActive?: boolean;
}

/** Recent items considered for the publish rate. */
const RECENT_ITEMS = 20;
/** The adaptive interval stays within a factor of 4 of what the publish rate suggests. */
const ESTIMATE_SPREAD = 4;
/** A ttl above a day is a feed bug or a joke; it is ignored. */
const MAX_SANE_TTL_MINUTES = 24 * 60;

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

/** Half the median gap between the most recent publication dates; null with fewer than 3 dates. */
export function publishRateEstimate(published: Date[]): number | null {
  const times = published
    .map((d) => d.getTime())
    .filter((t) => Number.isFinite(t))
    .sort((a, b) => b - a)
    .slice(0, RECENT_ITEMS);
  if (times.length < 3) return null;
  const gaps: number[] = [];
  for (let i = 1; i < times.length; i++) gaps.push((times[i - 1] - times[i]) / 1000);
  gaps.sort((a, b) => a - b);
  const mid = gaps.length >> 1;
  const median = gaps.length % 2 ? gaps[mid] : (gaps[mid - 1] + gaps[mid]) / 2;
  return median > 0 ? median / 2 : null;
}

/** The next polling interval in seconds (an integer within the configured bounds). */
export function nextIntervalSeconds(input: IntervalInput): number {
  const { minSeconds, maxSeconds } = input;
  if (input.pushActive) return maxSeconds;
  const previous = clamp(input.previousSeconds || minSeconds, minSeconds, maxSeconds);
  let next = input.added > 0 ? previous / 2 : previous * 1.5;
  const estimate = input.published ? publishRateEstimate(input.published) : null;
  if (estimate !== null) next = clamp(next, estimate / ESTIMATE_SPREAD, estimate * ESTIMATE_SPREAD);
  const ttl = input.ttlMinutes;
  if (ttl && ttl > 0 && ttl <= MAX_SANE_TTL_MINUTES) next = Math.max(next, ttl * 60);
  return Math.round(clamp(next, minSeconds, maxSeconds));
}

/** Delay before retrying a feed after its `errors`-th failure in a row: min × 2^(errors-1), capped. */
export function backoffSeconds(errors: number, bounds: IntervalBounds, retryAfterSeconds?: number | null): number {
  const exp = Math.min(30, Math.max(0, errors - 1));
  const delay = Math.min(bounds.maxSeconds, bounds.minSeconds * 2 ** exp);
  // A server that says when to come back is believed, within a day.
  if (retryAfterSeconds && retryAfterSeconds > delay) return Math.min(retryAfterSeconds, 86_400);
  return delay;
}
