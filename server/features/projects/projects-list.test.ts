import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { savedArticles } from '../../db/schema/coverage.js';
import { reports } from '../../db/schema/reports.js';
import { createTestContext, type TestContext } from '../../../test/helpers/app.js';
import { makeArchiveArticle, makeSavedArticle } from '../../../test/helpers/coverage-factories.js';
import { makeClient, makeOrg, makeProject, makeTag } from '../../../test/helpers/factories.js';
import { body, names, type ErrorBody, type ProjectDoc } from './projects-setup.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

/** Projects: the list, its counts of saved articles and its CSV. Create, edit and access: projects.test.ts. */

/** Saves `n` archive articles in a project under a new tag (archived when `locked`). */
async function saveArticles(orgId: number, projectId: number, n: number, locked = false) {
  const tag = await makeTag(ctx, orgId, projectId);
  for (let i = 0; i < n; i++) {
    const saved = await makeSavedArticle(ctx, orgId, { projectId, tagId: tag.id, article: await makeArchiveArticle(ctx) });
    if (locked) await ctx.deps.db.update(savedArticles).set({ locked: true }).where(eq(savedArticles.id, saved.id));
  }
}

describe('projects', () => {
  it("lists with filters, search, sorts, meta and each project's brand", async () => {
    const { token, org } = await makeOrg(ctx);
    const zed = await makeClient(ctx, org.id, 'Zed Brand');
    const acme = await makeClient(ctx, org.id, 'Acme Brand');
    await makeProject(ctx, org.id, { clientId: zed.id, name: 'Alpha' });
    await makeProject(ctx, org.id, { clientId: acme.id, name: 'Bravo' });
    await makeProject(ctx, org.id, { clientId: acme.id, name: 'Charlie', locked: true });

    const all = await ctx.call('GET', '/api/projects', { token });
    expect(all.statusCode).toBe(200);
    expect(names(all)).toEqual(['Alpha', 'Bravo', 'Charlie']);
    expect(all.json().meta).toEqual({ total_entries: 3, last_page: 1, page_number: 1, page_size: 500 });
    expect(all.json().data.map((p: { attributes: { client: { id: string; name: string } } }) => p.attributes.client)).toEqual([
      { id: String(zed.id), name: 'Zed Brand' },
      { id: String(acme.id), name: 'Acme Brand' },
      { id: String(acme.id), name: 'Acme Brand' },
    ]);

    expect(names(await ctx.call('GET', '/api/projects?sort=client,-name', { token }))).toEqual(['Charlie', 'Bravo', 'Alpha']);
    expect(names(await ctx.call('GET', '/api/projects?sort=-inserted_at', { token }))).toEqual(['Charlie', 'Bravo', 'Alpha']);
    expect(names(await ctx.call('GET', '/api/projects?filter[locked]=false', { token }))).toEqual(['Alpha', 'Bravo']);
    expect(names(await ctx.call('GET', '/api/projects?filter[locked]=true', { token }))).toEqual(['Charlie']);
    expect(names(await ctx.call('GET', `/api/projects?filter[client_id]=${acme.id}`, { token }))).toEqual(['Bravo', 'Charlie']);
    expect(names(await ctx.call('GET', '/api/projects?filter[search]=zed', { token }))).toEqual(['Alpha']);
    expect(names(await ctx.call('GET', '/api/projects?filter[search]=RAV', { token }))).toEqual(['Bravo']);
    const paged = await ctx.call('GET', '/api/projects?page[page]=2&page[page_size]=2', { token });
    expect(names(paged)).toEqual(['Charlie']);
    expect(paged.json().meta).toEqual({ total_entries: 3, last_page: 2, page_number: 2, page_size: 2 });

    const bad = await ctx.call('GET', '/api/projects?sort=owner', { token });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.map((e: ErrorBody) => e.source?.parameter)).toEqual(['sort']);
    const badId = await ctx.call('GET', '/api/projects?filter[client_id]=abc', { token });
    expect(badId.statusCode).toBe(400);
    expect(badId.json().errors[0].source).toEqual({ parameter: 'filter[client_id]' });
  });

  it("counts each project's saved articles that are not archived, in the list, the CSV and GET projects/{id}", async () => {
    const { token, org } = await makeOrg(ctx);
    const other = await makeOrg(ctx);
    const brand = await makeClient(ctx, org.id, 'Counted Brand');
    const busy = await makeProject(ctx, org.id, { clientId: brand.id, name: 'Busy' });
    const quiet = await makeProject(ctx, org.id, { clientId: brand.id, name: 'Quiet' });
    const archivedOnly = await makeProject(ctx, org.id, { clientId: brand.id, name: 'Shelved' });
    await saveArticles(org.id, busy.id, 3);
    await saveArticles(org.id, busy.id, 2, true);
    await saveArticles(org.id, archivedOnly.id, 1, true);
    // Another organization's coverage never leaks into the counts.
    await saveArticles(other.org.id, (await makeProject(ctx, other.org.id)).id, 4);

    const list = await ctx.call('GET', '/api/projects', { token });
    expect(list.statusCode).toBe(200);
    const totals = Object.fromEntries(list.json().data.map((p: ProjectDoc) => [p.attributes.name, p.attributes['total-articles']]));
    expect(totals).toEqual({ Busy: 3, Quiet: 0, Shelved: 0 });
    expect(list.json().data.every((p: ProjectDoc) => p.attributes['total-reports'] === 0)).toBe(true);

    // Reports count per project, never another organization's.
    for (const [orgId, projectId, n] of [
      [org.id, busy.id, 2],
      [other.org.id, quiet.id, 0],
    ] as const) {
      for (let i = 0; i < n; i++) {
        await ctx.deps.db.insert(reports).values({
          id: `report-${projectId}-${i}-${Date.now()}`,
          organizationId: orgId,
          projectId,
          name: `Report ${i}`,
          dateStart: new Date('2024-01-01'),
          dateEnd: new Date('2024-02-01'),
        });
      }
    }
    const one = await ctx.call('GET', `/api/projects/${busy.id}`, { token });
    expect(one.json().data.attributes).toMatchObject({ 'total-articles': 3, 'total-reports': 2 });
    expect((await ctx.call('GET', '/api/projects?filter[search]=Busy', { token })).json().data[0].attributes['total-reports']).toBe(2);
    expect((await ctx.call('GET', `/api/projects/${quiet.id}`, { token })).json().data.attributes['total-articles']).toBe(0);
    const paged = await ctx.call('GET', '/api/projects?page[page]=1&page[page_size]=1', { token });
    expect(paged.json().data[0].attributes).toMatchObject({ name: 'Busy', 'total-articles': 3 });

    const csv = await ctx.call('GET', '/api/projects', { token, headers: { accept: 'text/csv' } });
    expect(csv.body.split('\n').find((l) => l.startsWith(`${busy.id},Busy,`))).toContain(',3,2,');

    // Archiving one of them lowers the count; editing the project answers with the new count.
    await ctx.deps.db
      .update(savedArticles)
      .set({ locked: true })
      .where(and(eq(savedArticles.projectId, busy.id), eq(savedArticles.locked, false)));
    const renamed = await ctx.call('PATCH', `/api/projects/${busy.id}`, { token, body: body({ name: 'Busy Again' }) });
    expect(renamed.json().data.attributes).toMatchObject({ name: 'Busy Again', 'total-articles': 0 });
  });

  it('exports the list as CSV with the brand name', async () => {
    const { token, org } = await makeOrg(ctx);
    const brand = await makeClient(ctx, org.id, 'Comma, Inc');
    const p = await makeProject(ctx, org.id, { clientId: brand.id, name: 'Launch' });
    const res = await ctx.call('GET', '/api/projects', { token, headers: { accept: 'text/csv' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const lines = res.body.trim().split('\n');
    expect(lines[0]).toBe('id,name,client,client_id,locked,alert-id,total-articles,total-reports,inserted-at,updated-at');
    expect(lines[1].startsWith(`${p.id},Launch,"Comma, Inc",${brand.id},false,,0,0,`)).toBe(true);
  });
});
