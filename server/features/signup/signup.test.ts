import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createChallenge, solveChallenge } from 'altcha-lib/v1';
import { MSG } from '../../../common/messages.js';
import { TIER, ROLE } from '../../../common/limits.js';
import { QUERY_MSG } from '../../../common/query/messages.js';
import { createTestContext, type TestContext } from '../../../test/helpers/app.js';
import { daysAgo, makeArchiveArticle } from '../../../test/helpers/coverage-factories.js';
import { makeUser } from '../../../test/helpers/factories.js';
import { feedItem, makeFeed, makeWebsite } from '../../../test/helpers/coverage-factories.js';
import { ingestItems } from '../crawler/service.js';
import { startFakeTwitch, type FakeTwitch } from '../../../test/fakes/twitch.js';
import { startFakeYoutube, type FakeYoutube } from '../../../test/fakes/youtube.js';
import { Captcha, CAPTCHA_TTL_MS, deriveCaptchaKey } from '../auth/service.js';
import { SIGNUP_PREVIEW_PER_MINUTE, TWITCH_NOT_CONNECTED } from './routes.js';
import { ARTICLES_ACTIVE } from './service.js';

let ctx: TestContext;
let twitch: FakeTwitch;
let youtube: FakeYoutube;
beforeAll(async () => {
  [twitch, youtube] = await Promise.all([startFakeTwitch(), startFakeYoutube()]);
  ctx = await createTestContext({ ...twitch.env, ...youtube.env });
});
afterAll(async () => {
  await ctx?.close();
  await Promise.all([twitch?.close(), youtube?.close()]);
});

const YOUTUBE_ACTIVE = { status: 'ACTIVE', reason: 'Checking YouTube every 30 minutes' };
const TWITCH_ACTIVE = { status: 'ACTIVE', reason: 'Checking Twitch every 2 to 60 minutes, more often while matching streams are live' };

const encode = (p: object) => Buffer.from(JSON.stringify(p)).toString('base64');

/** Does what the browser widget does: fetch a challenge from the API and brute-force it. */
async function solveCaptcha(c = ctx): Promise<string> {
  const res = await c.call('GET', '/api/p/captcha');
  expect(res.statusCode).toBe(200);
  const ch = res.json();
  const solution = await solveChallenge(ch.challenge, ch.salt, ch.algorithm, ch.maxnumber).promise;
  expect(solution).not.toBeNull();
  return encode({ algorithm: ch.algorithm, challenge: ch.challenge, number: solution!.number, salt: ch.salt, signature: ch.signature });
}

