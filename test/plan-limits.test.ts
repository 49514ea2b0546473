import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, sql } from 'drizzle-orm';
import { PLAN_DEFAULTS, type PlanPermissions } from '../common/plans.js';
import { LIMITS, ROLE } from '../common/limits.js';
import { MSG } from '../common/messages.js';
import { addDays, earliestSearchDate, SUPERSEARCH_EARLIEST_DATE, utcDay } from '../common/schemas/supersearch.js';
import { memberships } from '../server/db/schema/accounts.js';
import { projects } from '../server/db/schema/workspace.js';
import { reports } from '../server/db/schema/reports.js';
import { alerts } from '../server/db/schema/coverage.js';
import { savedArticles } from '../server/db/schema/coverage.js';
import { createOrganization } from '../server/features/organizations/service.js';
import { NO_CAPABILITIES } from '../common/plans.js';
import { createTestContext, type TestContext } from './helpers/app.js';
import { makeClient, makeOrg, makeProject, makeTag } from './helpers/factories.js';
import { addToFeed, makeAlert, makeArchiveArticle } from './helpers/coverage-factories.js';

/**
 * Issue 14 "Plans": every plan limit and flag of PLAN_DEFAULTS, for every plan, enforced by the
 * server. An organization at the limit is refused (403 `plan_limit`) and nothing is written;
 * below it the same call is allowed. Limits too large to seed ("unlimited") check the allowed side.
 */
type Plan = keyof typeof PLAN_DEFAULTS;
const PLANS = Object.keys(PLAN_DEFAULTS) as Plan[];
/** Limits above this are treated as unlimited: only the allowed side is checked. */
const SEEDABLE = 1000;

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ ALLOW_PRIVATE_NETWORK: 'true' });
});
afterAll(async () => {
  await ctx?.close();
});

type Org = Awaited<ReturnType<typeof makeOrg>>;

/** The spec's upgrade message (001 §"Upgrade") with 403 `plan_limit`. */
const expectPlanLimit = (res: { statusCode: number; json(): { errors: { code: string; status: string }[] } }) => {
  expect(res.statusCode).toBe(403);
  expect(res.json().errors[0]).toMatchObject({ status: '403', code: 'plan_limit', detail: MSG.billing.upgrade });
};

const countProjects = async (orgId: number) =>
  (
    await ctx.deps.db
      .select({ n: count() })
      .from(projects)
      .where(and(eq(projects.organizationId, orgId), eq(projects.locked, false)))
  )[0].n;
const countReports = async (orgId: number) => (await ctx.deps.db.select({ n: count() }).from(reports).where(eq(reports.organizationId, orgId)))[0].n;
const countAdminships = async (userId: number) =>
  (
    await ctx.deps.db
      .select({ n: count() })
      .from(memberships)
      .where(and(eq(memberships.userId, userId), eq(memberships.roleId, ROLE.admin)))
  )[0].n;

interface LimitRow {
  limit: keyof PlanPermissions;
  /** Brings the organization to `n` of the limited things (written straight to the tables). */
  seed(o: Org, n: number): Promise<void>;
  /** Makes room for one more (false when the limit leaves nothing to remove, e.g. the caller's one organization). */
  free(o: Org): Promise<boolean>;
  attempt(o: Org): Promise<{ statusCode: number; json(): { errors: { code: string; status: string }[] } }>;
  written(o: Org): Promise<number>;
}

const projectBody = (clientId: number, name: string) => ({
  data: { type: 'project', attributes: { name }, relationships: { client: { data: { type: 'client', id: String(clientId) } } } },
});
const reportBody = (projectId: number) => ({
  data: {
    type: 'report',
    attributes: { name: 'Launch coverage', status: 0, date_start: '2024-03-01', date_end: '2024-03-31' },
    relationships: { project: { data: { type: 'project', id: String(projectId) } } },
  },
});

