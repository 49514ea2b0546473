import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { MSG } from '../../../common/messages.js';
import { TIER, ROLE } from '../../../common/limits.js';
import { QUERY_MSG } from '../../../common/query/messages.js';
import { feedItem, makeFeed, makeWebsite } from '../../../test/helpers/coverage-factories.js';
import { ingestItems } from '../crawler/service.js';
import { CAPTCHA_TTL_MS } from '../auth/service.js';
import { ARTICLES_ACTIVE } from './service.js';
import { archive, body, count, ctx, nextSeq, projectAlertOf, signUp, solveCaptcha, TWITCH_ACTIVE, useSignupContext, YOUTUBE_ACTIVE } from './signup-setup.js';

// Creating an account. Refused sign-ups: signup-refusals.test.ts; previews: signup-preview.test.ts.
useSignupContext();

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
    const email = `verify-${nextSeq()}@example.test`;
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