let seq = 0;
function body(overrides: Record<string, unknown> = {}) {
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

const pointersOf = (res: { json(): { errors: { detail: string; source?: { pointer?: string } }[] } }) =>
  Object.fromEntries(res.json().errors.map((e) => [e.source?.pointer, e.detail]));

const signUp = (payload: object) => ctx.call('POST', '/api/p/free_user', { body: payload, headers: { 'content-type': 'application/json' } });

async function count(table: string, where = sql`true`): Promise<number> {
  const { rows } = await ctx.deps.db.execute<{ n: number }>(sql`select count(*)::int as n from ${sql.identifier(table)} where ${where}`);
  return rows[0].n;
}
const totals = async () => ({
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
async function archive(titles: string[], age = 3) {
  for (const title of titles) await makeArchiveArticle(ctx, { title, reach: 5, pubDate: daysAgo(age) });
}

/** The user's default project with its alert (null when none) and the alert's feed, by title. */
async function projectAlertOf(userId: number) {
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

describe('GET p/captcha', () => {
  it('issues a signed SHA-256 challenge that expires in ten minutes', async () => {
    const res = await ctx.call('GET', '/api/p/captcha');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const ch = res.json();
    expect(Object.keys(ch).sort()).toEqual(['algorithm', 'challenge', 'maxnumber', 'salt', 'signature']);
    expect(ch).toMatchObject({ algorithm: 'SHA-256', maxnumber: 1000 });
    const expires = Number(new URLSearchParams(ch.salt.split('?')[1]).get('expires')) * 1000;
    expect(expires - Date.now()).toBeGreaterThan(CAPTCHA_TTL_MS - 60_000);
    expect(expires - Date.now()).toBeLessThanOrEqual(CAPTCHA_TTL_MS);
  });
});

describe('POST p/free_user', () => {
  it('creates user, trial organization, brand, project, the live article alert, the YouTube and Twitch feeds, and logs the user in', async () => {
    await archive(['Analytical engine unveiled in London', 'Why the analytical engine matters', 'A steam loom for everyone']);
    await archive(['The analytical engine, first described'], 90); // older than the two months a backfill reaches
    const input = body({
      email: 'Grace.Hopper@Example.TEST',
      article_alert: { name: 'Launch coverage', keywords: 'analytical engine' },
      youtube_alert: { keyword: 'engine' },
      twitch_alert: { keyword: 'zelda', game_id: '110758' },
      altcha: await solveCaptcha(),
    });
    const res = await signUp(input);
    expect(res.statusCode).toBe(201);
    const doc = res.json();
    expect(doc).toEqual({
      status: 'OK',
      message: 'Account created',
      data: {
        user: { status: 'OK', id: expect.any(String), email: 'grace.hopper@example.test', token: expect.any(String), expires_at: expect.any(String) },
        feeds: {
          articles: { status: 'ACTIVE', reason: 'Watching for new articles; 2 articles from the last two months found' },
          videos: YOUTUBE_ACTIVE,
          streams: TWITCH_ACTIVE,
        },
      },
    });
    const userId = Number(doc.data.user.id);

    const {
      rows: [user],
    } = await ctx.deps.db.execute<Record<string, unknown>>(sql`select * from users where id = ${userId}`);
    expect(user).toMatchObject({ name: 'Ada Lovelace', email: 'grace.hopper@example.test', tier_id: TIER.free });
    expect(user.password_hash).toMatch(/^\$argon2id\$/);
    const {
      rows: [org],
    } = await ctx.deps.db.execute<Record<string, unknown>>(sql`select * from organizations where id = ${user.organization_id}`);
    expect(org).toMatchObject({ name: 'Analytical Games', plan: 'trial', tier_id: TIER.free });
    expect(new Date(org.trial_ends_at as string).getTime()).toBeGreaterThan(Date.now());
    expect(await count('memberships', sql`user_id = ${userId} and organization_id = ${org.id} and role_id = ${ROLE.admin}`)).toBe(1);
    const {
      rows: [project],
    } = await ctx.deps.db.execute<Record<string, unknown>>(sql`select * from projects where id = ${user.default_project_id}`);
    expect(project).toMatchObject({ name: 'Launch 2025', organization_id: org.id, locked: false });
    const {
      rows: [client],
    } = await ctx.deps.db.execute<Record<string, unknown>>(sql`select * from clients where id = ${project.client_id}`);
    expect(client).toMatchObject({ name: 'Difference Engine', organization_id: org.id });
    // The article alert is a real alert of the organization, linked from the project, its feed
    // filled from the archive of the last two months.
    const { alerts, feedTitles } = await projectAlertOf(userId);
    expect(alerts).toEqual([
      { id: expect.any(Number), organization_id: org.id, project_id: project.id, name: 'Launch coverage', keywords: '+"analytical engine"', active: true },
    ]);
    expect(project.alert_id).toBe(alerts[0].id);
    expect(feedTitles).toEqual(['Analytical engine unveiled in London', 'Why the analytical engine matters']);
    // The YouTube feed is a real feed of the project (its search shared by keyword), linked from the project.
    const { rows: feeds } = await ctx.deps.db.execute<Record<string, unknown>>(
      sql`select f.id, f.organization_id, f.keyword, f.is_enabled, p.youtube_search_id from youtube_feeds f join projects p on p.id = f.project_id where f.project_id = ${project.id}`,
    );
    expect(feeds).toEqual([{ id: expect.any(Number), organization_id: org.id, keyword: 'engine', is_enabled: true, youtube_search_id: feeds[0]?.id }]);
    // So is the Twitch feed, on the chosen game (named from Twitch).
    const { rows: streams } = await ctx.deps.db.execute<Record<string, unknown>>(
      sql`select f.id, f.organization_id, f.keyword, f.game_id, g.name as game, p.twitch_search_id
          from twitch_feeds f join projects p on p.id = f.project_id join twitch_games g on g.id = f.game_id where f.project_id = ${project.id}`,
    );
    expect(streams).toEqual([
      {
        id: expect.any(Number),
        organization_id: org.id,
        keyword: 'zelda',
        game_id: '110758',
        game: 'The Legend of Zelda: Tears of the Kingdom',
        twitch_search_id: streams[0]?.id,
      },
    ]);

    // The returned token is a working session in the new organization.
    const brands = await ctx.call('GET', '/api/clients', { token: doc.data.user.token });
    expect(brands.statusCode).toBe(200);
    expect(brands.json().data.map((c: { attributes: { name: string } }) => c.attributes.name)).toEqual(['Difference Engine']);
    const articlesFeed = await ctx.call('GET', `/api/articles_feed/${alerts[0].id}`, { token: doc.data.user.token });
    expect(articlesFeed.statusCode).toBe(200);
    expect(articlesFeed.json().meta.total_entries).toBe(2);
    const login = await ctx.call('POST', '/api/auth/login', { body: { email: 'grace.hopper@example.test', password: 'analytical engine' } });
    expect(login.statusCode).toBe(200);
  });

  it('skips the alerts that were not asked for and names the article alert after the project', async () => {
    const res = await signUp(body({ article_alert: { keywords: 'jacquard punchcards' }, altcha: await solveCaptcha() }));
    expect(res.statusCode).toBe(201);
    expect(res.json().data.feeds).toEqual({
      articles: { status: 'ACTIVE', reason: ARTICLES_ACTIVE },
      videos: { status: 'SKIPPED', reason: 'Not requested' },
      streams: { status: 'SKIPPED', reason: 'Not requested' },
    });
    const userId = Number(res.json().data.user.id);
    const { project, alerts, feedTitles } = await projectAlertOf(userId);
    expect(alerts).toMatchObject([{ name: 'Launch 2025', keywords: '+"jacquard punchcards"', project_id: project.id }]);
    expect(project.alert_id).toBe(alerts[0].id);
    expect(feedTitles).toEqual([]);
    expect(await count('youtube_feeds', sql`project_id = ${project.id}`)).toBe(0);
    expect(await count('twitch_feeds', sql`project_id = ${project.id}`)).toBe(0);
  });

  it('e-mails a link to confirm the address; the account works at once and says it is not confirmed yet', async () => {
    const email = `verify-${seq++}@example.test`;
    const res = await signUp(body({ email, altcha: await solveCaptcha() }));
    expect(res.statusCode).toBe(201);
    const token = res.json().data.user.token;
    const me = await ctx.call('GET', '/api/user', { token });
    expect(me.statusCode).toBe(200);
    expect(me.json().data.attributes.email_verified).toBe(false);

    const { rows } = await ctx.deps.pool.query('select subject, text_body, organization_id from mail_outbox where to_address = $1', [email]);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ subject: MSG.identity.verifySubject, organization_id: null });
    // No PUBLIC_URL here: the link points at the origin the sign-up came to.
    const link = /http:\/\/localhost:80\/verify-email\/([\w-]{43})/.exec(rows[0].text_body);
    expect(link).not.toBeNull();
    const verified = await ctx.call('POST', `/api/p/verify_email/${link![1]}`);
    expect(verified.statusCode).toBe(200);
    expect((await ctx.call('GET', '/api/user', { token })).json().data.attributes.email_verified).toBe(true);
  });

  it('creates the account without the article alert when the keywords are not a valid query', async () => {
    const res = await signUp(body({ article_alert: { keywords: '!!!!!' }, youtube_alert: { keyword: 'engine' }, altcha: await solveCaptcha() }));
    expect(res.statusCode).toBe(201);
    expect(res.json().data.feeds).toEqual({
      articles: { status: 'FAILED', reason: QUERY_MSG.noSearchableText },
      videos: YOUTUBE_ACTIVE,
      streams: { status: 'SKIPPED', reason: 'Not requested' },
    });
    const userId = Number(res.json().data.user.id);
    const { project, alerts } = await projectAlertOf(userId);
    expect(alerts).toEqual([]);
    expect(project.alert_id).toBeNull();
    // The failed article alert does not take the YouTube feed down with it.
    expect(await count('youtube_feeds', sql`project_id = ${project.id} and keyword = 'engine'`)).toBe(1);
    // The account works: the session token opens the new workspace.
    expect((await ctx.call('GET', '/api/projects', { token: res.json().data.user.token })).json().data[0].attributes['alert-id']).toBeNull();
  });

  it('keeps the account and the alert when filling the feed from the archive fails', async () => {
    await archive(['Zeppelin tours resume']);
    await ctx.deps.db.execute(
      sql.raw(`
      create function refuse_backfill() returns trigger language plpgsql as $$
      begin
        if exists (select 1 from alerts where id = new.alert_id and keywords = '+"zeppelin tours"') then raise exception 'refused for the test'; end if;
        return new;
      end $$;
      create trigger refuse_backfill before insert on alert_articles for each row execute function refuse_backfill();`),
    );
    try {
      const res = await signUp(body({ article_alert: { keywords: 'zeppelin tours' }, altcha: await solveCaptcha() }));
      expect(res.statusCode).toBe(201);
      expect(res.json().data.feeds.articles).toEqual({ status: 'ACTIVE', reason: ARTICLES_ACTIVE });
      const { project, alerts, feedTitles } = await projectAlertOf(Number(res.json().data.user.id));
      expect(project.alert_id).toBe(alerts[0].id);
      expect(feedTitles).toEqual([]);
    } finally {
      await ctx.deps.db.execute(sql.raw('drop trigger refuse_backfill on alert_articles; drop function refuse_backfill();'));
    }
  });

  it('refuses a solution that was already used', async () => {
    const altcha = await solveCaptcha();
    expect((await signUp(body({ altcha }))).statusCode).toBe(201);
    const before = await totals();
    const again = await signUp(body({ altcha }));
    expect(again.statusCode).toBe(400);
    expect(again.json().errors).toEqual([
      { status: '400', code: 'bad_request', title: 'Bad request', detail: MSG.validation.captcha, source: { pointer: '/altcha' } },
    ]);
    expect(await totals()).toEqual(before);
  });

  it('refuses wrong, forged, expired and malformed solutions', async () => {
    const res = await ctx.call('GET', '/api/p/captcha');
    const ch = res.json();
    const solution = await solveChallenge(ch.challenge, ch.salt, ch.algorithm, ch.maxnumber).promise;
    const good = { algorithm: ch.algorithm, challenge: ch.challenge, number: solution!.number, salt: ch.salt, signature: ch.signature };
    const key = deriveCaptchaKey(ctx.config.jwtSecret!);
    const foreign = await createChallenge({ hmacKey: 'another install', maxnumber: 10, number: 3, expires: new Date(Date.now() + 60_000) });
    const expired = await createChallenge({ hmacKey: key, maxnumber: 10, number: 3, expires: new Date(Date.now() - 1000) });
    const endless = await createChallenge({ hmacKey: key, maxnumber: 10, number: 3 });
    const sha1 = await createChallenge({ hmacKey: key, maxnumber: 10, number: 3, algorithm: 'SHA-1', expires: new Date(Date.now() + 60_000) });
    const cases = [
      encode({ ...good, number: (solution!.number + 1) % 1001 }),
      encode({ ...good, salt: good.salt.replace(/expires=\d+/, `expires=${Math.floor(Date.now() / 1000) + 3600}`) }),
      encode({ ...foreign, number: 3 }),
      encode({ ...expired, number: 3 }),
      encode({ ...endless, number: 3 }),
      encode({ ...sha1, number: 3 }),
      encode({ ...good, number: String(good.number) }),
      'not base64 json',
      encode([1, 2, 3]),
    ];
    for (const altcha of cases) {
      const r = await signUp(body({ altcha }));
      expect(r.statusCode, altcha).toBe(400);
      expect(r.json().errors[0]).toMatchObject({ code: 'bad_request', detail: MSG.validation.captcha, source: { pointer: '/altcha' } });
    }
    // None of the failures used the genuine solution up.
    expect((await signUp(body({ altcha: encode(good) }))).statusCode).toBe(201);
  });

  it('reports every invalid field at once, with the catalogue messages, and keeps the captcha', async () => {
    const altcha = await solveCaptcha();
    const res = await signUp({
      name: 'A',
      email: 'not-an-email',
      password: 'short',
      organization_name: 'ab',
      client_name: 'x'.repeat(51),
      project_name: 'y'.repeat(31),
      article_alert: { keywords: 'abcd' },
      youtube_alert: { keyword: 'ab' },
      twitch_alert: { keyword: 'zz', game_id: '1' },
      altcha,
    });
    expect(res.statusCode).toBe(422);
    const errors = Object.fromEntries(res.json().errors.map((e: { source: { pointer: string }; detail: string }) => [e.source.pointer, e.detail]));
    expect(errors).toEqual({
      '/name': MSG.validation.nameLength,
      '/email': MSG.validation.emailInvalid,
      '/password': MSG.validation.passwordLength,
      '/organization_name': MSG.validation.organizationLength,
      '/client_name': MSG.validation.brandLength,
      '/project_name': MSG.validation.projectLength,
      '/article_alert/keywords': MSG.validation.alertKeywords,
      '/youtube_alert/keyword': MSG.validation.feedKeyword,
      '/twitch_alert/keyword': MSG.validation.feedKeyword,
    });
    // Invalid forms are refused before the captcha is looked at, so the solution still works.
    expect((await signUp(body({ altcha }))).statusCode).toBe(201);
  });

  it('names each missing field', async () => {
    const res = await signUp({ organization_name: '', project_name: '' });
    expect(res.statusCode).toBe(422);
    // Zod reports every failed rule; the first one for a field is the one a form shows.
    const errors: Record<string, string> = {};
    for (const e of res.json().errors as { source: { pointer: string }; detail: string }[]) errors[e.source.pointer] ??= e.detail;
    expect(errors).toEqual({
      '/name': MSG.validation.nameRequired,
      '/email': MSG.validation.emailRequired,
      '/password': MSG.validation.passwordRequired,
      '/organization_name': MSG.validation.organizationEmpty,
      '/client_name': MSG.validation.brandLength,
      '/project_name': MSG.validation.projectLength,
      '/altcha': MSG.validation.captcha,
    });
  });

  it('answers 409 for an email already in use, whatever its case, and writes nothing', async () => {
    await makeUser(ctx, { email: 'taken@example.test' });
    const before = await totals();
    const res = await signUp(body({ email: 'TAKEN@Example.Test', youtube_alert: { keyword: 'engine' }, altcha: await solveCaptcha() }));
    expect(res.statusCode).toBe(409);
    expect(res.json().errors).toEqual([{ status: '409', code: 'conflict', title: 'Conflict', detail: MSG.auth.emailTaken, source: { pointer: '/email' } }]);
    expect(await totals()).toEqual(before);
  });

  it('writes nothing when a step of the transaction fails', async () => {
    // Make the last write (the YouTube feed) fail, as a real database error would.
    await ctx.deps.db.execute(
      sql.raw(`
      create function refuse_feed() returns trigger language plpgsql as $$
      begin
        if new.keyword = 'explode' then raise exception 'refused for the test'; end if;
        return new;
      end $$;
      create trigger refuse_feed before insert on youtube_feeds for each row execute function refuse_feed();`),
    );
    const before = await totals();
    const email = 'half-written@example.test';
    const res = await signUp(
      body({ email, article_alert: { keywords: 'analytical engine' }, youtube_alert: { keyword: 'explode' }, altcha: await solveCaptcha() }),
    );
    expect(res.statusCode).toBe(500);
    expect(await totals()).toEqual(before);
    expect(await count('users', sql`email = ${email}`)).toBe(0);
  });
});

describe('the sign-up article alert reads a typed name as that name (issue 11)', () => {
  it('`Aurora Interactive` matches only articles naming Aurora Interactive, in the backfill and at ingest', async () => {
    await archive([
      'Bluepeak Interactive announces a sequel',
      'Bluepeak Interactive lays off staff',
      'Team Aurora wins the spring split',
      'Team Aurora signs a new jungler',
      'Interactive fiction night at the Aurora library',
      'Aurora Interactive reveals its debut game',
      'Hands-on: the new game from aurora interactive',
    ]);
    const res = await signUp(body({ article_alert: { keywords: 'Aurora Interactive' }, altcha: await solveCaptcha() }));
    expect(res.statusCode).toBe(201);
    expect(res.json().data.feeds.articles).toEqual({ status: 'ACTIVE', reason: 'Watching for new articles; 2 articles from the last two months found' });
    const userId = Number(res.json().data.user.id);
    const { alerts, feedTitles } = await projectAlertOf(userId);
    expect(alerts).toMatchObject([{ keywords: '+"Aurora Interactive"' }]);
    expect(feedTitles).toEqual(['Aurora Interactive reveals its debut game', 'Hands-on: the new game from aurora interactive']);

    // New articles crawled after the sign-up go through the ingest matcher: the same rule.
    const site = await makeWebsite(ctx, { reach: 5 });
    const f = await makeFeed(ctx, site.id);
    const feed = { id: f.id, type: 0, language: 'en', website: { id: site.id, language: 'en', reach: 5, muv: null, isMetacritic: false } };
    const now = new Date();
    await ingestItems(
      ctx.deps.db,
      feed,
      ['Bluepeak Interactive patch notes', 'Team Aurora at the world finals', 'Aurora Interactive hires a director'].map((title, i) =>
        feedItem({ url: `https://${site.domain}/aurora-${i}`, title, description: '', published: now }),
      ),
      now,
    );
    expect((await projectAlertOf(userId)).feedTitles).toEqual([
      'Aurora Interactive hires a director',
      'Aurora Interactive reveals its debut game',
      'Hands-on: the new game from aurora interactive',
    ]);
  });

  it('reads commas as alternative names, each a phrase', async () => {
    await archive(['Nebula Forge opens a studio', 'Forge of Nebula review']);
    const res = await signUp(body({ article_alert: { keywords: 'Nebula Forge, Starfall Works' }, altcha: await solveCaptcha() }));
    const { alerts, feedTitles } = await projectAlertOf(Number(res.json().data.user.id));
    expect(alerts).toMatchObject([{ keywords: '+("Nebula Forge" "Starfall Works")' }]);
    expect(feedTitles).toEqual(['Nebula Forge opens a studio']);
  });
});

describe('POST p/free_user/alert_preview', () => {
  const preview = (payload: object, c = ctx) =>
    c.call('POST', '/api/p/free_user/alert_preview', { body: payload, headers: { 'content-type': 'application/json' } });

  it("shows what the sign-up's alert would find, read as the sign-up reads it, with the captcha checked and not spent", async () => {
    await archive(['Quasar Interactive unveils a racer', 'Quasar Team wins again', 'Interactive art by Quasar'], 2);
    const altcha = await solveCaptcha();
    const res = await preview({ keywords: 'Quasar Interactive', altcha });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      count: 1,
      capped: false,
      samples: [
        {
          id: expect.any(String),
          title: 'Quasar Interactive unveils a racer',
          url: expect.any(String),
          media: 'news.example.com',
          published_at: expect.any(String),
        },
      ],
    });
    // The same solution still creates the account afterwards.
    expect((await signUp(body({ altcha }))).statusCode).toBe(201);
    // ... and is then spent for previews too.
    expect(pointersOf(await preview({ keywords: 'Quasar Interactive', altcha }))).toEqual({ '/altcha': MSG.validation.captcha });
  });

  it('needs a valid captcha and usable keywords, each refused at its field', async () => {
    expect(pointersOf(await preview({ keywords: 'Quasar Interactive', altcha: encode({ algorithm: 'SHA-256' }) }))).toEqual({
      '/altcha': MSG.validation.captcha,
    });
    expect(pointersOf(await preview({ keywords: 'Quasar Interactive' }))).toEqual({ '/altcha': MSG.validation.captcha });
    const altcha = await solveCaptcha();
    expect(pointersOf(await preview({ keywords: 'abc', altcha }))).toEqual({ '/keywords': MSG.validation.alertKeywords });
    expect(pointersOf(await preview({ keywords: '!!!!!', altcha }))).toEqual({ '/keywords': QUERY_MSG.noSearchableText });
  });

  it(`answers 429 after ${SIGNUP_PREVIEW_PER_MINUTE} previews a minute from one address`, async () => {
    const own = await createTestContext();
    try {
      const altcha = await solveCaptcha(own);
      for (let i = 0; i < SIGNUP_PREVIEW_PER_MINUTE; i++) expect((await preview({ keywords: 'Quasar Interactive', altcha }, own)).statusCode).toBe(200);
      const res = await preview({ keywords: 'Quasar Interactive', altcha }, own);
      expect(res.statusCode).toBe(429);
      expect(res.json().errors[0]).toMatchObject({ code: 'rate_limited', detail: MSG.alertsApi.previewRateLimited });
    } finally {
      await own.close();
    }
  });
});

