import type { TestContext } from '../helpers/app.js';
import { makeProject, makeTag, type makeOrg } from '../helpers/factories.js';

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