/** The organization's report project: one project with a saved article inside the report's dates. */
const reportProjects = new Map<number, { id: number }>();
async function reportProject(o: Org) {
  const known = reportProjects.get(o.org.id);
  if (known) return known;
  const project = await makeProject(ctx, o.org.id);
  const tag = await makeTag(ctx, o.org.id, project.id);
  await ctx.deps.db.insert(savedArticles).values({
    organizationId: o.org.id,
    projectId: project.id,
    tagId: tag.id,
    urlKey: `plan-${o.org.id}`,
    url: 'http://127.0.0.1:9/story',
    fullUrl: 'http://127.0.0.1:9/story',
    title: 'Story',
    language: 'en',
    reach: 1,
    muv: 4217,
    date: new Date('2024-03-10'),
    locked: false,
  });
  reportProjects.set(o.org.id, project);
  return project;
}

const LIMIT_ROWS: LimitRow[] = [
  {
    limit: 'max_projects',
    async seed(o, n) {
      const brand = await makeClient(ctx, o.org.id);
      await ctx.deps.db.execute(sql`insert into projects (organization_id, client_id, name, locked)
        select ${o.org.id}, ${brand.id}, 'Seeded ' || g, false from generate_series(1, ${n}) g`);
    },
    async free(o) {
      await ctx.deps.db.execute(
        sql`update projects set locked = true where id = (select min(id) from projects where organization_id = ${o.org.id} and not locked)`,
      );
      return true;
    },
    async attempt(o) {
      const brand = await makeClient(ctx, o.org.id);
      return ctx.call('POST', '/api/projects', { token: o.token, body: projectBody(brand.id, 'One More Project') });
    },
    written: (o) => countProjects(o.org.id),
  },
  {
    limit: 'max_reports',
    async seed(o, n) {
      const project = await reportProject(o);
      await ctx.deps.db.execute(sql`insert into reports (id, organization_id, project_id, name, date_start, date_end)
        select 'seeded-' || ${o.org.id} || '-' || g, ${o.org.id}, ${project.id}, 'Seeded ' || g, now(), now() from generate_series(1, ${n}) g`);
    },
    async free(o) {
      await ctx.deps.db.execute(sql`delete from reports where id = (select id from reports where organization_id = ${o.org.id} limit 1)`);
      return true;
    },
    async attempt(o) {
      const project = await reportProject(o);
      return ctx.call('POST', '/api/reports', { token: o.token, body: reportBody(project.id) });
    },
    written: (o) => countReports(o.org.id),
  },
  {
    limit: 'max_organisations',
    async seed(o, n) {
      // The caller already admins one organization (its current one).
      for (let i = 1; i < n; i++) {
        await createOrganization(ctx.deps.db, { name: `Seeded ${i}`, plan: o.org.plan as Plan, ownerId: o.admin.user.id, capabilities: NO_CAPABILITIES });
      }
      // Creating an organization makes it the owner's current one: back to the organization under test.
      await ctx.deps.db.execute(sql`update users set organization_id = ${o.org.id} where id = ${o.admin.user.id}`);
      ctx.deps.authenticator.forgetAll();
    },
    async free(o) {
      const res = await ctx.deps.db.execute(
        sql`delete from memberships where user_id = ${o.admin.user.id} and organization_id = (select max(organization_id) from memberships where user_id = ${o.admin.user.id} and role_id = ${ROLE.admin} and organization_id <> ${o.org.id})`,
      );
      return (res.rowCount ?? 0) > 0;
    },
    attempt: (o) => ctx.call('POST', '/api/settings', { token: o.token, body: { data: { type: 'settings', attributes: { name: 'One More Desk' } } } }),
    written: (o) => countAdminships(o.admin.user.id),
  },
];

