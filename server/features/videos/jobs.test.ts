import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PgBoss } from 'pg-boss';
import pino from 'pino';
import { startFakeYoutube, type FakeYoutube } from '../../../test/fakes/youtube.js';
import { createTestContext, type TestContext } from '../../../test/helpers/app.js';
import { makeOrg, makeProject } from '../../../test/helpers/factories.js';
import { createYoutubeFeed } from './service.js';
import { createVideoQueues, refreshSearch, startVideoWorkers, VIDEO_QUEUES } from './jobs.js';

let ctx: TestContext;
let fake: FakeYoutube;
let boss: PgBoss;

beforeAll(async () => {
  fake = await startFakeYoutube();
  ctx = await createTestContext(fake.env);
  boss = new PgBoss({ connectionString: ctx.dbUrl, max: 3, schedule: false, supervise: true });
  boss.on('error', () => {});
  await boss.start();
  await createVideoQueues(boss);
});
afterAll(async () => {
  await boss?.stop({ graceful: false, timeout: 2000 }).catch(() => {});
  await ctx?.close();
  await fake?.close();
});

const until = async (check: () => Promise<boolean>, ms = 20_000) => {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 100));
  }
};

describe('videos jobs', () => {
  it('the workers poll due searches through the queue, and an operator refresh queues one more', async () => {
    fake.addChannel({ id: 'UCjobs000000000000000000', title: 'Jobs TV', subscribers: 1 });
    fake.addVideo({
      id: 'jobsvideo01',
      channelId: 'UCjobs000000000000000000',
      title: 'Cinderpeak trailer',
      publishedAt: new Date(Date.now() - 60_000).toISOString(),
    });
    const { org } = await makeOrg(ctx);
    const project = await makeProject(ctx, org.id);
    const feed = await ctx.deps.db.transaction((tx) => createYoutubeFeed(tx, org.id, { projectId: project.id, keyword: 'Cinderpeak' }, ctx.config));
    await startVideoWorkers(boss, { db: ctx.deps.db, config: ctx.config, log: pino({ level: 'silent' }) });
    const pulled = async () => (await ctx.deps.pool.query('select latest_pull from youtube_feeds where id = $1', [feed.id])).rows[0].latest_pull !== null;
    await until(pulled);
    const rows = await ctx.deps.pool.query('select count(*)::int as n from youtube_feed_videos where feed_id = $1', [feed.id]);
    expect(rows.rows[0].n).toBe(1);
    expect(fake.calls('/search')).toBe(1);
    const [{ search_id }] = (await ctx.deps.pool.query('select search_id from youtube_feeds where id = $1', [feed.id])).rows;
    await refreshSearch(boss, ctx.deps, search_id);
    await until(async () => fake.calls('/search') === 2);
    // The counts' re-read (issue 30) is scheduled every 10 minutes next to the pollers.
    const schedules = await boss.getSchedules();
    expect(schedules.find((s) => s.name === VIDEO_QUEUES.stats)).toMatchObject({ cron: '*/10 * * * *' });
  });
});
