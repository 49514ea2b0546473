import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { createTestContext, type TestContext } from '../../../test/helpers/app.js';
import { makeOrg, makeProject } from '../../../test/helpers/factories.js';
import { makeAlert, makeArchiveArticlesSql, makeWebsite } from '../../../test/helpers/coverage-factories.js';
import { startFakeSlack, type FakeSlack } from '../../../test/fakes/slack.js';
import { startFakeDiscord, type FakeDiscord } from '../../../test/fakes/discord.js';
import { SPIKE_MESSAGES } from '../../../common/schemas/spikes.js';
import { notificationOutbox } from '../../db/schema/coverage.js';
import { spikeAlerts } from '../../db/schema/notifications.js';
import { mailOutbox } from '../../db/schema/reports.js';
import { deliverDue } from '../notifications/service.js';
import { runSpikeCheck } from './service.js';

let ctx: TestContext;
let slack: FakeSlack;
let discord: FakeDiscord;

beforeAll(async () => {
  ctx = await createTestContext({ ALLOW_PRIVATE_NETWORK: 'true', PUBLIC_URL: 'https://cw.example/' });
  [slack, discord] = await Promise.all([startFakeSlack(), startFakeDiscord()]);
});
afterAll(async () => {
  await Promise.all([slack?.close(), discord?.close()]);
  await ctx?.close();
});

const log = { info: () => {}, warn: () => {}, error: () => {} };
const deps = () => ({ db: ctx.deps.db, config: ctx.config, log });
const pointer = (field: string) => `/data/attributes/${field}`;
const settingsBody = (attributes: Record<string, unknown>) => ({ data: { type: 'spike-alerts', attributes } });

/** The clock of the detection runs: 10:30 UTC, so the current hour started at 10:00. */
const NOW = new Date('2026-11-20T10:30:00.000Z');
const HOUR = new Date('2026-11-20T10:00:00.000Z');
const minutes = (n: number) => n * 60_000;

let batch = 0;
/**
 * `n` archive articles matched by the alert: article g (1…n) published at `pubAt(g)` (SQL over
 * `g`), matched `matchedAfter` later (10 minutes unless told). `story`: every copy carries the
 * story of the first one (a syndicated piece), with one title.
 */
