import { afterAll, beforeAll, expect } from 'vitest';
import { sql } from 'drizzle-orm';
import { solveChallenge } from 'altcha-lib/v1';
import { createTestContext, type TestContext } from '../../../test/helpers/app.js';
import { daysAgo, makeArchiveArticle } from '../../../test/helpers/coverage-factories.js';
import { startFakeTwitch, type FakeTwitch } from '../../../test/fakes/twitch.js';
import { startFakeYoutube, type FakeYoutube } from '../../../test/fakes/youtube.js';

/**
 * What the sign-up tests share (signup.test.ts, signup-refusals.test.ts, signup-preview.test.ts):
 * an app with fake Twitch and YouTube, set up by `useSignupContext()` in each file, and the helpers
 * that sign up, solve the captcha and read back what a sign-up wrote. `ctx`, `twitch` and
 * `youtube` are live bindings, set in the calling file's beforeAll.
 */
export let ctx: TestContext;
export let twitch: FakeTwitch;
export let youtube: FakeYoutube;

export function useSignupContext() {
  beforeAll(async () => {
    [twitch, youtube] = await Promise.all([startFakeTwitch(), startFakeYoutube()]);
    ctx = await createTestContext({ ...twitch.env, ...youtube.env });
  });
  afterAll(async () => {
    await ctx?.close();
    await Promise.all([twitch?.close(), youtube?.close()]);
  });
}

export const YOUTUBE_ACTIVE = { status: 'ACTIVE', reason: 'Checking YouTube every 30 minutes' };
export const TWITCH_ACTIVE = { status: 'ACTIVE', reason: 'Checking Twitch every 2 to 60 minutes, more often while matching streams are live' };

export const encode = (p: object) => Buffer.from(JSON.stringify(p)).toString('base64');

/** Does what the browser widget does: fetch a challenge from the API and brute-force it. */
export async function solveCaptcha(c = ctx): Promise<string> {
  const res = await c.call('GET', '/api/p/captcha');
  expect(res.statusCode).toBe(200);
  const ch = res.json();
  const solution = await solveChallenge(ch.challenge, ch.salt, ch.algorithm, ch.maxnumber).promise;
  expect(solution).not.toBeNull();
  return encode({ algorithm: ch.algorithm, challenge: ch.challenge, number: solution!.number, salt: ch.salt, signature: ch.signature });
}

let seq = 0;
/** A number not used before in this file (unique e-mail addresses). */
export const nextSeq = () => seq++;

export function body(overrides: Record<string, unknown> = {}) {
  return {
    name: 'Ada Lovelace',
    email: `ada-${Date.now().toString(36)}-${seq++}@example.test`,
    password: 'analytical engine',
    organization_name: 'Analytical Games',
    client_name: 'Difference Engine',
    project_name: 'Launch 2025',
    ...overrides,
  };
}

export const pointersOf = (res: { json(): { errors: { detail: string; source?: { pointer?: string } }[] } }) =>
  Object.fromEntries(res.json().errors.map((e) => [e.source?.pointer, e.detail]));

export const signUp = (payload: object) => ctx.call('POST', '/api/p/free_user', { body: payload, headers: { 'content-type': 'application/json' } });

export async function count(table: string, where = sql`true`): Promise<number> {
  const { rows } = await ctx.deps.db.execute<{ n: number }>(sql`select count(*)::int as n from ${sql.identifier(table)} where ${where}`);
  return rows[0].n;
}
export const totals = async () => ({
  users: await count('users'),
  organizations: await count('organizations'),
  clients: await count('clients'),
  projects: await count('projects'),
  youtube_feeds: await count('youtube_feeds'),
  twitch_feeds: await count('twitch_feeds'),
  memberships: await count('memberships'),
  alerts: await count('alerts'),
});

/** Archive articles published `age` days ago, as the crawler would have stored them before the sign-up. */
export async function archive(titles: string[], age = 3) {
  for (const title of titles) await makeArchiveArticle(ctx, { title, reach: 5, pubDate: daysAgo(age) });
}

/** The user's default project with its alert (null when none) and the alert's feed, by title. */
export async function projectAlertOf(userId: number) {
  const {
    rows: [project],
  } = await ctx.deps.db.execute<{ id: number; alert_id: number | null; organization_id: number }>(
    sql`select p.id, p.alert_id, p.organization_id from projects p join users u on u.default_project_id = p.id where u.id = ${userId}`,
  );
  const { rows: alerts } = await ctx.deps.db.execute<Record<string, unknown>>(
    sql`select id, organization_id, project_id, name, keywords, active from alerts where organization_id = ${project.organization_id}`,
  );
  const { rows: feed } = await ctx.deps.db.execute<{ title: string }>(
    sql`select a.title from alert_articles aa join articles a on a.id = aa.article_id and a.pub_date = aa.pub_date
        where aa.organization_id = ${project.organization_id} order by a.title`,
  );
  return { project, alerts, feedTitles: feed.map((r) => r.title) };
}
