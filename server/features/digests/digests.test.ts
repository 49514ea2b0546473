import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../../db/client.js';
import { notificationSubscriptions } from '../../db/schema/notifications.js';
import { mailOutbox } from '../../db/schema/reports.js';
import { createTestContext, type TestContext } from '../../../test/helpers/app.js';
import { startFakeFeedServer } from '../../../test/fakes/feeds.js';
import { addToFeed, makeAlert, makeArchiveArticle, makeFeed, makeWebsite } from '../../../test/helpers/coverage-factories.js';
import { makeOrg, makeProject } from '../../../test/helpers/factories.js';
import { pollFeed } from '../crawler/service.js';
import { countsLine } from './digest-mail.js';
import { digestRunUpper } from './jobs.js';
import { dailyCutoff, runDigests } from './service.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ PUBLIC_URL: 'https://cw.example/', DIGEST_HOUR_UTC: '7', ALLOW_PRIVATE_NETWORK: 'true' });
});
afterAll(() => ctx.close());

const log = { info: () => {}, warn: () => {}, error: () => {} };
const deps = () => ({ db: ctx.deps.db, config: ctx.config, log });
const minutes = (n: number) => n * 60_000;

/** An organization with a project, its alert, and the admin subscribed (watermark at `since`). */
async function subscribed(opts: { keywords?: string; frequency?: 'daily' | 'instant'; since: Date; projectName?: string }) {
  const { org, admin, token } = await makeOrg(ctx, { name: 'Acme <Media>' });
  const project = await makeProject(ctx, org.id, { name: opts.projectName ?? 'Nova Launch' });
  const alert = await makeAlert(ctx, org.id, { projectId: project.id, keywords: opts.keywords ?? '"nova"' });
  const res = await ctx.call('POST', '/api/notifications', {
    token,
    body: { data: { type: 'notification', attributes: { project_id: project.id, user_id: admin.user.id } } },
  });
  const id = Number(res.json().data.id);
  await ctx.deps.db
    .update(notificationSubscriptions)
    .set({ frequency: opts.frequency ?? 'instant', coveredUntil: opts.since })
    .where(eq(notificationSubscriptions.id, id));
  return { org, admin, token, project, alert, id };
}

/** Articles put in the alert's feed as if matched at `matchedAt`. */
async function matched(
  alert: { id: number; organizationId: number },
  matchedAt: Date,
  list: { title: string; reach?: number; url?: string; description?: string; websiteId?: number }[],
) {
  const rows = [];
  for (const a of list)
    rows.push(await makeArchiveArticle(ctx, { title: a.title, reach: a.reach ?? 1, url: a.url, description: a.description ?? '', websiteId: a.websiteId }));
  await addToFeed(ctx, alert, rows);
  await ctx.deps.db.execute(
    sql`update alert_articles set matched_at = ${matchedAt.toISOString()}::timestamptz where alert_id = ${alert.id} and article_id in (${sql.join(
      rows.map((r) => sql`${r.id}`),
      sql`, `,
    )})`,
  );
  return rows;
}

const mailsTo = (userId: number) => ctx.deps.db.select().from(mailOutbox).where(eq(mailOutbox.userId, userId));
const subRow = async (id: number) => (await ctx.deps.db.select().from(notificationSubscriptions).where(eq(notificationSubscriptions.id, id)))[0];

