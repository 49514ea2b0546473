import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createDatabase } from '../../db/client.js';
import { startFakeFeedServer } from '../../../test/fakes/feeds.js';
import { makeFeed, makeWebsite } from '../../../test/helpers/coverage-factories.js';
import { makeProject } from '../../../test/helpers/factories.js';
import { pollFeed } from '../crawler/service.js';
import { digestRunUpper } from './jobs.js';
import { dailyCutoff, runDigests } from './service.js';
import { ctx, deps, mailsTo, matched, minutes, subRow, subscribed, useDigestsContext } from './digests-setup.js';

// When digests go out (the daily hour, exactly once, coverage still being committed) and unsubscribing.
useDigestsContext();

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
