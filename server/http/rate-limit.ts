/**
 * A fixed-window counter per key (an address, a caller's IP) kept in memory: the sign-up's alert
 * preview (which must not become a free archive search; the captcha bounds it for real) and the
 * reset and confirmation e-mails (cheap to ask for, expensive to receive). In a multi-process
 * install each API process counts on its own, which multiplies the allowance by their number.
 */
export class WindowLimiter {
  private readonly hits = new Map<string, { n: number; until: number }>();

  constructor(private readonly opts: { max: number; windowMs: number; maxKeys?: number; now?: () => number }) {}

  /** Counts one hit for `key`; false when the key is over its allowance in the current window. */
  take(key: string): boolean {
    const now = (this.opts.now ?? Date.now)();
    let entry = this.hits.get(key);
    if (!entry || entry.until <= now) {
      if (entry) this.hits.delete(key);
      this.evict(now);
      entry = { n: 0, until: now + this.opts.windowMs };
      this.hits.set(key, entry);
    }
    entry.n++;
    return entry.n <= this.opts.max;
  }

  private evict(now: number) {
    const maxKeys = this.opts.maxKeys ?? 50_000;
    // Insertion order is window order: stop at the first live entry once there is room.
    for (const [key, e] of this.hits) {
      if (e.until > now && this.hits.size < maxKeys) break;
      this.hits.delete(key);
    }
  }
}