async function matched(
  alert: { id: number; organizationId: number },
  n: number,
  pubAt: string,
  opts: { story?: boolean; title?: string; matchedAfter?: string; websiteId?: number } = {},
) {
  const b = ++batch;
  const host = `burst${b}.example.test`;
  const title = (opts.title ?? `Story ${b}`).replace(/'/g, "''");
  await makeArchiveArticlesSql(
    ctx,
    `select md5('spike-${b}-' || g) as url_key, 'https://${host}/' || g as url, 'https://${host}/' || g as full_url,
            '${title}' || ${opts.story ? "''" : "' #' || g"} as title, '' as description, 'en' as language,
            ${pubAt} as pub_date, 1 as reach, ''::tsvector as search, ${opts.websiteId ?? 'null'}::int as website_id
       from generate_series(1, ${n}) g`,
    ['website_id'],
  );
  await ctx.deps.db.execute(sql`
    insert into alert_articles (alert_id, article_id, organization_id, pub_date, reach, language, title_sort, media, search, matched_at, story_id)
    select ${alert.id}, a.id, ${alert.organizationId}, a.pub_date, a.reach, a.language, lower(a.title), ${host}, s.search,
           a.pub_date + ${sql.raw(`interval '${opts.matchedAfter ?? '10 minutes'}'`)},
           ${opts.story ? sql`min(a.id) over ()` : sql`null`}
      from articles a join article_search s on s.id = a.id and s.pub_date = a.pub_date
     where a.url like ${`https://${host}/%`}`);
}

/** An organization with a project whose alert announces to the fake Slack and Discord, spike alerts on (hourly). */
async function watchedProject(settings: Record<string, unknown> = {}) {
  const owner = await makeOrg(ctx, { name: 'Acme Media' });
  const project = await makeProject(ctx, owner.org.id, { name: 'Nova Launch' });
  const alert = await makeAlert(ctx, owner.org.id, {
    projectId: project.id,
    slackWebhookUrl: slack.webhookUrl(),
    discordWebhookUrl: discord.webhookUrl(),
  });
  const res = await ctx.call('PATCH', `/api/projects/${project.id}/spike-alerts`, {
    token: owner.token,
    body: settingsBody({ enabled: true, window: 'hour', factor: 3, min_matches: 5, ...settings }),
  });
  expect(res.statusCode, res.body).toBe(200);
  return { owner, project, alert };
}

const spikesOf = (projectId: number) => ctx.deps.db.select().from(spikeAlerts).where(eq(spikeAlerts.projectId, projectId));
const outboxOf = (projectId: number) =>
  ctx.deps.db
    .select()
    .from(notificationOutbox)
    .where(and(eq(notificationOutbox.subject, 'spike'), eq(notificationOutbox.sourceId, projectId)));

describe('spike alert settings', () => {
  it('answers the defaults, saves what is given and keeps the rest', async () => {
    const { token, org } = await makeOrg(ctx);
    const project = await makeProject(ctx, org.id);
    const url = `/api/projects/${project.id}/spike-alerts`;
    const before = await ctx.call('GET', url, { token });
    expect(before.statusCode).toBe(200);
    expect(before.json().data).toEqual({
      type: 'spike-alerts',
      id: String(project.id),
      attributes: { enabled: false, window: 'day', factor: 3, min_matches: 10 },
    });
    const saved = await ctx.call('PATCH', url, { token, body: settingsBody({ enabled: true, factor: 4.5 }) });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.attributes).toEqual({ enabled: true, window: 'day', factor: 4.5, min_matches: 10 });
    expect((await ctx.call('GET', url, { token })).json().data.attributes).toEqual({ enabled: true, window: 'day', factor: 4.5, min_matches: 10 });
  });

  it.each([
    ['factor', 1.4, SPIKE_MESSAGES.factor],
    ['factor', 50.5, SPIKE_MESSAGES.factor],
    ['factor', '3', SPIKE_MESSAGES.factor],
    ['min_matches', 0, SPIKE_MESSAGES.minMatches],
    ['min_matches', 100_001, SPIKE_MESSAGES.minMatches],
    ['min_matches', 2.5, SPIKE_MESSAGES.minMatches],
    ['window', 'week', SPIKE_MESSAGES.window],
  ])('refuses %s = %j with 422 at its pointer, and saves nothing', async (field, value, detail) => {
    const { token, org } = await makeOrg(ctx);
    const project = await makeProject(ctx, org.id);
    const res = await ctx.call('PATCH', `/api/projects/${project.id}/spike-alerts`, { token, body: settingsBody({ enabled: true, [field]: value }) });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual([expect.objectContaining({ status: '422', code: 'validation_failed', detail, source: { pointer: pointer(field) } })]);
    const after = await ctx.call('GET', `/api/projects/${project.id}/spike-alerts`, { token });
    expect(after.json().data.attributes.enabled).toBe(false);
  });

  it('reports every field out of range at once', async () => {
    const { token, org } = await makeOrg(ctx);
    const project = await makeProject(ctx, org.id);
    const res = await ctx.call('PATCH', `/api/projects/${project.id}/spike-alerts`, {
      token,
      body: settingsBody({ factor: 100, min_matches: -1, window: 'minute' }),
    });
    expect(res.statusCode).toBe(422);
    expect(
      res
        .json()
        .errors.map((e: { source: { pointer: string } }) => e.source.pointer)
        .sort(),
    ).toEqual([pointer('factor'), pointer('min_matches'), pointer('window')]);
  });

  it("answers 404 for another organization's project and changes nothing", async () => {
    const { project } = await watchedProject();
    const outsider = await makeOrg(ctx);
    for (const [method, url, body] of [
      ['GET', `/api/projects/${project.id}/spike-alerts`, undefined],
      ['PATCH', `/api/projects/${project.id}/spike-alerts`, settingsBody({ enabled: false })],
      ['GET', `/api/projects/${project.id}/spikes`, undefined],
    ] as const) {
      const res = await ctx.call(method, url, { token: outsider.token, body });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json().errors[0]).toMatchObject({ status: '404', code: 'not_found' });
    }
    const [row] = await ctx.deps.db.execute<{ spike_enabled: boolean }>(sql`select spike_enabled from projects where id = ${project.id}`).then((r) => r.rows);
    expect(row.spike_enabled).toBe(true);
  });
});

