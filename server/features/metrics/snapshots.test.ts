import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { createTestContext, type TestContext } from '../../../test/helpers/app.js';
import { articlesInWindow, STATUS_WINDOW_MS, thisProcess } from './process.js';
import { LatencyWindow } from './latency.js';
import { upsertSnapshot } from './repo.js';
import { startMetricsSnapshots, writeSnapshot } from './snapshots.js';

let ctx: TestContext;
const log = pino({ level: 'silent' });

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

const rows = async () =>
  (
    await ctx.deps.pool.query<{ instance: string; role: string; pid: number; snapshot: { metrics: { name: string }[] } }>(
      'select instance, role, pid, snapshot from process_metrics order by instance',
    )
  ).rows;

describe('metrics snapshots', () => {
  it('writes this process’s registry, sweeps processes silent for an hour, and deletes its own row on stop', async () => {
    const stop = startMetricsSnapshots({ db: ctx.deps.db, role: 'worker', log });
    const stale = { role: 'worker', pid: 7, host: 'gone', startedAt: new Date(0), snapshot: { metrics: [], articles: [] } };
    await upsertSnapshot(ctx.deps.db, { ...stale, instance: 'gone:7:0' });
    await ctx.deps.pool.query(`update process_metrics set updated_at = now() - interval '61 minutes' where instance = 'gone:7:0'`);
    await writeSnapshot(ctx.deps.db, 'worker');

    const [own, ...others] = await rows();
    expect(others).toEqual([]);
    expect(own).toMatchObject({ instance: thisProcess.instance, role: 'worker', pid: process.pid });
    expect(own.snapshot.metrics.map((m) => m.name)).toContain('coverwatch_articles_ingested_total');

    await stop();
    expect(await rows()).toEqual([]);
  });
});

describe('articles in the 5-minute window', () => {
  const now = 1_000_000_000;
  it('counts from the newest sample at or before the window’s start', () => {
    expect(
      articlesInWindow([
        [now - STATUS_WINDOW_MS - 9000, 5],
        [now - STATUS_WINDOW_MS - 1000, 10],
        [now - 60_000, 30],
        [now, 50],
      ]),
    ).toBe(40);
  });
  it('counts everything of a process younger than the window, and nothing without samples', () => {
    expect(
      articlesInWindow([
        [now - 60_000, 0],
        [now, 12],
      ]),
    ).toBe(12);
    expect(articlesInWindow([])).toBe(0);
  });
});

describe('API latency window', () => {
  it('gives nearest-rank percentiles of the window’s requests only, nulls when there were none', () => {
    const window = new LatencyWindow();
    const now = Date.now();
    expect(window.summary(STATUS_WINDOW_MS, now)).toEqual({ requests: 0, p50: null, p95: null, p99: null });
    window.record(999, now - STATUS_WINDOW_MS - 1);
    for (let ms = 1; ms <= 100; ms++) window.record(ms, now - 1000);
    expect(window.summary(STATUS_WINDOW_MS, now)).toEqual({ requests: 100, p50: 50, p95: 95, p99: 99 });
  });
  it('keeps a bounded number of requests however many arrive', () => {
    const window = new LatencyWindow();
    const now = Date.now();
    for (let i = 0; i < 25_000; i++) window.record(i < 5000 ? 1000 : 1, now);
    expect(window.summary(STATUS_WINDOW_MS, now)).toEqual({ requests: 20_000, p50: 1, p95: 1, p99: 1 });
  });
});