describe('GET p/free_user/preview (Twitch games)', () => {
  it('searches games through Twitch with an app token it keeps', async () => {
    // Sign-ups above named their Twitch feed's game with a token of their own.
    const tokensBefore = twitch.tokenRequests();
    const res = await ctx.call('GET', '/api/p/free_user/preview?searchTerm=zelda');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      data: [
        { id: '110758', name: 'The Legend of Zelda: Tears of the Kingdom', box_art_url: expect.stringContaining('110758') },
        { id: '18846', name: 'The Legend of Zelda: Breath of the Wild', box_art_url: expect.stringContaining('18846') },
      ],
    });
    const search = twitch.requests.find((r) => r.path === '/helix/search/categories')!;
    expect(search.query.query).toBe('zelda');
    expect(search.headers['client-id']).toBe(twitch.clientId);
    const tokenCall = twitch.requests.find((r) => r.path === '/oauth2/token')!;
    expect(new URLSearchParams(tokenCall.body).get('grant_type')).toBe('client_credentials');

    expect((await ctx.call('GET', '/api/p/free_user/preview?searchTerm=craft')).json().data.map((g: { name: string }) => g.name)).toEqual(['Minecraft']);
    expect((await ctx.call('GET', '/api/p/free_user/preview?searchTerm=nothing%20like%20it')).json()).toEqual({ data: [] });
    expect(twitch.tokenRequests() - tokensBefore).toBe(1);
  });

  it('fetches a new token when Twitch no longer accepts the old one', async () => {
    const tokensBefore = twitch.tokenRequests();
    twitch.revokeTokens();
    const res = await ctx.call('GET', '/api/p/free_user/preview?searchTerm=auto');
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((g: { id: string }) => g.id)).toEqual(['32982']);
    expect(twitch.tokenRequests()).toBe(tokensBefore + 1);
  });

  it('needs more than 2 characters', async () => {
    for (const term of ['', 'ze', '%20%20ze%20']) {
      const res = await ctx.call('GET', `/api/p/free_user/preview?searchTerm=${term}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[0]).toMatchObject({ code: 'bad_request', detail: MSG.validation.feedKeyword, source: { parameter: 'searchTerm' } });
    }
    expect((await ctx.call('GET', '/api/p/free_user/preview')).statusCode).toBe(400);
  });

  it('answers 503 when Twitch is not configured', async () => {
    const bare = await createTestContext();
    try {
      const res = await bare.call('GET', '/api/p/free_user/preview?searchTerm=zelda');
      expect(res.statusCode).toBe(503);
      expect(res.json().errors[0]).toMatchObject({ status: '503', code: 'not_connected', detail: TWITCH_NOT_CONNECTED });
      // The sign-up form learns it before anyone types: the stream alert shows disabled with the reason.
      expect((await bare.call('GET', '/api/p/free_user/options')).json()).toEqual({
        data: { twitch: { available: false, reason: MSG.signup.twitchUnavailable } },
      });
      expect((await ctx.call('GET', '/api/p/free_user/options')).json()).toEqual({ data: { twitch: { available: true, reason: null } } });
    } finally {
      await bare.close();
    }
  });

  it('answers 503 when Twitch refuses our credentials', async () => {
    const wrong = await createTestContext({ ...twitch.env, TWITCH_CLIENT_SECRET: 'not-the-secret' });
    try {
      const res = await wrong.call('GET', '/api/p/free_user/preview?searchTerm=zelda');
      expect(res.statusCode).toBe(503);
      expect(res.json().errors[0].code).toBe('unavailable');
    } finally {
      await wrong.close();
    }
  });
});

describe('Captcha memory', () => {
  it('forgets redeemed challenges once they have expired, and is capped', async () => {
    let now = Date.now();
    const captcha = new Captcha({ hmacKey: 'k', maxNumber: 50, maxRemembered: 3, now: () => now });
    const solve = async () => {
      const ch = await captcha.createChallenge();
      const s = await solveChallenge(ch.challenge, ch.salt, ch.algorithm, ch.maxnumber).promise;
      return encode({ ...ch, number: s!.number });
    };
    const first = await solve();
    expect(await captcha.redeem(first)).toBe(true);
    expect(await captcha.redeem(first)).toBe(false);
    for (let i = 0; i < 4; i++) expect(await captcha.redeem(await solve())).toBe(true);
    expect(captcha.rememberedCount).toBe(3);
    now += CAPTCHA_TTL_MS + 1;
    const late = await solve();
    expect(await captcha.redeem(late)).toBe(true);
    expect(captcha.rememberedCount).toBe(1);
  });
});
