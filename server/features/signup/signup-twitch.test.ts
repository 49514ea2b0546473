import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { solveChallenge } from 'altcha-lib/v1';
import { MSG } from '../../../common/messages.js';
import { startFakeTwitch, type FakeTwitch } from '../../../test/fakes/twitch.js';
import { createTestContext, type TestContext } from '../../../test/helpers/app.js';

// The sign-up's Twitch step with a game and no keyword (issue 30): a game-wide feed.
let ctx: TestContext;
let twitch: FakeTwitch;
beforeAll(async () => {
  twitch = await startFakeTwitch();
  ctx = await createTestContext(twitch.env);
});
afterAll(async () => {
  await ctx?.close();
  await twitch?.close();
});

async function solveCaptcha(): Promise<string> {
  const ch = (await ctx.call('GET', '/api/p/captcha')).json();
  const solution = await solveChallenge(ch.challenge, ch.salt, ch.algorithm, ch.maxnumber).promise;
  return Buffer.from(
    JSON.stringify({ algorithm: ch.algorithm, challenge: ch.challenge, number: solution!.number, salt: ch.salt, signature: ch.signature }),
  ).toString('base64');
}

let seq = 0;
async function signUp(twitchAlert: Record<string, unknown>) {
  const res = await ctx.call('POST', '/api/p/free_user', {
    body: {
      name: 'Grace Hopper',
      email: `grace-${Date.now().toString(36)}-${seq++}@example.test`,
      password: 'compiler first',
      organization_name: 'Cobol Games',
      client_name: 'Cobol Studio',
      project_name: 'Block Party',
      twitch_alert: twitchAlert,
      altcha: await solveCaptcha(),
    },
    headers: { 'content-type': 'application/json' },
  });
  return res;
}

const feedOf = async (email: string) =>
  (
    await ctx.deps.db.execute<{ keyword: string; game_id: string; min_viewers: number | null; twitch_search_id: number | null; id: number }>(sql`
      select f.id, f.keyword, f.game_id, f.min_viewers, p.twitch_search_id
      from users u join projects p on p.id = u.default_project_id join twitch_feeds f on f.project_id = p.id where u.email = ${email}`)
  ).rows;

describe('POST p/free_user: the Twitch step', () => {
  it('creates a game-wide feed when a game is chosen without a keyword', async () => {
    for (const alert of [{ game_id: '27471' }, { game_id: '27471', keyword: '' }]) {
      const res = await signUp(alert);
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().data.feeds.streams).toEqual({
        status: 'ACTIVE',
        reason: 'Checking Twitch every 2 to 60 minutes, more often while matching streams are live',
      });
      const feeds = await feedOf(res.json().data.user.email);
      expect(feeds).toEqual([{ id: expect.any(Number), keyword: '', game_id: '27471', min_viewers: null, twitch_search_id: feeds[0].id }]);
    }
  });

  it('a short keyword is still refused at its field; a game Twitch does not know fails that feed, not the account', async () => {
    const short = await signUp({ game_id: '27471', keyword: 'ab' });
    expect(short.statusCode).toBe(422);
    expect(short.json().errors).toEqual([expect.objectContaining({ detail: MSG.validation.feedKeyword, source: { pointer: '/twitch_alert/keyword' } })]);
    const unknown = await signUp({ game_id: '987654321' });
    expect(unknown.statusCode).toBe(201);
    expect(unknown.json().data.feeds.streams).toEqual({ status: 'FAILED', reason: MSG.streams.gameNotFound });
    expect(await feedOf(unknown.json().data.user.email)).toEqual([]);
  });
});
