import { describe, expect, it } from 'vitest';
import { createTestContext } from '../../../test/helpers/app.js';
import { createDatabase } from '../../db/client.js';
import { IngestThrottle, nextLimit, sampleLoad } from './throttle.js';

const opts = { max: 4, targetMs: 15 };

describe("nextLimit (AIMD on the database's latency)", () => {
  it("climbs by one while the database is quick and no person's query is waiting", () => {
    expect(nextLimit(1, { probeMs: 2, apiSlow: 0 }, opts)).toBe(2);
    expect(nextLimit(4, { probeMs: 2, apiSlow: 0 }, opts)).toBe(4);
  });

  it('halves when the probe is slower than the target, never below one', () => {
    expect(nextLimit(4, { probeMs: 40, apiSlow: 0 }, opts)).toBe(2);
    expect(nextLimit(1, { probeMs: 40, apiSlow: 0 }, opts)).toBe(1);
    expect(nextLimit(3, { probeMs: Infinity, apiSlow: 0 }, opts)).toBe(1);
  });

  it("halves while a person's query runs longer than the target, even when the probe is quick", () => {
    expect(nextLimit(4, { probeMs: 2, apiSlow: 1 }, opts)).toBe(2);
  });
});

/** An ingest the test finishes by hand, recording how many ran at once. */
function controlled(log: { running: number; peak: number }) {
  let finish!: () => void;
  const done = new Promise<void>((r) => (finish = r));
  const fn = async () => {
    log.running++;
    log.peak = Math.max(log.peak, log.running);
    await done;
    log.running--;
  };
  return { fn, finish };
}

const settle = () => new Promise((r) => setImmediate(r));

describe('IngestThrottle', () => {
  it('runs at most `limit` ingests at once and admits the next as one finishes', async () => {
    const throttle = new IngestThrottle({ max: 2, targetMs: 15 });
    const log = { running: 0, peak: 0 };
    const jobs = Array.from({ length: 5 }, () => controlled(log));
    const runs = jobs.map((j) => throttle.run(j.fn));
    await settle();
    expect(throttle.current).toEqual({ limit: 2, active: 2, waiting: 3 });
    jobs[0].finish();
    await settle();
    expect(throttle.current.active).toBe(2);
    expect(throttle.current.waiting).toBe(2);
    for (const j of jobs) j.finish();
    await Promise.all(runs);
    expect(log.peak).toBe(2);
    expect(throttle.current).toEqual({ limit: 2, active: 0, waiting: 0 });
  });

  it('a lower limit takes effect as running ingests finish; a higher one admits waiters at once', async () => {
    const throttle = new IngestThrottle({ max: 3, targetMs: 15 });
    const log = { running: 0, peak: 0 };
    const jobs = Array.from({ length: 6 }, () => controlled(log));
    const runs = jobs.map((j) => throttle.run(j.fn));
    await settle();
    expect(log.running).toBe(3);
    throttle.observe({ probeMs: 100, apiSlow: 0 }); // 3 → 1
    expect(throttle.current.limit).toBe(1);
    jobs[0].finish();
    jobs[1].finish();
    await settle();
    expect(log.running).toBe(1); // the two finished ones were not replaced
    throttle.observe({ probeMs: 1, apiSlow: 0 }); // 1 → 2: one waiter starts now
    await settle();
    expect(log.running).toBe(2);
    for (const j of jobs) j.finish();
    await Promise.all(runs);
    expect(throttle.current).toEqual({ limit: 2, active: 0, waiting: 0 });
  });

  it('frees the slot when an ingest fails', async () => {
    const throttle = new IngestThrottle({ max: 1, targetMs: 15 });
    await expect(
      throttle.run(async () => {
        throw new Error('database down');
      }),
    ).rejects.toThrow('database down');
    await expect(throttle.run(async () => 'next')).resolves.toBe('next');
    expect(throttle.current.active).toBe(0);
  });
});

describe('sampleLoad', () => {
  it("counts people's queries running longer than the target, and only those", { timeout: 30000 }, async () => {
    const ctx = await createTestContext();
    const api = createDatabase(ctx.dbUrl, { max: 1, statementTimeoutMs: 10000, applicationName: 'coverwatch-api' });
    const worker = createDatabase(ctx.dbUrl, { max: 1, statementTimeoutMs: 10000, applicationName: 'coverwatch-worker' });
    try {
      expect((await sampleLoad(ctx.deps.db, 15)).apiSlow).toBe(0);
      // A person's query that takes a while, and a crawler query that does (not counted).
      const slow = api.pool.query('select pg_sleep(1.5)');
      const own = worker.pool.query('select pg_sleep(1.5)');
      let seen = 0;
      for (let i = 0; i < 40 && seen === 0; i++) {
        await new Promise((r) => setTimeout(r, 25));
        seen = (await sampleLoad(ctx.deps.db, 15)).apiSlow;
      }
      expect(seen).toBe(1);
      await Promise.all([slow, own]);
      expect((await sampleLoad(ctx.deps.db, 15)).apiSlow).toBe(0);
    } finally {
      await Promise.all([api.close(), worker.close()]);
      await ctx.close();
    }
  });
});