describe.each(PLANS)('plan %s', (plan) => {
  const permissions = PLAN_DEFAULTS[plan];

  for (const row of LIMIT_ROWS) {
    const max = permissions[row.limit] as number;
    if (max <= SEEDABLE) {
      it(`${row.limit} = ${max}: refused at the limit, nothing written; allowed below it`, async () => {
        const o = await makeOrg(ctx, { plan });
        // Organizations start with one adminship; the other limits start at zero.
        await row.seed(o, max);
        const before = await row.written(o);
        expect(before).toBe(max);
        expectPlanLimit(await row.attempt(o));
        expect(await row.written(o)).toBe(before);
        if (!(await row.free(o))) return;
        const allowed = await row.attempt(o);
        expect(allowed.statusCode, JSON.stringify(allowed.json())).toBe(201);
        expect(await row.written(o)).toBe(max);
      });
    } else {
      it(`${row.limit} = ${max} (unlimited): allowed`, async () => {
        const o = await makeOrg(ctx, { plan });
        await row.seed(o, 2);
        const before = await row.written(o);
        const allowed = await row.attempt(o);
        expect(allowed.statusCode, JSON.stringify(allowed.json())).toBe(201);
        expect(await row.written(o)).toBe(before + 1);
      });
    }
  }

  for (const [flag, paths] of [
    // `*/availability` stays open to any member (docs/api.md): it says how the server is configured, no feature data.
    ['youtube_feed', ['/api/saved_videos', '/api/youtube_feed/1', '/api/youtube_feed/1/info']],
    ['twitch_feed', ['/api/saved_streams', '/api/twitch_feed/1', '/api/twitch_feed/1/info']],
  ] as const) {
    it(`${flag} = ${permissions[flag]}: every ${flag} route ${permissions[flag] ? 'is open' : 'answers 403 plan_limit'}`, async () => {
      const o = await makeOrg(ctx, { plan });
      const project = await makeProject(ctx, o.org.id);
      for (const path of paths) {
        const res = await ctx.call('GET', `${path}?project_id=${project.id}`, { token: o.token });
        if (permissions[flag]) {
          expect(res.statusCode, path).not.toBe(403);
          expect(res.statusCode, path).toBeLessThan(500);
        } else {
          expect(res.statusCode, path).toBe(403);
          expect(res.json().errors[0].code, path).toBe('plan_limit');
        }
      }
    });
  }
  it(`max_alerts_per_project = ${permissions.max_alerts_per_project}: one more alert of a full project is refused at project_id, nothing written; allowed below it`, async () => {
    const o = await makeOrg(ctx, { plan });
    const project = await makeProject(ctx, o.org.id);
    const max = permissions.max_alerts_per_project;
    const alertsOf = async () => (await ctx.deps.db.select({ n: count() }).from(alerts).where(eq(alerts.projectId, project.id)))[0].n;
    const seeded = max <= SEEDABLE ? max : 2;
    await ctx.deps.db.execute(sql`insert into alerts (organization_id, project_id, name, keywords)
      select ${o.org.id}, ${project.id}, 'Seeded ' || g, '"seeded"' from generate_series(1, ${seeded}) g`);
    const post = () =>
      ctx.call('POST', '/api/alerts', {
        token: o.token,
        body: { data: { type: 'alert', attributes: { project_id: project.id, keywords: 'one more alert' } } },
      });
    if (max <= SEEDABLE) {
      const refused = await post();
      // A one-alert plan answers as before plans had the limit (the project has its alert); others with the limit.
      const [status, code, detail] = max === 1 ? ['409', 'conflict', MSG.alertsApi.projectHasAlert] : ['403', 'plan_limit', MSG.billing.alertLimit(max)];
      expect(refused.json().errors).toEqual([expect.objectContaining({ status, code, detail, source: { pointer: '/data/attributes/project_id' } })]);
      expect(await alertsOf()).toBe(max);
      await ctx.deps.db.execute(sql`delete from alerts where id = (select min(id) from alerts where project_id = ${project.id})`);
    }
    const allowed = await post();
    expect(allowed.statusCode, JSON.stringify(allowed.json())).toBe(201);
    expect(await alertsOf()).toBe(seeded + (max <= SEEDABLE ? 0 : 1));
  });

  it(`max_projects = ${permissions.max_projects}: re-activating an archived project past the limit is refused and it stays archived`, async () => {
    const o = await makeOrg(ctx, { plan });
    const archived = await makeProject(ctx, o.org.id, { locked: true });
    await LIMIT_ROWS[0].seed(o, Math.min(permissions.max_projects, SEEDABLE));
    const reactivate = () =>
      ctx.call('PATCH', `/api/projects/${archived.id}`, { token: o.token, body: { data: { type: 'project', attributes: { locked: false } } } });
    if (permissions.max_projects <= SEEDABLE) {
      expectPlanLimit(await reactivate());
      expect((await ctx.deps.db.select().from(projects).where(eq(projects.id, archived.id)))[0].locked).toBe(true);
      await LIMIT_ROWS[0].free(o);
    }
    expect((await reactivate()).statusCode).toBe(200);
    expect((await ctx.deps.db.select().from(projects).where(eq(projects.id, archived.id)))[0].locked).toBe(false);
  });

  it(`max_screenshots = ${permissions.max_screenshots}: a report with one highlight too many is refused, nothing written; at the limit allowed`, async () => {
    const o = await makeOrg(ctx, { plan });
    const project = await reportProject(o);
    const [{ tagId }] = await ctx.deps.db.select({ tagId: savedArticles.tagId }).from(savedArticles).where(eq(savedArticles.projectId, project.id));
    await ctx.deps.db.execute(sql`insert into saved_articles (organization_id, project_id, tag_id, url_key, url, full_url, title, language, reach, date, locked)
      select ${o.org.id}, ${project.id}, ${tagId}, 'hl-' || ${o.org.id} || '-' || g, 'http://127.0.0.1:9/hl-' || g, 'http://127.0.0.1:9/hl-' || g, 'Highlight ' || g, 'en', 1, '2024-03-11', false
        from generate_series(1, ${permissions.max_screenshots}) g`);
    const ids = (await ctx.deps.db.select({ id: savedArticles.id }).from(savedArticles).where(eq(savedArticles.projectId, project.id))).map((r) => r.id);
    expect(ids).toHaveLength(permissions.max_screenshots + 1);
    const withHighlights = (list: number[]) => {
      const body = reportBody(project.id);
      Object.assign(body.data.attributes, { screenshots: list.map((id) => ({ article_id: id })) });
      return ctx.call('POST', '/api/reports', { token: o.token, body });
    };
    const over = await withHighlights(ids);
    // At the product's own cap (LIMITS.reportMaxHighlights) the body's validation answers first (422).
    if (permissions.max_screenshots < LIMITS.reportMaxHighlights) expectPlanLimit(over);
    else expect(over.statusCode).toBe(422);
    expect(await countReports(o.org.id)).toBe(0);
    const allowed = await withHighlights(ids.slice(0, permissions.max_screenshots));
    expect(allowed.statusCode, JSON.stringify(allowed.json())).toBe(201);
    expect(await countReports(o.org.id)).toBe(1);
  });

  it(`max_data = ${permissions.max_data} months: a Super Search or export reaching further back is refused at /from_date; the plan's first day is allowed`, async () => {
    const o = await makeOrg(ctx, { plan });
    const today = utcDay();
    const earliest = earliestSearchDate(permissions.max_data, today);
    const body = (from: string) => ({ search: 'zelda', from_date: from, to_date: today, organization_id: o.org.id, to_email: 'desk@example.test' });
    for (const path of ['/api/supersearch', '/api/supersearch/export_csv']) {
      const res = await ctx.call('POST', path, { token: o.token, body: body(addDays(earliest, -1)) });
      expect(res.statusCode, path).toBe(400);
      expect(res.json().errors[0], path).toMatchObject({
        detail: MSG.supersearch.dateTooEarly(earliest, earliest > SUPERSEARCH_EARLIEST_DATE),
        source: { pointer: '/from_date' },
      });
    }
    expect((await ctx.call('POST', '/api/supersearch', { token: o.token, body: body(earliest) })).statusCode).toBe(200);
  });

  for (const [flag, attributes] of [
    ['slack', { slack_tracking: true, slack_channel_name: 'press' }],
    ['discord', { discord_webhook_url: 'http://127.0.0.1:9/api/webhooks/1/abc' }],
  ] as const) {
    it(`${flag} = ${permissions[flag]}: an alert's ${flag} fields are refused without the flag (403 plan_limit, no alert), allowed with it`, async () => {
      const o = await makeOrg(ctx, { plan });
      const alertsOf = async (projectId: number) => (await ctx.deps.db.select({ n: count() }).from(alerts).where(eq(alerts.projectId, projectId)))[0].n;
      const post = (projectId: number) =>
        ctx.call('POST', '/api/alerts', {
          token: o.token,
          body: { data: { type: 'alert', attributes: { project_id: projectId, keywords: 'plan gated', ...attributes } } },
        });
      const first = await makeProject(ctx, o.org.id);
      if (permissions[flag]) {
        expect((await post(first.id)).statusCode).toBe(201);
        expect(await alertsOf(first.id)).toBe(1);
        // The same organization once an operator takes the flag away: refused.
        await ctx.deps.db.execute(
          sql`update organizations set permissions = permissions || ${JSON.stringify({ [flag]: false })}::jsonb where id = ${o.org.id}`,
        );
        ctx.deps.authenticator.forgetAll();
      }
      const second = await makeProject(ctx, o.org.id);
      expectPlanLimit(await post(second.id));
      expect(await alertsOf(second.id)).toBe(0);
    });
  }

  it(`similarweb = ${permissions.similarweb}: monthly visits and estimated views ${permissions.similarweb ? 'are sent' : 'are null'} in saved articles (list, CSV), the articles feed and report totals`, async () => {
    const o = await makeOrg(ctx, { plan });
    const project = await reportProject(o);
    const expected = permissions.similarweb ? 4217 : null;
    const saved = await ctx.call('GET', `/api/articles?filter[project_id]=${project.id}`, { token: o.token });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data[0].attributes).toMatchObject({ muv: expected, 'website-visits': expected });
    // Estimated views come from the visitors: shown with them, or not at all (docs/reach.md).
    expect(saved.json().data[0].attributes.estimated_views).toBe(permissions.similarweb ? 4 : null);
    const csv = await ctx.call('GET', `/api/csv/articles?filter[project_id]=${project.id}`, { token: o.token });
    expect(csv.statusCode).toBe(200);
    expect(csv.body.includes('4217')).toBe(permissions.similarweb);

    const alert = await makeAlert(ctx, o.org.id, { projectId: project.id });
    await addToFeed(ctx, alert, [await makeArchiveArticle(ctx, { muv: 4217 })]);
    const feed = await ctx.call('GET', `/api/articles_feed/${alert.id}`, { token: o.token });
    expect(feed.statusCode).toBe(200);
    expect(feed.json().data[0].attributes.muv).toBe(expected);
    expect(feed.json().data[0].attributes.estimated_views).toBe(permissions.similarweb ? 4 : null);
    const preview = await ctx.call('POST', '/api/reports/preview', {
      token: o.token,
      body: { project_id: project.id, date_range: ['2024-03-01', '2024-03-31'] },
    });
    expect(preview.statusCode).toBe(200);
    expect(JSON.stringify(preview.json()).includes('4217')).toBe(permissions.similarweb);
    expect(preview.json().data.totals.estimated_views).toBe(permissions.similarweb ? 4 : 0);
    const report = await ctx.call('POST', '/api/reports', { token: o.token, body: reportBody(project.id) });
    expect(report.statusCode).toBe(201);
    const published = await ctx.call('GET', `/api/p/articles?filter[report_id]=${report.json().data.id}`);
    expect(published.statusCode).toBe(200);
    expect(published.json().data[0].attributes.muv).toBe(expected);
    const feedCsv = await ctx.call('GET', `/api/csv/articles_feed/${alert.id}`, { token: o.token });
    expect(feedCsv.statusCode).toBe(200);
    expect(feedCsv.body.includes('4217')).toBe(permissions.similarweb);
  });
});

