import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { MSG } from '../../../common/messages.js';
import { PLAN_DEFAULTS } from '../../../common/plans.js';
import { organizations } from '../../db/schema/accounts.js';
import { alerts } from '../../db/schema/coverage.js';
import { projects } from '../../db/schema/workspace.js';
import { createTestContext, type TestContext } from '../../../test/helpers/app.js';
import { makeOrg, makeProject } from '../../../test/helpers/factories.js';
import { daysAgo, makeArchiveArticle } from '../../../test/helpers/coverage-factories.js';

/**
 * Issue 27: the Agency plan's "multiple alerts". The plan's `max_alerts_per_project` (the
 * organization's copy) bounds the alerts of one project; the project's `alert_id` stays its first
 * alert; each alert keeps its own feed, whose rows name the alert that matched them.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

type Org = Awaited<ReturnType<typeof makeOrg>>;

const db = () => ctx.deps.db;
const alertBody = (attributes: Record<string, unknown>) => ({ data: { type: 'alert', attributes } });
const postAlert = (o: Org, projectId: number, keywords: string, extra: Record<string, unknown> = {}) =>
  ctx.call('POST', '/api/alerts', { token: o.token, body: alertBody({ project_id: String(projectId), keywords, ...extra }) });
const alertIdsOf = async (projectId: number) =>
  (await db().select({ id: alerts.id }).from(alerts).where(eq(alerts.projectId, projectId)).orderBy(asc(alerts.id))).map((r) => r.id);
const linkOf = async (projectId: number) => (await db().select({ alertId: projects.alertId }).from(projects).where(eq(projects.id, projectId)))[0].alertId;

/** A word of its own per test: the archive is shared by every test of the file. */
let wordSeq = 0;
const word = () => `wombat${(wordSeq++).toString(36)}q`;