describe('digest content', () => {
  it('mails only the coverage after the watermark, top 10 by media score, with outlet, matched words and "and N more"', async () => {
    const now = new Date('2031-03-04T10:00:00Z');
    const since = new Date(now.getTime() - minutes(60));
    const s = await subscribed({ since, keywords: '"nova" OR "orbit"' });
    const site = await makeWebsite(ctx, { domain: 'gamespot.example', name: 'GameSpot' });
    await matched(s.alert, new Date(since.getTime() - minutes(5)), [{ title: 'Nova old news, already mailed', reach: 10 }]);
    const fresh = Array.from({ length: 12 }, (_, i) => ({
      title: `Nova story ${i}`,
      reach: i + 0.5,
      description: i === 11 ? 'Into orbit we go' : '',
      websiteId: site.id,
    }));
    await matched(s.alert, new Date(since.getTime() + minutes(10)), fresh);
    await matched(s.alert, new Date(now.getTime() + minutes(1)), [{ title: 'Nova from the future (next digest)', reach: 10 }]);

    const result = await runDigests(deps(), now);
    expect(result).toMatchObject({ sent: 1 });
    const [mail] = await mailsTo(s.admin.user.id);
    expect(mail.subject).toBe('Nova Launch: 12 new articles');
    expect(mail.toAddress).toBe(s.admin.user.email);
    expect(mail.organizationId).toBe(s.org.id);
    expect(mail.textBody).not.toContain('already mailed');
    expect(mail.textBody).not.toContain('from the future');
    // Best first: story 11 (score 11.5) … story 2; stories 0 and 1 are counted, not listed.
    expect(mail.textBody.indexOf('Nova story 11')).toBeLessThan(mail.textBody.indexOf('Nova story 10'));
    expect(mail.textBody).toContain('Nova story 2');
    expect(mail.textBody).not.toContain('Nova story 1\n');
    expect(mail.textBody).toContain('…and 2 more');
    expect(mail.textBody).toContain('GameSpot');
    expect(mail.textBody).toMatch(/Matched: Nova, orbit/);
    expect(mail.htmlBody).toContain('>Nova story 11</a>');
    expect(mail.htmlBody).toContain('Why you get this');
    const tokenRow = await subRow(s.id);
    expect(mail.textBody).toContain(`https://cw.example/unsubscribe/${tokenRow.unsubscribeToken}`);
    expect(mail.headers).toEqual({
      'List-Unsubscribe': `<https://cw.example/api/p/unsubscribe/${tokenRow.unsubscribeToken}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    expect(tokenRow.coveredUntil.toISOString()).toBe(now.toISOString());
    expect(tokenRow.lastSentAt?.toISOString()).toBe(now.toISOString());
  });

  it('takes in every alert of the project (Agency plans have several), an article two alerts matched once', async () => {
    const now = new Date('2031-03-05T10:00:00Z');
    const since = new Date(now.getTime() - minutes(60));
    const s = await subscribed({ since, keywords: '"nova"', projectName: 'Nova Saga' });
    const second = await makeAlert(ctx, s.org.id, { projectId: s.project.id, keywords: '"orbit"' });
    const [both] = await matched(s.alert, new Date(since.getTime() + minutes(5)), [{ title: 'Nova goes into orbit', reach: 5 }]);
    await addToFeed(ctx, second, [both!]);
    await matched(second, new Date(since.getTime() + minutes(10)), [{ title: 'Orbit, the sequel', reach: 4 }]);
    // Another organization's alert on a project of its own never reaches this digest.
    const other = await makeOrg(ctx, { name: 'Elsewhere' });
    const otherProject = await makeProject(ctx, other.org.id, { name: 'Elsewhere' });
    const otherAlert = await makeAlert(ctx, other.org.id, { projectId: otherProject.id, keywords: '"orbit"' });
    await matched(otherAlert, new Date(since.getTime() + minutes(10)), [{ title: 'Orbit elsewhere', reach: 9 }]);

    await runDigests(deps(), now);
    const [mail] = await mailsTo(s.admin.user.id);
    expect(mail.subject).toBe('Nova Saga: 2 new articles');
    expect(mail.textBody).toContain('Orbit, the sequel');
    expect(mail.textBody.match(/Nova goes into orbit/g)).toHaveLength(1);
    expect(mail.textBody).not.toContain('Orbit elsewhere');
  });

  it('escapes hostile titles and outlet names and never links a javascript: URL', async () => {
    const now = new Date('2031-03-05T10:00:00Z');
    const s = await subscribed({ since: new Date(now.getTime() - minutes(30)), projectName: 'P <b>&</b>' });
    const site = await makeWebsite(ctx, { name: '<img src=x onerror=alert(1)>' });
    await matched(s.alert, new Date(now.getTime() - minutes(10)), [
      { title: 'Nova <script>alert("x")</script>', websiteId: site.id },
      { title: 'Nova "quoted" link', url: 'https://ok.example/a?b=1&c="2"' },
    ]);
    await runDigests(deps(), now);
    const [mail] = await mailsTo(s.admin.user.id);
    expect(mail.htmlBody).not.toMatch(/<script|<img|<b>/);
    expect(mail.htmlBody).toContain('Nova &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    expect(mail.htmlBody).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(mail.htmlBody).toContain('P &lt;b&gt;&amp;&lt;/b&gt;');
    expect(mail.htmlBody).not.toMatch(/href="[^"]*"2"/);
    expect(mail.subject).toBe('P <b>&</b>: 2 new articles');
  });

  it('sends nothing when there is no new coverage, and moves the watermark', async () => {
    const now = new Date('2031-03-06T10:00:00Z');
    const s = await subscribed({ since: new Date(now.getTime() - minutes(30)) });
    const result = await runDigests(deps(), now);
    expect(result.sent).toBe(0);
    expect(await mailsTo(s.admin.user.id)).toHaveLength(0);
    expect((await subRow(s.id)).coveredUntil.toISOString()).toBe(now.toISOString());
    expect((await subRow(s.id)).lastSentAt).toBeNull();
  });

  it('skips switched-off subscriptions and deleted feed rows', async () => {
    const now = new Date('2031-03-07T10:00:00Z');
    const s = await subscribed({ since: new Date(now.getTime() - minutes(30)) });
    await matched(s.alert, new Date(now.getTime() - minutes(5)), [{ title: 'Nova while off' }]);
    await ctx.call('POST', '/api/notifications', {
      token: s.token,
      body: { data: { type: 'notification', attributes: { project_id: s.project.id, user_id: s.admin.user.id } } },
    });
    await runDigests(deps(), now);
    expect(await mailsTo(s.admin.user.id)).toHaveLength(0);
  });
});

describe('subject line', () => {
  it('counts each kind, "new" on the first, thousands grouped', () => {
    const n = (total: number) => ({ total, items: [] });
    expect(countsLine({ articles: n(1234), videos: n(1), streams: n(2) })).toBe('1,234 new articles, 1 video, 2 streams');
    expect(countsLine({ articles: n(0), videos: n(0), streams: n(1) })).toBe('1 new stream');
  });
});

describe('videos and streams', () => {
  it('lists the project feed’s new videos and streams by views, top 5 each, in the subject too', async () => {
    const now = new Date('2031-03-08T10:00:00Z');
    const s = await subscribed({ since: new Date(now.getTime() - minutes(30)), projectName: 'Media Project' });
    const q = (text: string, params: unknown[]) => ctx.deps.pool.query(text, params);
    const found = new Date(now.getTime() - minutes(10)).toISOString();
    const search = await q(`insert into youtube_searches (query) values ('nova digest') returning id`, []);
    const feed = await q(`insert into youtube_feeds (organization_id, project_id, keyword, search_id) values ($1, $2, 'nova', $3) returning id`, [
      s.org.id,
      s.project.id,
      search.rows[0].id,
    ]);
    await q(`insert into youtube_channels (id, title) values ('UCdigest', 'Nova Channel') on conflict do nothing`, []);
    for (let i = 0; i < 6; i++) {
      const v = await q(`insert into youtube_videos (video_id, channel_id, title, published_at, views) values ($1, 'UCdigest', $2, now(), $3) returning id`, [
        `vid${i}digest`.padEnd(11, 'x'),
        `Nova video ${i}`,
        i * 100,
      ]);
      await q(`insert into youtube_feed_videos (feed_id, video_id, organization_id, inserted_at) values ($1, $2, $3, $4)`, [
        feed.rows[0].id,
        v.rows[0].id,
        s.org.id,
        found,
      ]);
    }
    await q(`insert into twitch_games (id, name) values ('990001', 'Nova Game') on conflict do nothing`, []);
    const tfeed = await q(`insert into twitch_feeds (organization_id, project_id, keyword, game_id) values ($1, $2, 'nova', '990001') returning id`, [
      s.org.id,
      s.project.id,
    ]);
    await q(`insert into twitch_channels (id, login, display_name) values ('990002', 'novacaster', 'NovaCaster') on conflict do nothing`, []);
    const item = await q(
      `insert into twitch_items (kind, twitch_id, twitch_video_id, broadcaster_id, game_id, title, url, published_at, view_count)
       values ('video', '990003', '990003', '990002', '990001', 'Nova stream', 'https://www.twitch.tv/videos/990003', now(), 42) returning id`,
      [],
    );
    await q(`insert into twitch_feed_items (feed_id, item_id, organization_id, inserted_at) values ($1, $2, $3, $4)`, [
      tfeed.rows[0].id,
      item.rows[0].id,
      s.org.id,
      found,
    ]);

    await runDigests(deps(), now);
    const [mail] = await mailsTo(s.admin.user.id);
    expect(mail.subject).toBe('Media Project: 6 new videos, 1 stream');
    expect(mail.textBody.indexOf('Nova video 5')).toBeLessThan(mail.textBody.indexOf('Nova video 1'));
    expect(mail.textBody).not.toContain('Nova video 0');
    expect(mail.textBody).toContain('…and 1 more');
    expect(mail.textBody).toContain('Nova Channel');
    expect(mail.textBody).toContain('https://www.youtube.com/watch?v=vid5digestx');
    expect(mail.textBody).toContain('NovaCaster');
    expect(mail.htmlBody).toContain('href="https://www.twitch.tv/videos/990003"');
  });

  it('mails nothing for an organization whose workspace is closed (trial over)', async () => {
    const now = new Date('2031-03-09T10:00:00Z');
    const s = await subscribed({ since: new Date(now.getTime() - minutes(30)) });
    await matched(s.alert, new Date(now.getTime() - minutes(5)), [{ title: 'Nova behind the paywall' }]);
    await ctx.deps.pool.query(`update organizations set plan = 'trial', trial_ends_at = $2 where id = $1`, [s.org.id, new Date(now.getTime() - minutes(60))]);
    await runDigests(deps(), now);
    expect(await mailsTo(s.admin.user.id)).toHaveLength(0);
    // The watermark waits for the upgrade.
    expect((await subRow(s.id)).coveredUntil.getTime()).toBeLessThan(now.getTime());
  });
});

describe('timing', () => {
  it('daily digests go out once, in the first run after DIGEST_HOUR_UTC; instant ones every run with news', async () => {
    expect(dailyCutoff(new Date('2031-04-02T06:59:00Z'), 7).toISOString()).toBe('2031-04-01T07:00:00.000Z');
    expect(dailyCutoff(new Date('2031-04-02T07:00:00Z'), 7).toISOString()).toBe('2031-04-02T07:00:00.000Z');

    const start = new Date('2031-04-01T09:00:00Z');
    const daily = await subscribed({ since: start, frequency: 'daily' });
    const instant = await subscribed({ since: start, frequency: 'instant' });
    for (const s of [daily, instant]) await matched(s.alert, new Date('2031-04-01T10:00:00Z'), [{ title: 'Nova morning' }]);

    await runDigests(deps(), new Date('2031-04-01T10:05:00Z'));
    expect(await mailsTo(instant.admin.user.id)).toHaveLength(1);
    expect(await mailsTo(daily.admin.user.id)).toHaveLength(0);

    // Before the next day's hour: still waiting.
    await runDigests(deps(), new Date('2031-04-02T06:55:00Z'));
    expect(await mailsTo(daily.admin.user.id)).toHaveLength(0);
    // The first run after 07:00 sends it; the next runs of the day do not.
    await runDigests(deps(), new Date('2031-04-02T07:00:00Z'));
    await runDigests(deps(), new Date('2031-04-02T07:05:00Z'));
    await matched(daily.alert, new Date('2031-04-02T07:06:00Z'), [{ title: 'Nova later that day' }]);
    await runDigests(deps(), new Date('2031-04-02T12:00:00Z'));
    const mails = await mailsTo(daily.admin.user.id);
    expect(mails).toHaveLength(1);
    expect(mails[0].textBody).toContain('Nova morning');
    // The day after, the later article comes.
    await runDigests(deps(), new Date('2031-04-03T07:00:00Z'));
    const next = await mailsTo(daily.admin.user.id);
    expect(next).toHaveLength(2);
    expect(next.find((m) => m.id !== mails[0].id)!.textBody).toContain('Nova later that day');
  });
});

describe('exactly once', () => {
  it('two concurrent runs mail a digest once', async () => {
    const now = new Date('2031-05-01T10:00:00Z');
    const s = await subscribed({ since: new Date(now.getTime() - minutes(30)) });
    await matched(s.alert, new Date(now.getTime() - minutes(5)), [{ title: 'Nova raced' }]);
    const [a, b] = await Promise.all([runDigests(deps(), now), runDigests(deps(), now)]);
    expect(a.sent + b.sent).toBe(1);
    expect(await mailsTo(s.admin.user.id)).toHaveLength(1);
  });

  it('a run that dies after writing the mail sends nothing; the next run sends it once', async () => {
    const now = new Date('2031-05-02T10:00:00Z');
    const s = await subscribed({ since: new Date(now.getTime() - minutes(30)) });
    await matched(s.alert, new Date(now.getTime() - minutes(5)), [{ title: 'Nova survives a crash' }]);
    // The watermark update (after the outbox insert, in the same transaction) fails, as a worker
    // dying at that point would: both roll back.
    await ctx.deps.pool.query(`
      create or replace function digest_test_fail() returns trigger language plpgsql as $$
      begin raise exception 'worker died'; end $$;
      create trigger digest_test_fail before update on notification_subscriptions
        for each row when (new.id = ${s.id} and new.covered_until <> old.covered_until) execute function digest_test_fail();`);
    try {
      const failed = await runDigests(deps(), now);
      expect(failed).toMatchObject({ sent: 0, skipped: 1 });
      expect(await mailsTo(s.admin.user.id)).toHaveLength(0);
    } finally {
      await ctx.deps.pool.query('drop trigger digest_test_fail on notification_subscriptions; drop function digest_test_fail();');
    }
    await runDigests(deps(), new Date(now.getTime() + minutes(5)));
    await runDigests(deps(), new Date(now.getTime() + minutes(10)));
    const mails = await mailsTo(s.admin.user.id);
    expect(mails).toHaveLength(1);
    expect(mails[0].textBody).toContain('Nova survives a crash');
  });
});

describe('coverage still being committed', () => {
  it('a match an ingest commits after a run started is mailed by the next run, never passed over', async () => {
    const s = await subscribed({ since: new Date(Date.now() - minutes(1)), keywords: '"heron"' });
    const feeds = await startFakeFeedServer();
    const worker = createDatabase(ctx.dbUrl, { max: 2, statementTimeoutMs: 20000, applicationName: 'coverwatch-worker' });
    const blocker = await ctx.deps.pool.connect();
    try {
      feeds.setFeed('/heron.xml', {
        format: 'rss',
        title: 'Heron News',
        items: [{ title: 'Heron lands on the moon', url: 'https://heron-news.example/moon.html', description: '', published: new Date() }],
      });
      const site = await makeWebsite(ctx, { domain: 'heron-news.example', reach: 5 });
      const feed = await makeFeed(ctx, site.id, { url: `${feeds.url}/heron.xml` });
      // The poll's ingest writes the match, then waits on the feed row this session holds, so its
      // transaction is open while a digest run starts; the poll read its clock 5 s earlier (a slow fetch).
      await blocker.query('begin');
      await blocker.query('select id from feeds where id = $1 for update', [feed.id]);
      const polled = pollFeed({ db: worker.db, config: ctx.config }, feed.id, { now: new Date(Date.now() - 5000) });
      await expect
        .poll(
          async () =>
            (
              await ctx.deps.pool.query(
                `select count(*)::int as n from pg_stat_activity where datname = current_database() and application_name = 'coverwatch-worker' and wait_event_type = 'Lock'`,
              )
            ).rows[0].n,
          { timeout: 15000 },
        )
        .toBe(1);
      // The run covers nothing past the open ingest's start, so the watermark stays before the match.
      const upper = await digestRunUpper(ctx.deps.db, 0);
      expect(await runDigests(deps(), upper)).toMatchObject({ due: 1, sent: 0, empty: 1 });
      await blocker.query('commit');
      expect(await polled).toMatchObject({ status: 'ok', matched: 1 });
      expect(await runDigests(deps(), await digestRunUpper(ctx.deps.db, 0))).toMatchObject({ sent: 1 });
      const [mail] = await mailsTo(s.admin.user.id);
      expect(mail.textBody).toContain('Heron lands on the moon');
    } finally {
      await blocker.query('rollback').catch(() => undefined);
      blocker.release();
      await worker.close();
      await feeds.close();
    }
  });

  it("leaves other programs' sessions and the app's read-only pools out of the bound", async () => {
    const other = new pg.Client({ connectionString: ctx.dbUrl, application_name: 'psql' });
    const search = new pg.Client({ connectionString: ctx.dbUrl, application_name: 'coverwatch-search' });
    await Promise.all([other.connect(), search.connect()]);
    try {
      await other.query('begin; select 1');
      await search.query('begin; select 1');
      const now = new Date(Date.now() + 60_000);
      expect(await digestRunUpper(ctx.deps.db, 30, now)).toEqual(new Date(now.getTime() - 30_000));
    } finally {
      await Promise.all([other.end(), search.end()]);
    }
  });
});

describe('unsubscribe', () => {
  it('GET says what the link turns off and changes nothing; POST turns off that one subscription only', async () => {
    const now = new Date('2031-06-01T10:00:00Z');
    const s = await subscribed({ since: now, projectName: 'Unsub Project' });
    const other = await makeProject(ctx, s.org.id);
    await ctx.call('POST', '/api/notifications', {
      token: s.token,
      body: { data: { type: 'notification', attributes: { project_id: other.id, user_id: s.admin.user.id } } },
    });
    const { unsubscribeToken } = await subRow(s.id);

    const shown = await ctx.call('GET', `/api/p/unsubscribe/${unsubscribeToken}`);
    expect(shown.statusCode).toBe(200);
    expect(shown.json().data.attributes).toEqual({
      status: true,
      frequency: 'instant',
      project_name: 'Unsub Project',
      organization_name: 'Acme <Media>',
      email: `${s.admin.user.email[0]}•••@example.test`,
    });
    expect((await subRow(s.id)).status).toBe(true);

    // RFC 8058: what a mail client sends.
    const oneClick = await ctx.app.inject({
      method: 'POST',
      url: `/api/p/unsubscribe/${unsubscribeToken}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.statusCode, oneClick.body).toBe(200);
    expect(oneClick.json().data.attributes.status).toBe(false);
    expect((await subRow(s.id)).status).toBe(false);
    const list = (await ctx.call('GET', `/api/notifications?id=${s.admin.user.id}`, { token: s.token })).json().data;
    expect(
      list.find((d: { relationships: { project: { data: { id: string } } } }) => d.relationships.project.data.id === String(other.id)).attributes.status,
    ).toBe(true);

    // RFC 8058 also allows multipart/form-data.
    const multipart = await ctx.app.inject({
      method: 'POST',
      url: `/api/p/unsubscribe/${unsubscribeToken}`,
      headers: { 'content-type': 'multipart/form-data; boundary=XyZ' },
      payload: '--XyZ\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--XyZ--\r\n',
    });
    expect(multipart.statusCode, multipart.body).toBe(200);

    // Idempotent, from the web page (empty body).
    const again = await ctx.app.inject({ method: 'POST', url: `/api/p/unsubscribe/${unsubscribeToken}` });
    expect(again.statusCode).toBe(200);
    expect(again.json().data.attributes.status).toBe(false);
  });

  it('an unknown token is a 404, by GET and POST', async () => {
    expect((await ctx.call('GET', '/api/p/unsubscribe/not-a-token')).statusCode).toBe(404);
    const post = await ctx.call('POST', '/api/p/unsubscribe/not-a-token', { body: {} });
    expect(post.statusCode).toBe(404);
    expect(post.json().errors[0].code).toBe('not_found');
  });
});
