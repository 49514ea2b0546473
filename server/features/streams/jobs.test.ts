import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PgBoss } from 'pg-boss';
import pino from 'pino';
import { startFakeTwitch, type FakeTwitch } from '../../../test/fakes/twitch.js';
import { createTestContext, type TestContext } from '../../../test/helpers/app.js';
import { makeOrg, makeProject } from '../../../test/helpers/factories.js';
import { createStreamQueues, scheduleDueGames, startStreamWorkers, STREAM_QUEUES } from './jobs.js';
import { createTwitchFeed } from './service.js';

let ctx: TestContext;
let fake: FakeTwitch;
let boss: PgBoss;
beforeAll(async () => {
  fake = await startFakeTwitch();
  ctx = await createTestContext(fake.env);
  boss = new PgBoss({ connectionString: ctx.dbUrl, max: 3, schedule: false, supervise: true });
  boss.on('error', () => {});
  await boss.start();
  await createStreamQueues(boss);
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

async function feedOn(gameId: string, keyword: string, enabled = true) {
  const { org } = await makeOrg(ctx);
  const project = await makeProject(ctx, org.id);
  const { id } = await ctx.deps.db.transaction((tx) =>
    createTwitchFeed(tx, org.id, { projectId: project.id, keyword, gameId, gameName: `Game ${gameId}` }, ctx.config),
  );
  if (!enabled) await ctx.deps.pool.query('update twitch_feeds set is_enabled = false where id = $1', [id]);
  return id;
}

describe('stream jobs', () => {
  it('enqueues each due game with an enabled feed once, however often the scheduler runs', async () => {
    await feedOn('1990000501', 'alpha');
    await feedOn('1990000501', 'beta'); // same game: still one poll
    await feedOn('1990000502', 'gamma', false); // only a disabled feed: not polled
    await feedOn('1990000503', 'delta');
    await ctx.deps.pool.query(`update twitch_games set next_check_at = now() + interval '1 hour' where id = '1990000503'`);
    expect(await scheduleDueGames(boss, ctx.deps.db)).toBe(1);
    expect(await scheduleDueGames(boss, ctx.deps.db)).toBe(0);
    const queued = await ctx.deps.pool.query(`select data->>'gameId' as game from pgboss.job where name = $1`, [STREAM_QUEUES.gamePoll]);
    expect(queued.rows.map((r) => r.game)).toEqual(['1990000501']);
  });

  it('the worker polls the queued game and fills its feeds', async () => {
    const feedId = await feedOn('1990000504', 'omega');
    fake.addStream({ user_id: '7001', game_id: '1990000504', title: 'Omega league night' });
    await startStreamWorkers(boss, { db: ctx.deps.db, config: ctx.config, log: pino({ level: 'silent' }) });
    await boss.send(STREAM_QUEUES.gamePoll, { gameId: '1990000504' }, { singletonKey: 'twitch-game-1990000504' });
    await until(async () => (await ctx.deps.pool.query('select 1 from twitch_feed_items where feed_id = $1', [feedId])).rows.length > 0);
    const [game] = (await ctx.deps.pool.query(`select last_success_at, error_count from twitch_games where id = '1990000504'`)).rows;
    expect(game.error_count).toBe(0);
    expect(game.last_success_at).not.toBeNull();
  });
});
