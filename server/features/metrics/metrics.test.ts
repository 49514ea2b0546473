import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { PgBoss } from 'pg-boss';
import { createTestContext, type TestContext } from '../../../test/helpers/app.js';
import { addMember, makeOrg } from '../../../test/helpers/factories.js';
import { makeFeed, makeWebsite } from '../../../test/helpers/coverage-factories.js';
import { CAPABILITIES_BY_LEGACY_ID } from '../../../common/plans.js';
import { crawlerStatusAttributesSchema } from '../../../common/schemas/metrics.js';
import { feeds } from '../../db/schema/coverage.js';
import { upsertSnapshot, type SnapshotBody } from './repo.js';

let ctx: TestContext;
let boss: PgBoss;
let operator: Awaited<ReturnType<typeof makeOrg>>;
let orgAdmin: Awaited<ReturnType<typeof makeOrg>>;
let operatorMember: string;
const METRICS_TOKEN = 'prometheus-scrape-token-0123';

const minutesAgo = (m: number) => Date.now() - m * 60_000;

/** A worker's snapshot as its writer stores it: 42 articles in the last 5 minutes, a 120 ms stall. */
const workerSnapshot: SnapshotBody = {
  metrics: [
    { name: 'coverwatch_articles_ingested_total', help: 'Articles', type: 'counter', aggregator: 'sum', values: [{ value: 1042, labels: {} }] },
    { name: 'coverwatch_crawler_ingest_limit', help: 'Limit', type: 'gauge', aggregator: 'sum', values: [{ value: 1, labels: {} }] },
    { name: 'coverwatch_event_loop_delay_max_seconds', help: 'Stall', type: 'gauge', aggregator: 'max', values: [{ value: 0.12, labels: {} }] },
    { name: 'coverwatch_event_loop_delay_p99_seconds', help: 'p99', type: 'gauge', aggregator: 'max', values: [{ value: 0.015, labels: {} }] },
  ],
  articles: [
    [minutesAgo(7), 900],
    [minutesAgo(5.5), 1000],
    [minutesAgo(4), 1010],
    [Date.now(), 1042],
  ],
};

/** Prometheus text format: comments (# HELP, # TYPE) and `name{labels} value` lines, nothing else. */
function parsePrometheus(text: string): { name: string; labels: string; value: number }[] {
  const samples = [];
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('# HELP ') || line.startsWith('# TYPE ')) continue;
    const m = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{[^}]*\})? (\S+)$/.exec(line);
    if (!m) throw new Error(`not Prometheus text: ${line}`);
    // Values are Go floats: NaN and ±Inf in any case (prom-client writes a mean of no samples as `Nan`).
    const value = /^nan$/i.test(m[3]) ? NaN : /^[+-]?inf$/i.test(m[3]) ? (m[3].startsWith('-') ? -Infinity : Infinity) : Number(m[3]);
    if (Number.isNaN(value) && !/^nan$/i.test(m[3])) throw new Error(`not a value: ${line}`);
    samples.push({ name: m[1], labels: m[2] ?? '', value });
  }
  return samples;
}

beforeAll(async () => {
  ctx = await createTestContext({ METRICS_TOKEN });
  boss = new PgBoss({ connectionString: ctx.dbUrl, max: 2, schedule: false, supervise: false });
  boss.on('error', () => {});
  await boss.start();
  ctx.deps.boss = boss;
  await boss.createQueue('feeds-poll');
  await boss.send('feeds-poll', { feedId: 1 });
  await boss.send('feeds-poll', { feedId: 2 });

  operator = await makeOrg(ctx, { name: 'Operator', plan: 'admin', capabilities: CAPABILITIES_BY_LEGACY_ID[1] });
  operatorMember = (await addMember(ctx, operator.org.id, 2)).token;
  orgAdmin = await makeOrg(ctx, { name: 'Customer' });

  const site = await makeWebsite(ctx);
  await makeFeed(ctx, site.id, { nextCheckAt: new Date(minutesAgo(1)) });
  const failing = await makeFeed(ctx, site.id, { nextCheckAt: new Date(minutesAgo(-30)) });
  await ctx.deps.db.update(feeds).set({ errorCount: 3 }).where(eq(feeds.id, failing.id));
  await makeFeed(ctx, site.id, { disabled: true, nextCheckAt: new Date(minutesAgo(1)) });

  const startedAt = new Date(minutesAgo(60));
  await upsertSnapshot(ctx.deps.db, { instance: 'worker-host:4242:1', role: 'worker', pid: 4242, host: 'worker-host', startedAt, snapshot: workerSnapshot });
});
afterAll(async () => {
  await boss?.stop({ graceful: false, timeout: 2000 }).catch(() => {});
  await ctx?.close();
});

