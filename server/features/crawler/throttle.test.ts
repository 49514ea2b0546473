import { describe, expect, it } from 'vitest';
import { IngestThrottle, nextLimit } from './throttle.js';

const opts = { max: 4, targetMs: 15 };

describe('nextLimit (AIMD on the database probe)', () => {
  it('climbs by one while the database is quick and nobody is using the app', () => {
    expect(nextLimit(1, { probeMs: 2, apiBusy: 0 }, opts)).toBe(2);
    expect(nextLimit(4, { probeMs: 2, apiBusy: 0 }, opts)).toBe(4);
  });

  it('halves when the probe is slower than the target, never below one', () => {
    expect(nextLimit(4, { probeMs: 40, apiBusy: 0 }, opts)).toBe(2);
    expect(nextLimit(1, { probeMs: 40, apiBusy: 0 }, opts)).toBe(1);
    expect(nextLimit(3, { probeMs: Infinity, apiBusy: 0 }, opts)).toBe(1);
  });

  it('caps the limit at busyMax while people are using the app', () => {
    expect(nextLimit(4, { probeMs: 2, apiBusy: 3 }, opts)).toBe(1);
    expect(nextLimit(4, { probeMs: 2, apiBusy: 1 }, { ...opts, busyMax: 2 })).toBe(2);
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
    throttle.observe({ probeMs: 100, apiBusy: 0 }); // 3 → 1
    expect(throttle.current.limit).toBe(1);
    jobs[0].finish();
    jobs[1].finish();
    await settle();
    expect(log.running).toBe(1); // the two finished ones were not replaced
    throttle.observe({ probeMs: 1, apiBusy: 0 }); // 1 → 2: one waiter starts now
    await settle();
    expect(log.running).toBe(2);
    for (const j of jobs) j.finish();
    await Promise.all(runs);
    expect(throttle.current).toEqual({ limit: 2, active: 0, waiting: 0 });
  });

  it('frees the slot when an ingest fails', async () => {
    const throttle = new IngestThrottle({ max: 1, targetMs: 15 });
    await expect(throttle.run(async () => { throw new Error('database down'); })).rejects.toThrow('database down');
    await expect(throttle.run(async () => 'next')).resolves.toBe('next');
    expect(throttle.current.active).toBe(0);
  });
});
