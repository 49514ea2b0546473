/**
 * The process-wide pace of requests to one outside service: one at a time, each at least
 * `intervalMs` after the previous one started (GDELT asks for about one request every 5 seconds,
 * Steam's store for a few hundred every 5 minutes). The clock and the wait are injectable so tests
 * run on fake time.
 */
export interface Clock {
  now(): number;
  sleep(ms: number): Promise<void>;
}

export const realClock: Clock = {
  now: () => Date.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

export class Pacer {
  private last = -Infinity;
  private chain: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly intervalMs: number,
    private readonly clock: Clock = realClock,
  ) {}

  /** Runs `task` when its turn comes (after the previous task ended and the interval passed since it started). */
  run<T>(task: () => Promise<T>): Promise<T> {
    const next = this.chain.then(async () => {
      const wait = this.last + this.intervalMs - this.clock.now();
      if (wait > 0) await this.clock.sleep(wait);
      this.last = this.clock.now();
      return task();
    });
    this.chain = next.catch(() => {});
    return next;
  }

  /** When the next request may start (ms since the epoch of the clock). */
  nextSlot(): number {
    return Math.max(this.clock.now(), this.last + this.intervalMs);
  }
}

/** One pacer per process, service and interval (the worker's jobs and the API's "search now" share it). */
const pacers = new Map<string, Pacer>();
export function processPacer(service: string, intervalMs: number): Pacer {
  const key = `${service}:${intervalMs}`;
  let p = pacers.get(key);
  if (!p) pacers.set(key, (p = new Pacer(intervalMs)));
  return p;
}