describe('GET /metrics', () => {
  it('refuses anonymous callers and organization admins that are not the operator (401, Bearer challenge)', async () => {
    for (const token of [undefined, orgAdmin.token, operatorMember, 'not-the-metrics-token-at-all']) {
      const res = await ctx.call('GET', '/metrics', { token });
      expect(res.statusCode).toBe(401);
      expect(res.headers['www-authenticate']).toBe('Bearer');
      expect(res.json().errors[0].code).toBe('unauthorized');
    }
  });

  it('answers METRICS_TOKEN and the operator in Prometheus text: this process, the worker snapshots, the database', async () => {
    // A refused body: the request is measured all the same, under its route's pattern.
    await ctx.call('PATCH', `/api/operator/organizations/${orgAdmin.org.id}`, { token: operator.token, body: {} });
    await ctx.call('GET', '/api/health');
    await ctx.call('GET', '/api/no-such-route/123');
    for (const token of [METRICS_TOKEN, operator.token]) {
      const res = await ctx.call('GET', '/metrics', { token });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
      const samples = parsePrometheus(res.body);
      const value = (name: string, labels = '') => samples.find((s) => s.name === name && s.labels === labels)?.value;

      expect(value('coverwatch_articles_ingested_total')).toBe(1042);
      expect(value('coverwatch_event_loop_delay_max_seconds')).toBe(0.12);
      expect(value('coverwatch_worker_processes')).toBe(1);
      expect(value('coverwatch_feeds', '{state="enabled"}')).toBe(2);
      expect(value('coverwatch_feeds', '{state="due"}')).toBe(1);
      expect(value('coverwatch_feeds', '{state="failing"}')).toBe(1);
      expect(value('coverwatch_feeds', '{state="disabled"}')).toBe(1);
      expect(value('coverwatch_jobs', '{queue="feeds-poll",state="created"}')).toBe(2);
      expect(value('coverwatch_http_request_duration_seconds_count', '{method="GET",route="/api/health",status="2xx"}')).toBeGreaterThan(0);
      // The route's pattern, never the raw path with its id.
      const patched = '{method="PATCH",route="/api/operator/organizations/:id",status="4xx"}';
      expect(value('coverwatch_http_request_duration_seconds_count', patched)).toBe(1);
      expect(res.body).not.toContain(`/api/operator/organizations/${orgAdmin.org.id}`);
      expect(value('coverwatch_http_request_duration_seconds_count', '{method="GET",route="unmatched",status="4xx"}')).toBe(1);
      // The scrapes themselves are not measured.
      expect(res.body).not.toContain('route="/metrics"');
      expect(samples.some((s) => s.name === 'coverwatch_process_resident_memory_bytes')).toBe(true);
    }
  });
});

describe('GET /api/operator/crawler_status', () => {
  it('is the operator admin’s only: everybody else gets the 404 of an unknown route', async () => {
    for (const token of [orgAdmin.token, operatorMember]) {
      const res = await ctx.call('GET', '/api/operator/crawler_status', { token });
      expect(res.statusCode).toBe(404);
      expect(res.json().errors[0].code).toBe('not_found');
    }
  });

  it('reports feeds, the queue, the ingest rate, the API latency and the worker processes', async () => {
    await ctx.call('GET', '/api/health');
    const res = await ctx.call('GET', '/api/operator/crawler_status', { token: operator.token });
    expect(res.statusCode, res.body).toBe(200);
    const { data } = res.json();
    expect(data).toMatchObject({ type: 'crawler_status', id: 'current' });
    const status = crawlerStatusAttributesSchema.parse(data.attributes);
    expect(status.feeds).toEqual({ total: 3, enabled: 2, due: 1, failing: 1 });
    expect(status.feed_polls).toEqual({ waiting: 2, active: 0 });
    expect(status.jobs_waiting).toBe(2);
    expect(status.articles_last_5_minutes).toBe(42);
    expect(status.articles_per_minute).toBe(8.4);
    expect(status.api_latency_ms.requests).toBeGreaterThan(0);
    expect(status.api_latency_ms.p50).not.toBeNull();
    expect(status.ingest_limit).toEqual({ current: 1, max: ctx.config.crawler.ingestConcurrency });
    expect(status.workers).toEqual([
      expect.objectContaining({ role: 'worker', pid: 4242, host: 'worker-host', event_loop_max_ms: 120, event_loop_p99_ms: 15 }),
    ]);
  });
});
