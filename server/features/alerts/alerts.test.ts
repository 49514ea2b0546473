import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { MSG } from '../../../common/messages.js';
import { QUERY_MSG } from '../../../common/query/messages.js';
import { alertArticles, alerts } from '../../db/schema/coverage.js';
import { projects } from '../../db/schema/workspace.js';
import { createTestContext, type TestContext } from '../../../test/helpers/app.js';
import { makeOrg, makeProject } from '../../../test/helpers/factories.js';
import { addToFeed, daysAgo, makeArchiveArticle, makeWebsite } from '../../../test/helpers/coverage-factories.js';
import { ARCHIVE_COUNT_CAP } from './repo.js';
import { createAlert } from './service.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

type ErrorBody = { status: string; code: string; detail: string; source?: { pointer?: string; parameter?: string } };

const alertBody = (attributes: Record<string, unknown>) => ({ data: { type: 'alert', attributes } });
const db = () => ctx.deps.db;
const projectRow = async (id: number) => (await db().select().from(projects).where(eq(projects.id, id)))[0];
const feedIds = async (alertId: number) =>
  (await db().select().from(alertArticles).where(eq(alertArticles.alertId, alertId))).map((r) => r.articleId).sort((a, b) => a - b);
const pointers = (res: { json(): { errors: ErrorBody[] } }) => Object.fromEntries(res.json().errors.map((e) => [e.source?.pointer, e.detail]));

/** A word of its own per test: the archive is shared by every test of the file. */
let wordSeq = 0;
const word = () => `quokka${(wordSeq++).toString(36)}x`;