describe('a downgrade', () => {
  it('deletes nothing: projects and reports over the new limits stay readable, new ones are refused', async () => {
    const o = await makeOrg(ctx, { plan: 'pro' });
    const starter = PLAN_DEFAULTS.starter;
    await LIMIT_ROWS[0].seed(o, starter.max_projects + 2);
    await LIMIT_ROWS[1].seed(o, starter.max_reports + 2);
    await ctx.deps.db.execute(sql`update organizations set plan = 'starter', permissions = ${JSON.stringify(starter)}::jsonb where id = ${o.org.id}`);
    ctx.deps.authenticator.forgetAll();

    const listed = await ctx.call('GET', '/api/projects?page_size=100', { token: o.token });
    expect(listed.statusCode).toBe(200);
    expect(listed.json().data.filter((p: { attributes: { locked: boolean } }) => !p.attributes.locked)).toHaveLength(starter.max_projects + 3);
    const reportList = await ctx.call('GET', '/api/reports?page_size=100', { token: o.token });
    expect(reportList.statusCode).toBe(200);
    expect(reportList.json().data).toHaveLength(starter.max_reports + 2);

    expectPlanLimit(await LIMIT_ROWS[0].attempt(o));
    expectPlanLimit(await LIMIT_ROWS[1].attempt(o));
    expect(await countReports(o.org.id)).toBe(starter.max_reports + 2);
  });
});
