import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { metrics } from '../metrics/service.js';
import type { IngestGate } from './poll.js';

/** What the controller reads from the database each tick. */
export interface LoadSample {
  /** Round trip of the probe query, ms: the database's load as a person's request would feel it. */
  probeMs: number;
  /** People's queries (the API's connections) running longer than the target right now: requests waiting on the database. */
  apiSlow: number;
}

export interface ThrottleOptions {
  /** The ceiling (CRAWLER_INGEST_CONCURRENCY); the limit starts there. */
  max: number;
  /** CRAWLER_TARGET_QUERY_MS: the latency above which the crawler backs off. */
  targetMs: number;
}

/**
 * The next limit from the current one and a sample (AIMD, as TCP's congestion window): halve
 * when the probe is slower than the target or a person's query has been running longer than
 * it, add one when neither. The crawler thus takes what the database has to spare and gives
 * it back within a tick of people needing it; with the worker's backends reniced (db/priority.ts)
 * people's queries win the CPU meanwhile.
 */
export function nextLimit(current: number, sample: LoadSample, opts: ThrottleOptions): number {
  const pressed = sample.probeMs > opts.targetMs || sample.apiSlow > 0;
  return Math.max(1, Math.min(opts.max, pressed ? Math.floor(current / 2) : current + 1));
}

const TICK_MS = 250;

/**
 * The crawler's ingest slots. Fetching and parsing need no database and run at
 * CRAWLER_CONCURRENCY; each feed's ingest transaction (insert, index, match: the database's CPU)
 * first takes a slot here, and the number of slots follows the database's load (nextLimit). A
 * slot freed while over the limit is not handed on, so a lower limit takes effect as soon as
 * the ingests running finish. Waiting is in memory: a waiting poll holds its pg-boss job,
 * heartbeats continue, and a killed worker's waiting polls are failed and re-enqueued like any.
 */
export class IngestThrottle implements IngestGate {
  private limit: number;
  private active = 0;
  private readonly waiting: (() => void)[] = [];
  private timer: NodeJS.Timeout | null = null;
  private sampling = false;

  constructor(private readonly opts: ThrottleOptions) {
    this.limit = opts.max;
    metrics.ingestLimit.set(this.limit);
  }

  get current(): { limit: number; active: number; waiting: number } {
    return { limit: this.limit, active: this.active, waiting: this.waiting.length };
  }

  async run<T>(fn: () => Promise<T>): Promise<T> {
    const stopWaitTimer = metrics.ingestWait.startTimer();
    if (this.active >= this.limit) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.active++;
    stopWaitTimer();
    try {
      return await fn();
    } finally {
      this.release();
    }
  }

  /** Applies a sample (the controller's tick; tests call it directly). */
  observe(sample: LoadSample): void {
    this.limit = nextLimit(this.limit, sample, this.opts);
    metrics.ingestLimit.set(this.limit);
    metrics.probeLatency.set(sample.probeMs / 1000);
    this.admit();
  }

  /** Samples the database every TICK_MS with `sampleLoad` until `stop()`. */
  start(sample: () => Promise<LoadSample>): void {
    this.timer = setInterval(() => {
      if (this.sampling) return;
      this.sampling = true;
      sample()
        // A failed sample (database restarting) counts as slow: back off until it answers.
        .then(
          (s) => this.observe(s),
          () => this.observe({ probeMs: Infinity, apiSlow: 0 }),
        )
        .finally(() => (this.sampling = false));
    }, TICK_MS);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  private release() {
    const next = this.active <= this.limit ? this.waiting.shift() : undefined;
    if (next) next();
    else this.active--;
  }

  private admit() {
    while (this.active < this.limit && this.waiting.length > 0) {
      this.active++;
      this.waiting.shift()!();
    }
  }
}

/**
 * One probe: people's queries (the API pools name themselves `coverwatch-api`) that have been
 * running longer than the target, timed as a round trip. pg_stat_activity is shared memory: the
 * query costs well under a millisecond on an idle database, so its latency is the load itself.
 */
export async function sampleLoad(db: Db, targetMs: number): Promise<LoadSample> {
  const started = performance.now();
  const { rows } = await db.execute<{ slow: number }>(sql`
    select count(*)::int as slow from pg_stat_activity
    where application_name = 'coverwatch-api' and state = 'active'
      and query_start < clock_timestamp() - make_interval(secs => ${targetMs / 1000})`);
  return { probeMs: performance.now() - started, apiSlow: Number(rows[0]?.slow ?? 0) };
}