describe('alerts', () => {
  it('creates an alert, links the project and fills the feed from the last two months', async () => {
    const { token, org } = await makeOrg(ctx);
    const project = await makeProject(ctx, org.id, { name: 'Launch Project' });
    const w = word();
    const recent = await makeArchiveArticle(ctx, { title: `The ${w} review`, pubDate: daysAgo(3), reach: 5 });
    const inDescription = await makeArchiveArticle(ctx, { title: 'Something else', description: `all about ${w}`, pubDate: daysAgo(10) });
    await makeArchiveArticle(ctx, { title: `Old ${w} news`, pubDate: daysAgo(100) });
    await makeArchiveArticle(ctx, { title: `Small ${w} blog`, pubDate: daysAgo(2), reach: 0.5 });
    await makeArchiveArticle(ctx, { title: 'Unrelated story', pubDate: daysAgo(1) });

    const res = await ctx.call('POST', '/api/alerts', {
      token,
      body: alertBody({ project_id: String(project.id), keywords: ` ${w} `, min_reach: 1, slack_tracking: false, slack_webhook_url: '' }),
    });
    expect(res.statusCode).toBe(201);
    const doc = res.json().data;
    expect(doc).toMatchObject({
      type: 'alert',
      attributes: {
        project_id: String(project.id),
        name: 'Launch Project',
        keywords: w,
        min_reach: 1,
        slack_tracking: false,
        slack_webhook_url: null,
        discord_webhook_url: null,
        total_articles: 2,
      },
      relationships: { project: { data: { type: 'project', id: String(project.id) } } },
    });
    expect(doc.attributes.last_run_at).toEqual(expect.any(String));
    expect((await projectRow(project.id)).alertId).toBe(Number(doc.id));
    expect(await feedIds(Number(doc.id))).toEqual([recent.id, inDescription.id].sort((a, b) => a - b));

    const one = await ctx.call('GET', `/api/alerts/${doc.id}`, { token });
    expect(one.json().data).toEqual(doc);
    const list = await ctx.call('GET', '/api/alerts?page[page]=0&page[page_size]=100', { token });
    expect(list.json()).toMatchObject({ data: [doc], meta: { total_entries: 1, page_number: 1, page_size: 100 } });
  });

  it('reports every invalid field with its pointer and writes nothing', async () => {
    const { token, org } = await makeOrg(ctx);
    const project = await makeProject(ctx, org.id);
    const res = await ctx.call('POST', '/api/alerts', {
      token,
      body: alertBody({ project_id: project.id, keywords: 'abcd', min_reach: 11, slack_webhook_url: 'ftp://hooks.example.test', name: 'x'.repeat(101) }),
    });
    expect(res.statusCode).toBe(422);
    expect(pointers(res)).toEqual({
      '/data/attributes/keywords': MSG.validation.alertKeywords,
      '/data/attributes/min_reach': MSG.alertsApi.minReachRange,
      '/data/attributes/slack_webhook_url': MSG.alertsApi.webhookUrl,
      '/data/attributes/name': MSG.alertsApi.nameLength,
    });
    const unbalanced = await ctx.call('POST', '/api/alerts', { token, body: alertBody({ project_id: project.id, keywords: '"open quote' }) });
    expect(unbalanced.statusCode).toBe(422);
    expect(unbalanced.json().errors).toEqual([
      expect.objectContaining({ status: '422', detail: QUERY_MSG.missingClosingQuote, source: { pointer: '/data/attributes/keywords' } }),
    ]);
    const onlyExcluded = await ctx.call('POST', '/api/alerts', { token, body: alertBody({ project_id: project.id, keywords: '-spoilers' }) });
    expect(pointers(onlyExcluded)).toEqual({ '/data/attributes/keywords': QUERY_MSG.onlyExclusions });
    const missing = await ctx.call('POST', '/api/alerts', { token, body: alertBody({ keywords: 'valid words' }) });
    expect(Object.keys(pointers(missing))).toEqual(['/data/attributes/project_id']);
    expect(await db().select().from(alerts).where(eq(alerts.organizationId, org.id))).toEqual([]);
    // The service checks the keywords for callers that skip the HTTP schema (the sign-up).
    await expect(createAlert(db(), org.id, { projectId: project.id, keywords: '(unclosed group' })).rejects.toMatchObject({
      status: 422,
      pointer: '/data/attributes/keywords',
      message: QUERY_MSG.missingClosingParenthesis,
    });
  });

  it('needs an active project of the organization without an alert', async () => {
    const { token, org } = await makeOrg(ctx);
    const other = await makeOrg(ctx);
    const archived = await makeProject(ctx, org.id, { locked: true });
    const foreign = await makeProject(ctx, other.org.id);
    const project = await makeProject(ctx, org.id);
    const post = (projectId: number) => ctx.call('POST', '/api/alerts', { token, body: alertBody({ project_id: projectId, keywords: 'first alert' }) });

    for (const id of [archived.id, foreign.id, 999999]) {
      const res = await post(id);
      expect(res.statusCode).toBe(404);
      expect(res.json().errors[0].code).toBe('not_found');
    }
    expect((await post(project.id)).statusCode).toBe(201);
    const again = await post(project.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().errors[0]).toMatchObject({ code: 'conflict', detail: MSG.alertsApi.projectHasAlert });
    expect(await db().select().from(alerts).where(eq(alerts.projectId, project.id))).toHaveLength(1);
    expect((await projectRow(foreign.id)).alertId).toBeNull();
  });

  it('needs the plan flags for Slack and Discord', async () => {
    const { token, org } = await makeOrg(ctx);
    await db().execute(sql`update organizations set permissions = permissions || '{"slack": false, "discord": false}'::jsonb where id = ${org.id}`);
    const project = await makeProject(ctx, org.id);
    const post = (extra: Record<string, unknown>) =>
      ctx.call('POST', '/api/alerts', { token, body: alertBody({ project_id: project.id, keywords: 'plan gated', ...extra }) });

    const slack = await post({ slack_tracking: true, slack_channel_id: 'C123', slack_channel_name: 'press' });
    expect(slack.statusCode).toBe(403);
    expect(slack.json().errors[0]).toMatchObject({ code: 'plan_limit', detail: MSG.billing.upgrade });
    const discord = await post({ discord_webhook_url: 'https://discord.example.test/api/webhooks/1/abc' });
    expect(discord.statusCode).toBe(403);
    expect(discord.json().errors[0].source).toEqual({ pointer: '/data/attributes/discord_webhook_url' });
    // The form's defaults (tracking off, empty fields) are not a use of Slack.
    const plain = await post({ slack_tracking: false, slack_channel_id: null, slack_webhook_url: '', discord_webhook_url: '' });
    expect(plain.statusCode).toBe(201);
    const patch = await ctx.call('PATCH', `/api/alerts/${plain.json().data.id}`, { token, body: alertBody({ slack_tracking: true }) });
    expect(patch.statusCode).toBe(403);
    expect((await db().select().from(alerts).where(eq(alerts.projectId, project.id)))[0].slackTracking).toBe(false);
  });

  it('edits an alert: new keywords re-match the feed and deleted rows stay hidden', async () => {
    const { token, org } = await makeOrg(ctx);
    const project = await makeProject(ctx, org.id);
    const [a, b] = [word(), word()];
    const first = await makeArchiveArticle(ctx, { title: `${a} story`, pubDate: daysAgo(1) });
    const hidden = await makeArchiveArticle(ctx, { title: `${a} and ${b} story`, pubDate: daysAgo(2) });
    const second = await makeArchiveArticle(ctx, { title: `${b} story`, pubDate: daysAgo(3), reach: 2 });
    const created = await ctx.call('POST', '/api/alerts', { token, body: alertBody({ project_id: project.id, keywords: a }) });
    const id = Number(created.json().data.id);
    expect(await feedIds(id)).toEqual([first.id, hidden.id].sort((x, y) => x - y));
    await db().execute(sql`update alert_articles set deleted_at = now() where alert_id = ${id} and article_id = ${hidden.id}`);

    const patch = (attributes: Record<string, unknown>) => ctx.call('PATCH', `/api/alerts/${id}`, { token, body: alertBody(attributes) });
    const res = await patch({ keywords: b, name: 'Renamed', slack_tracking: true, slack_channel_name: 'press' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.attributes).toMatchObject({ keywords: b, name: 'Renamed', slack_tracking: true, slack_channel_name: 'press', total_articles: 1 });
    // `first` no longer matches; `hidden` stays (hidden) so it is never matched again; `second` joins.
    expect(await feedIds(id)).toEqual([hidden.id, second.id].sort((x, y) => x - y));
    const raised = await patch({ min_reach: 3 });
    expect(raised.json().data.attributes).toMatchObject({ min_reach: 3, total_articles: 0 });
    expect((await patch({ name: '' })).json().data.attributes.name).toBe('Renamed');

    const invalid = await patch({ keywords: 'a AND', min_reach: -1 });
    expect(invalid.statusCode).toBe(422);
    expect(Object.keys(pointers(invalid)).sort()).toEqual(['/data/attributes/keywords', '/data/attributes/min_reach']);
  });

  it('moves an alert to another project and deletes it', async () => {
    const { token, org } = await makeOrg(ctx);
    const p1 = await makeProject(ctx, org.id);
    const p2 = await makeProject(ctx, org.id);
    const w = word();
    await makeArchiveArticle(ctx, { title: `${w} headline`, pubDate: daysAgo(1) });
    const id = Number((await ctx.call('POST', '/api/alerts', { token, body: alertBody({ project_id: p1.id, keywords: w }) })).json().data.id);
    const moved = await ctx.call('PATCH', `/api/alerts/${id}`, { token, body: alertBody({ project_id: String(p2.id) }) });
    expect(moved.json().data.attributes.project_id).toBe(String(p2.id));
    expect((await projectRow(p1.id)).alertId).toBeNull();
    expect((await projectRow(p2.id)).alertId).toBe(id);

    const del = await ctx.call('DELETE', `/api/alerts/${id}`, { token });
    expect(del.statusCode).toBe(204);
    expect((await projectRow(p2.id)).alertId).toBeNull();
    expect(await db().select().from(alerts).where(eq(alerts.id, id))).toEqual([]);
    expect(await feedIds(id)).toEqual([]);
    expect((await ctx.call('DELETE', `/api/alerts/${id}`, { token })).statusCode).toBe(404);
  });

  it('counts recent archive matches of a query', async () => {
    const { token } = await makeOrg(ctx);
    const w = word();
    await makeArchiveArticle(ctx, { title: `${w} one`, pubDate: daysAgo(1) });
    await makeArchiveArticle(ctx, { title: `${w} two`, description: 'with spoilers', pubDate: daysAgo(20) });
    await makeArchiveArticle(ctx, { title: `${w} three`, pubDate: daysAgo(90) });
    const count = (query: unknown) => ctx.call('POST', '/api/analytics/articles/count', { token, body: { query } });
    expect((await count(w)).json()).toEqual({ data: { count: 2, capped: false } });
    expect((await count(`${w} -spoilers`)).json().data.count).toBe(1);
    expect((await count(`"${w} two"`)).json().data.count).toBe(1);
    const bad = await count('"unclosed');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0]).toMatchObject({ code: 'bad_request', detail: QUERY_MSG.missingClosingQuote, source: { pointer: '/query' } });
    expect((await count('')).json().errors[0]).toMatchObject({ detail: QUERY_MSG.empty, source: { pointer: '/query' } });
    expect((await count(42)).statusCode).toBe(422);
    expect(ARCHIVE_COUNT_CAP).toBe(100000);
    expect((await ctx.call('POST', '/api/analytics/articles/count', { body: { query: w } })).statusCode).toBe(401);
  });

  it('previews an alert before it is saved: the count of the last two months and the five newest with their outlet', async () => {
    const { token } = await makeOrg(ctx);
    const w = word();
    const site = await makeWebsite(ctx, { domain: `${w}-news.example` });
    const made = [];
    for (let i = 0; i < 7; i++) {
      made.push(
        await makeArchiveArticle(ctx, { title: `${w} story ${i}`, pubDate: daysAgo(i + 1), reach: i === 0 ? 0.5 : 5, websiteId: i === 1 ? site.id : null }),
      );
    }
    await makeArchiveArticle(ctx, { title: `${w} too old`, pubDate: daysAgo(90) });
    const preview = (body: unknown) => ctx.call('POST', '/api/alerts/preview', { token, body });

    const res = await preview({ keywords: w });
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data.count).toBe(7);
    expect(data.capped).toBe(false);
    expect(data.samples.map((s: { title: string }) => s.title)).toEqual([0, 1, 2, 3, 4].map((i) => `${w} story ${i}`));
    expect(data.samples[0]).toEqual({
      id: String(made[0].id),
      title: `${w} story 0`,
      url: made[0].url,
      media: 'news.example.com',
      published_at: made[0].pubDate.toISOString().replace(/\.\d{3}Z$/, 'Z'),
    });
    expect(data.samples[1].media).toBe(`${w}-news.example`);
    // The alert's minimum media score counts too.
    expect((await preview({ keywords: w, min_reach: 1 })).json().data.count).toBe(6);
    expect((await preview({ keywords: `+"${w} story 3"` })).json().data.samples.map((s: { title: string }) => s.title)).toEqual([`${w} story 3`]);
    expect((await preview({ keywords: `"nothing-${w}"` })).json().data).toEqual({ count: 0, capped: false, samples: [] });

    // Unusable keywords: the query language's message at the field, as the form shows it.
    const bad = await preview({ keywords: `${w} AND` });
    expect(bad.statusCode).toBeGreaterThanOrEqual(400);
    expect(bad.statusCode).toBeLessThan(500);
    expect(pointers(bad)).toEqual({ '/keywords': QUERY_MSG.nothingAfterAnd });
    expect(pointers(await preview({ keywords: 'abc' }))).toEqual({ '/keywords': MSG.validation.alertKeywords });
    expect((await ctx.call('POST', '/api/alerts/preview', { body: { keywords: w } })).statusCode).toBe(401);
  });

  it('answers 404 to another organization on every route and changes nothing', async () => {
    const owner = await makeOrg(ctx);
    const outsider = await makeOrg(ctx);
    const project = await makeProject(ctx, owner.org.id);
    const res = await ctx.call('POST', '/api/alerts', { token: owner.token, body: alertBody({ project_id: project.id, keywords: 'private alert' }) });
    const id = res.json().data.id;
    const article = await makeArchiveArticle(ctx, { title: 'private alert', pubDate: daysAgo(1) });
    await addToFeed(ctx, { id: Number(id), organizationId: owner.org.id }, [article]);
    const before = await db()
      .select()
      .from(alerts)
      .where(eq(alerts.id, Number(id)));
    const token = outsider.token;

    expect((await ctx.call('GET', `/api/alerts/${id}`, { token })).statusCode).toBe(404);
    expect((await ctx.call('PATCH', `/api/alerts/${id}`, { token, body: alertBody({ keywords: 'hijacked' }) })).statusCode).toBe(404);
    expect((await ctx.call('DELETE', `/api/alerts/${id}`, { token })).statusCode).toBe(404);
    expect((await ctx.call('GET', `/api/alerts?filter[project_id]=${project.id}`, { token })).json()).toMatchObject({ data: [], meta: { total_entries: 0 } });
    const planted = await ctx.call('POST', '/api/alerts', { token, body: alertBody({ project_id: project.id, keywords: 'planted alert' }) });
    expect(planted.statusCode).toBe(404);
    expect(
      await db()
        .select()
        .from(alerts)
        .where(eq(alerts.id, Number(id))),
    ).toEqual(before);
    expect(await feedIds(Number(id))).toEqual([article.id]);
    expect((await projectRow(project.id)).alertId).toBe(Number(id));
  });
});
