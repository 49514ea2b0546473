/**
 * The process-wide pace of requests to GDELT: one at a time, each at least `intervalMs` after
 * the previous one started (GDELT's guidance: about one request every 5 seconds). The clock and
 * the wait are injectable so tests run on fake time.
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

/** One pacer per process and interval (the worker's jobs and the API's "search now" share it). */
const pacers = new Map<number, Pacer>();
export function processPacer(intervalMs: number): Pacer {
  let p = pacers.get(intervalMs);
  if (!p) pacers.set(intervalMs, (p = new Pacer(intervalMs)));
  return p;
}
