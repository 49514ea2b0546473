import type { TestContext } from '../helpers/app.js';
import { makeProject, makeTag, type makeOrg } from '../helpers/factories.js';
import type { TenantFixture, TenantProbeSet } from './types.js';

type Org = Awaited<ReturnType<typeof makeOrg>>;

/**
 * The tenant-isolation suite's reports: one of the owner's, with a highlight whose picture is
 * stored, and one of the outsider's (with a saved article of its own).
 */
export async function seedReports(ctx: TestContext, o: { owner: Org; outsider: Org; projectId: number; orgId: number; savedId: number }) {
  const publish = (token: string, projectId: number) =>
    ctx.call('POST', '/api/reports', {
      token,
      body: {
        data: {
          type: 'report',
          attributes: { name: 'Isolation report', date_start: '2026-10-01', date_end: '2026-11-30' },
          relationships: { project: { data: { type: 'project', id: String(projectId) } } },
        },
      },
    });
  const ownerReport: string = (await publish(o.owner.token, o.projectId)).json().data.id;
  // The highlight is written directly: its picture job would fetch the article's (unreachable) page.
  await ctx.deps.pool.query('insert into report_highlights (report_id, saved_article_id) values ($1, $2)', [ownerReport, o.savedId]);
  await ctx.deps.pool.query(
    `insert into screenshots (organization_id, saved_article_id, article_url, status, source, image_key, content_type)
     values ($1, $2, 'https://news.example/owner-story', 'ready', 'preview', $3, 'image/jpeg')`,
    [o.orgId, o.savedId, `screenshots/${o.orgId}/${o.savedId}.jpg`],
  );
  await ctx.deps.storage.put(`screenshots/${o.orgId}/${o.savedId}.jpg`, Buffer.from([0xff, 0xd8, 0xff, 0xd9]));
  const theirProject = await makeProject(ctx, o.outsider.org.id, { name: 'Outsider reports' });
  const theirTag = await makeTag(ctx, o.outsider.org.id, theirProject.id, 'Outsider tag');
  await ctx.call('POST', '/api/articles', {
    token: o.outsider.token,
    body: {
      data: {
        type: 'article',
        attributes: { url: 'https://news.example/outsider-story', title: 'Outsider saved story', language: 'en', date: '2026-11-02' },
        relationships: { tag: { data: { type: 'tag', id: String(theirTag.id) } } },
      },
    },
  });
  const outsiderReport: string = (await publish(o.outsider.token, theirProject.id)).json().data.id;
  return { owner: ownerReport, outsider: outsiderReport };
}

/** The owner's data the probes aim at. */
const ids = { project: 0, saved: 0 };

/** The reports seeded by `reportsProbes.setup`: the suite's public-report checks walk them. */
export const reportIds = { owner: '', outsider: '' };

/**
 * The reports' routes in the tenant-isolation suite, and the screenshots' (the owner's report
 * highlights a saved article whose picture is stored).
 */
export const reportsProbes: TenantProbeSet = {
  async setup(f: TenantFixture) {
    ids.project = f.projectId;
    ids.saved = f.savedId;
    Object.assign(
      reportIds,
      await seedReports(f.ctx, { owner: f.owner, outsider: f.outsider, projectId: f.projectId, orgId: f.owner.org.id, savedId: f.savedId }),
    );
  },
  byId: {
    'GET /api/reports': { url: () => `/api/reports?filter[project_id]=${ids.project}` },
    'POST /api/reports/preview': { url: () => '/api/reports/preview', body: () => ({ project_id: ids.project, date_range: ['2026-10-01', '2026-11-30'] }) },
    'POST /api/reports': {
      url: () => '/api/reports',
      body: () => ({
        data: {
          type: 'report',
          attributes: { name: 'Planted report', date_start: '2026-10-01', date_end: '2026-11-30' },
          relationships: { project: { data: { type: 'project', id: String(ids.project) } } },
        },
      }),
    },
    'GET /api/reports/:id': { url: () => `/api/reports/${reportIds.owner}` },
    'PATCH /api/reports/:id': { url: () => `/api/reports/${reportIds.owner}`, body: () => ({ data: { type: 'report', attributes: { name: 'Hijacked' } } }) },
    'DELETE /api/reports/:id': { url: () => `/api/reports/${reportIds.owner}` },
    'GET /api/reports/:id/videos': { url: () => `/api/reports/${reportIds.owner}/videos` },
    'GET /api/reports/:id/streams': { url: () => `/api/reports/${reportIds.owner}/streams` },
    'GET /api/reports/:id/creators': { url: () => `/api/reports/${reportIds.owner}/creators` },
    'GET /api/reports/:id/steam': { url: () => `/api/reports/${reportIds.owner}/steam` },
    'GET /api/reports/:id/pdf': { url: () => `/api/reports/${reportIds.owner}/pdf` },
    'POST /api/screenshots': { url: () => '/api/screenshots', body: () => ({ article_id: ids.saved }) },
    'GET /api/screenshots/:article_id': { url: () => `/api/screenshots/${ids.saved}` },
    'GET /api/screenshots/:article_id/image': { url: () => `/api/screenshots/${ids.saved}/image` },
  },
  async snapshot(f: TenantFixture) {
    const q = (sql: string) => f.ctx.deps.pool.query(sql, [f.owner.org.id]).then((r) => JSON.stringify(r.rows));
    return [
      await q('select * from reports where organization_id = $1 order by id'),
      await q('select h.* from report_highlights h join reports r on r.id = h.report_id where r.organization_id = $1 order by 1, 2'),
      await q('select * from screenshots where organization_id = $1 order by id'),
    ].join('\n');
  },
};