describe('alerts per project', () => {
  it('agency: a project takes alerts up to the plan limit, the first one stays linked, one more is 403 plan_limit', async () => {
    const o = await makeOrg(ctx, { plan: 'agency' });
    const project = await makeProject(ctx, o.org.id);
    const limit = PLAN_DEFAULTS.agency.max_alerts_per_project;
    expect(limit).toBeGreaterThan(1);
    const created: number[] = [];
    for (let i = 0; i < limit; i++) {
      const res = await postAlert(o, project.id, `${word()} news`, { name: `Alert ${i + 1}` });
      expect(res.statusCode, JSON.stringify(res.json())).toBe(201);
      created.push(Number(res.json().data.id));
    }
    expect(await alertIdsOf(project.id)).toEqual(created);
    // The project's alert-id is its first alert (where its feed opens), not the newest.
    expect(await linkOf(project.id)).toBe(created[0]);

    const over = await postAlert(o, project.id, 'one alert too many');
    expect(over.statusCode).toBe(403);
    expect(over.json().errors).toEqual([
      expect.objectContaining({ status: '403', code: 'plan_limit', detail: MSG.billing.alertLimit(limit), source: { pointer: '/data/attributes/project_id' } }),
    ]);
    expect(await alertIdsOf(project.id)).toEqual(created);

    // The list of a project's alerts is how the web finds them (GET alerts?filter[project_id]).
    const listed = await ctx.call('GET', `/api/alerts?filter[project_id]=${project.id}&sort=inserted_at`, { token: o.token });
    expect(listed.json().data.map((a: { id: string; attributes: { name: string } }) => [Number(a.id), a.attributes.name])).toEqual(
      created.map((id, i) => [id, `Alert ${i + 1}`]),
    );
  });

  it("counts the organization's own copy of the limit: an operator's exception is honoured and shown in GET user", async () => {
    const o = await makeOrg(ctx, { plan: 'pro' });
    await db().execute(sql`update organizations set permissions = permissions || '{"max_alerts_per_project": 2}'::jsonb where id = ${o.org.id}`);
    ctx.deps.authenticator.forgetAll();
    const user = await ctx.call('GET', '/api/user', { token: o.token });
    expect(user.json().data.attributes.organization.permissions.max_alerts_per_project).toBe(2);

    const project = await makeProject(ctx, o.org.id);
    expect((await postAlert(o, project.id, `${word()} one`)).statusCode).toBe(201);
    expect((await postAlert(o, project.id, `${word()} two`)).statusCode).toBe(201);
    const third = await postAlert(o, project.id, `${word()} three`);
    expect(third.statusCode).toBe(403);
    expect(third.json().errors[0].detail).toBe(MSG.billing.alertLimit(2));
  });

  it("each alert's feed holds its own matches, and every row names the alert that matched it", async () => {
    const o = await makeOrg(ctx, { plan: 'agency' });
    const project = await makeProject(ctx, o.org.id);
    const [a, b] = [word(), word()];
    const onlyA = await makeArchiveArticle(ctx, { title: `${a} review`, pubDate: daysAgo(1) });
    const both = await makeArchiveArticle(ctx, { title: `${a} meets ${b}`, pubDate: daysAgo(2) });
    const onlyB = await makeArchiveArticle(ctx, { title: `${b} interview`, pubDate: daysAgo(3) });
    const first = Number((await postAlert(o, project.id, a, { name: 'Game' })).json().data.id);
    const second = Number((await postAlert(o, project.id, b, { name: 'Studio' })).json().data.id);

    const feedOf = async (alertId: number) => {
      const res = await ctx.call('GET', `/api/articles_feed/${alertId}`, { token: o.token });
      expect(res.statusCode).toBe(200);
      return res.json().data as { id: string; relationships: { alert: { data: { type: string; id: string } } } }[];
    };
    const secondFeed = await feedOf(second);
    expect(secondFeed.map((r) => Number(r.id))).toEqual([both.id, onlyB.id]);
    expect(secondFeed.map((r) => r.relationships.alert.data)).toEqual([
      { type: 'alert', id: String(second) },
      { type: 'alert', id: String(second) },
    ]);
    const firstFeed = await feedOf(first);
    expect(firstFeed.map((r) => Number(r.id))).toEqual([onlyA.id, both.id]);
    expect(firstFeed.every((r) => r.relationships.alert.data.id === String(first))).toBe(true);
    // Deleting a row from one alert's feed leaves it in the other's.
    const del = await ctx.call('POST', '/api/bulk/articles', {
      token: o.token,
      body: {
        data: { type: 'delete_articles_rss_ids', attributes: { ids: [both.id] }, relationships: { alert: { data: { type: 'alert', id: String(second) } } } },
      },
    });
    expect(del.statusCode).toBe(200);
    expect((await feedOf(second)).map((r) => Number(r.id))).toEqual([onlyB.id]);
    expect((await feedOf(first)).map((r) => Number(r.id))).toEqual([onlyA.id, both.id]);
  });

  it("moves and deletes keep the project's link on one of its alerts and the limit on the target project", async () => {
    const o = await makeOrg(ctx, { plan: 'agency' });
    await db().execute(sql`update organizations set permissions = permissions || '{"max_alerts_per_project": 2}'::jsonb where id = ${o.org.id}`);
    ctx.deps.authenticator.forgetAll();
    const [p1, p2] = [await makeProject(ctx, o.org.id), await makeProject(ctx, o.org.id)];
    const a1 = Number((await postAlert(o, p1.id, `${word()} first`)).json().data.id);
    const a2 = Number((await postAlert(o, p1.id, `${word()} second`)).json().data.id);
    const b1 = Number((await postAlert(o, p2.id, `${word()} other`)).json().data.id);
    const b2 = Number((await postAlert(o, p2.id, `${word()} other`)).json().data.id);
    const patch = (id: number, projectId: number) =>
      ctx.call('PATCH', `/api/alerts/${id}`, { token: o.token, body: alertBody({ project_id: String(projectId) }) });

    // p2 is full: moving a1 there is refused and nothing moves.
    const refused = await patch(a1, p2.id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().errors[0]).toMatchObject({ code: 'plan_limit', source: { pointer: '/data/attributes/project_id' } });
    expect(await alertIdsOf(p1.id)).toEqual([a1, a2]);

    // Room made in p2 (b2 took its link when b1 went); the linked a1 moves there: p1 falls back to a2, p2 keeps b2.
    expect((await ctx.call('DELETE', `/api/alerts/${b1}`, { token: o.token })).statusCode).toBe(204);
    expect(await linkOf(p2.id)).toBe(b2);
    expect((await patch(a1, p2.id)).statusCode).toBe(200);
    expect(await linkOf(p1.id)).toBe(a2);
    expect(await linkOf(p2.id)).toBe(b2);
    expect(await alertIdsOf(p2.id)).toEqual([a1, b2]);

    // The last alert of a project goes: no link is left.
    expect((await ctx.call('DELETE', `/api/alerts/${a2}`, { token: o.token })).statusCode).toBe(204);
    expect(await linkOf(p1.id)).toBeNull();
  });

  it('answers 404 to another organization for every alert of a project and its feed, and writes nothing', async () => {
    const owner = await makeOrg(ctx, { plan: 'agency' });
    const outsider = await makeOrg(ctx, { plan: 'agency' });
    const project = await makeProject(ctx, owner.org.id);
    const w = word();
    await makeArchiveArticle(ctx, { title: `${w} private`, pubDate: daysAgo(1) });
    const ids = [
      Number((await postAlert(owner, project.id, `${word()} first`)).json().data.id),
      Number((await postAlert(owner, project.id, w)).json().data.id),
    ];
    const before = await db().select().from(alerts).where(inArray(alerts.id, ids)).orderBy(asc(alerts.id));
    const token = outsider.token;
    for (const id of ids) {
      for (const [method, url, body] of [
        ['GET', `/api/alerts/${id}`],
        ['PATCH', `/api/alerts/${id}`, alertBody({ keywords: 'hijacked alert' })],
        ['DELETE', `/api/alerts/${id}`],
        ['GET', `/api/articles_feed/${id}`],
        ['GET', `/api/external_articles_alert/${id}`],
        ['GET', `/api/csv/articles_feed/${id}`],
      ] as const) {
        const res = await ctx.call(method, url, { token, body });
        expect(res.statusCode, `${method} ${url}`).toBe(404);
      }
    }
    expect((await postAlert(outsider, project.id, 'planted alert')).statusCode).toBe(404);
    expect((await ctx.call('GET', `/api/alerts?filter[project_id]=${project.id}`, { token })).json().meta.total_entries).toBe(0);
    expect(await db().select().from(alerts).where(eq(alerts.projectId, project.id)).orderBy(asc(alerts.id))).toEqual(before);
  });

  it('the migration gives each copy of permissions its plan default and keeps an exception', async () => {
    const orgs = await Promise.all((['admin', 'agency', 'pro', 'starter', 'trial'] as const).map((plan) => makeOrg(ctx, { plan })));
    const granted = await makeOrg(ctx, { plan: 'pro' });
    const ids = orgs.map((o) => o.org.id);
    // Copies taken before the limit existed; the granted one already names it.
    await db()
      .update(organizations)
      .set({ permissions: sql`${organizations.permissions} - 'max_alerts_per_project'` })
      .where(inArray(organizations.id, ids));
    await db().execute(sql`update organizations set permissions = permissions || '{"max_alerts_per_project": 3}'::jsonb where id = ${granted.org.id}`);
    await db().execute(sql.raw(readFileSync(new URL('../../db/migrations/0021_alerts_per_project.sql', import.meta.url), 'utf8')));
    const rows = await db()
      .select({ id: organizations.id, permissions: organizations.permissions })
      .from(organizations)
      .where(inArray(organizations.id, [...ids, granted.org.id]));
    const limitOf = new Map(rows.map((r) => [r.id, r.permissions.max_alerts_per_project]));
    expect(ids.map((id) => limitOf.get(id))).toEqual(
      (['admin', 'agency', 'pro', 'starter', 'trial'] as const).map((p) => PLAN_DEFAULTS[p].max_alerts_per_project),
    );
    expect(limitOf.get(granted.org.id)).toBe(3);
  });
});
