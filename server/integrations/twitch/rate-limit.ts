/**
 * Helix's rate limit (third-party-apis.md §2.2): a bucket of points per client id, told on every
 * answer by `Ratelimit-Remaining` and `Ratelimit-Reset` (Unix seconds). One gate per client
 * instance, shared by every call it makes, so concurrent polls pace together:
 *
 * - when Twitch says the bucket is nearly empty, the next call waits until its reset;
 * - independently, no more than `pointsPerMinute` calls start in any sliding minute, so a burst
 *   (a first poll of many games) spreads over time instead of emptying the bucket for the
 *   interactive calls (game search, preview) that share it.
 */

export interface RateGateOptions {
  /** Our own ceiling per sliding minute (Twitch's bucket is 800). */
  pointsPerMinute?: number;
  /** Wait for the reset when Twitch reports this many points left or fewer. */
  lowWater?: number;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export class RateGate {
  private remaining: number | null = null;
  private resetAt = 0;
  private readonly starts: number[] = [];
  private readonly pointsPerMinute: number;
  private readonly lowWater: number;
  private readonly now: () => number;
  private readonly sleep: (ms: number) => Promise<void>;
  /** Calls queue behind one another here, so two waiting callers do not both pass at once. */
  private chain: Promise<void> = Promise.resolve();
  /** Total time spent waiting (ms), for logs and the bench. */
  waitedMs = 0;

  constructor(opts: RateGateOptions = {}) {
    this.pointsPerMinute = opts.pointsPerMinute ?? 800;
    this.lowWater = opts.lowWater ?? 10;
    this.now = opts.now ?? Date.now;
    this.sleep = opts.sleep ?? realSleep;
  }

  /** Resolves when one more call may start; records its start. */
  acquire(): Promise<void> {
    const turn = this.chain.then(() => this.waitTurn());
    this.chain = turn.catch(() => undefined);
    return turn;
  }

  private async waitTurn(): Promise<void> {
    for (;;) {
      const now = this.now();
      while (this.starts.length && this.starts[0] <= now - 60_000) this.starts.shift();
      let until = 0;
      if (this.remaining !== null && this.remaining <= this.lowWater && this.resetAt > now) until = this.resetAt;
      if (this.starts.length >= this.pointsPerMinute) until = Math.max(until, this.starts[0] + 60_000);
      if (until <= now) break;
      const ms = until - now;
      this.waitedMs += ms;
      await this.sleep(ms);
      // After the reset, Twitch's next answer tells the new level; until then assume a full bucket.
      if (this.now() >= this.resetAt) this.remaining = null;
    }
    this.starts.push(this.now());
    if (this.remaining !== null) this.remaining--;
  }

  /** Reads the rate-limit headers of an answer. */
  observe(headers: Headers): void {
    const remaining = Number(headers.get('ratelimit-remaining'));
    const reset = Number(headers.get('ratelimit-reset'));
    if (headers.has('ratelimit-remaining') && Number.isFinite(remaining)) this.remaining = remaining;
    if (headers.has('ratelimit-reset') && Number.isFinite(reset) && reset > 0) this.resetAt = reset * 1000;
  }

  /** A 429: nothing more until the reset. */
  exhausted(resetAtMs: number): void {
    this.remaining = 0;
    this.resetAt = Math.max(this.resetAt, resetAtMs);
  }

  /** Calls started in the last minute (for tests and the bench). */
  recentStarts(): number {
    const now = this.now();
    return this.starts.filter((t) => t > now - 60_000).length;
  }
}