describe('spike detection', () => {
  it('tells a burst once on Slack, Discord and by e-mail, with its stories; none before the threshold, none twice', async () => {
    const { owner, project, alert } = await watchedProject();
    const outlet = await makeWebsite(ctx, { domain: 'wire.example', name: 'The Wire' });
    const subscribed = await ctx.call('POST', '/api/notifications', {
      token: owner.token,
      body: { data: { type: 'notification', attributes: { project_id: project.id, user_id: owner.admin.user.id } } },
    });
    expect(subscribed.statusCode).toBe(201);

    // The 14 days before the hour: 2 matches an hour (672 over 336 hours), so 3× is 6.
    await matched(alert, 672, `timestamptz '${HOUR.toISOString()}' - g * interval '30 minutes' - interval '10 minutes'`);
    // This hour: 6 matches reach the minimum (5) but not 3× the baseline…
    await matched(alert, 6, `timestamptz '${HOUR.toISOString()}' + g * interval '1 minute'`);
    // …and 200 old articles a new alert found in the archive this hour do not count at all.
    await matched(alert, 200, `timestamptz '${HOUR.toISOString()}' - interval '60 days'`, { matchedAfter: '60 days 5 minutes' });

    expect(await runSpikeCheck(deps(), NOW)).toMatchObject({ found: 0, announced: 0 });
    expect(await spikesOf(project.id)).toEqual([]);
    expect(slack.delivered()).toHaveLength(0);
    expect(discord.delivered()).toHaveLength(0);

    // The burst: a wire story picked up 5,000 times, and three stories of their own.
    await matched(alert, 5000, `timestamptz '${HOUR.toISOString()}' + interval '12 minutes'`, {
      story: true,
      title: 'Nova Launch sells a million copies',
      websiteId: outlet.id,
    });
    await matched(alert, 3, `timestamptz '${HOUR.toISOString()}' + g * interval '2 minutes'`);

    const first = await runSpikeCheck(deps(), NOW);
    expect(first).toMatchObject({ found: 1, announced: 1, messages: 2, emails: 1 });
    // Again, and later in the same hour with more matches: the hour was told.
    await matched(alert, 50, `timestamptz '${HOUR.toISOString()}' + interval '15 minutes'`);
    expect(await runSpikeCheck(deps(), NOW)).toMatchObject({ found: 0, announced: 0 });
    expect(await runSpikeCheck(deps(), new Date(NOW.getTime() + minutes(20)))).toMatchObject({ found: 0, announced: 0 });
    expect(await deliverDue(deps())).toMatchObject({ sent: 0, messages: 0 });

    const spikes = await spikesOf(project.id);
    expect(spikes).toHaveLength(1);
    expect(spikes[0]).toMatchObject({ window: 'hour', windowStart: HOUR, matches: 5009, baseline: 2, factor: 3 });
    expect(spikes[0].emailedAt).not.toBeNull();
    const stories = spikes[0].stories as { title: string; copies: number; outlet: string }[];
    expect(stories).toHaveLength(5);
    expect(stories[0]).toMatchObject({ title: 'Nova Launch sells a million copies', copies: 5000, outlet: 'The Wire' });
    expect(stories.slice(1).every((s) => s.copies === 1)).toBe(true);

    // One message on each fake, sent once: the 5,000 copies are one story in it.
    const rows = await outboxOf(project.id);
    expect(rows.map((r) => [r.channel, r.status, r.attempts, r.itemKey])).toEqual(
      expect.arrayContaining([
        ['slack', 'sent', 1, `hour:${HOUR.toISOString()}`],
        ['discord', 'sent', 1, `hour:${HOUR.toISOString()}`],
      ]),
    );
    expect(rows).toHaveLength(2);
    expect(slack.delivered()).toHaveLength(1);
    expect(discord.delivered()).toHaveLength(1);
    const s = slack.delivered()[0].payload!;
    expect(s.text).toBe('Coverage spike for *Nova Launch*: 5,009 matches');
    const slackText = JSON.stringify(s.blocks);
    expect(slackText.match(/Nova Launch sells a million copies/g)).toHaveLength(1);
    expect(slackText).toContain('The Wire · 5,000 copies');
    expect(slackText).toContain('5,009 matches (10 stories) for Nova Launch in the hour from 10:00 UTC on 20 Nov 2026, 2504.5× the usual 2 an hour.');
    const d = discord.delivered()[0].payload!;
    expect(d.content).toBe('Coverage spike for **Nova Launch**');
    expect(d.embeds).toHaveLength(1);
    expect(d.embeds![0].fields).toHaveLength(5);
    expect(d.embeds![0].fields![0]).toMatchObject({ name: 'The Wire · 5,000 copies' });

    const mails = await ctx.deps.db.select().from(mailOutbox).where(eq(mailOutbox.userId, owner.admin.user.id));
    const spikeMails = mails.filter((m) => m.subject.startsWith('Coverage spike'));
    expect(spikeMails).toHaveLength(1);
    expect(spikeMails[0].subject).toBe('Coverage spike for Nova Launch: 5,009 matches');
    expect(spikeMails[0].textBody.match(/Nova Launch sells a million copies/g)).toHaveLength(1);

    const list = await ctx.call('GET', `/api/projects/${project.id}/spikes`, { token: owner.token });
    expect(list.statusCode).toBe(200);
    expect(list.json().data).toHaveLength(1);
    expect(list.json().data[0].attributes).toMatchObject({
      window: 'hour',
      window_start: HOUR.toISOString(),
      matches: 5009,
      baseline: 2,
      factor: 3,
      stories: expect.arrayContaining([expect.objectContaining({ copies: 5000 })]),
    });
  });

  it('counts a day against the 14 days before, and leaves projects with spike alerts off alone', async () => {
    const on = await watchedProject({ window: 'day', factor: 2, min_matches: 10 });
    const off = await watchedProject({ enabled: false });
    const day = new Date('2026-11-20T00:00:00.000Z');
    for (const p of [on, off]) {
      // 5 a day over 14 days (70), then 11 today: ≥ 10 and > 2 × 5.
      await matched(p.alert, 70, `timestamptz '${day.toISOString()}' - g * interval '4 hours 48 minutes' - interval '10 minutes'`);
      await matched(p.alert, 11, `timestamptz '${day.toISOString()}' + g * interval '20 minutes'`);
    }
    expect(await runSpikeCheck(deps(), NOW)).toMatchObject({ found: 1, announced: 1 });
    expect(await spikesOf(on.project.id)).toEqual([expect.objectContaining({ window: 'day', windowStart: day, matches: 11, baseline: 5 })]);
    expect(await spikesOf(off.project.id)).toEqual([]);
  });

  it("posts to the Slack app's channel when the alert uses one, and keeps a refused Discord message visible as failed", async () => {
    const { owner, project, alert } = await watchedProject({ min_matches: 3 });
    await ctx.deps.db.execute(sql`update organizations set slack_enabled = true where id = ${owner.org.id}`);
    await ctx.deps.db.execute(sql`update alerts set slack_channel_id = 'C0SPIKES' where id = ${alert.id}`);
    const hook = (await ctx.deps.db.execute<{ url: string }>(sql`select discord_webhook_url as url from alerts where id = ${alert.id}`)).rows[0].url;
    discord.revoke(hook);
    const posted: { orgId: number; channelId: string; text: string }[] = [];
    const slackBot = async (orgId: number, channelId: string, message: { text: string }) => {
      posted.push({ orgId, channelId, text: message.text });
      return { ok: true as const, status: 200 };
    };
    await matched(alert, 4, `timestamptz '${HOUR.toISOString()}' + g * interval '1 minute'`);

    expect(await runSpikeCheck({ ...deps(), slackBot }, NOW)).toMatchObject({ announced: 1, messages: 2 });
    expect(posted).toEqual([{ orgId: owner.org.id, channelId: 'C0SPIKES', text: 'Coverage spike for *Nova Launch*: 4 matches' }]);
    const rows = await outboxOf(project.id);
    expect(rows.find((r) => r.channel === 'slack')).toMatchObject({ status: 'sent', webhookUrl: null });
    const failed = rows.find((r) => r.channel === 'discord')!;
    expect(failed.status).toBe('failed');
    expect(failed.lastError).toBeTruthy();
    expect(await runSpikeCheck({ ...deps(), slackBot }, NOW)).toMatchObject({ found: 0 });
    expect(posted).toHaveLength(1);
  });
});
