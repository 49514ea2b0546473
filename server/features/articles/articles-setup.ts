import { afterAll, beforeAll } from 'vitest';
import { eq } from 'drizzle-orm';
import { savedArticles } from '../../db/schema/coverage.js';
import { createTestContext, type TestContext } from '../../../test/helpers/app.js';
import { makeOrg, makeProject, makeTag } from '../../../test/helpers/factories.js';
import { articleHtml, startTestSite, type TestSite } from '../../../test/helpers/test-site.js';

/**
 * What the saved-articles API tests share (articles.test.ts, articles-bulk.test.ts): the app and a
 * local site with article pages, set up by `useArticlesContext()` in each file, and the request
 * bodies and workspace they use. `ctx` and `site` are live bindings, set in the calling file's beforeAll.
 */
export let ctx: TestContext;
export let site: TestSite;

export function useArticlesContext() {
  beforeAll(async () => {
    site = await startTestSite({
      '/launch': articleHtml({ title: 'Launch day review', lang: 'de', published: '2024-03-10T12:00:00Z', image: '/launch.jpg' }),
      '/second': articleHtml({ title: 'Second look', published: '2024-03-11T12:00:00Z' }),
      '/third': articleHtml({ title: 'Third take', published: '2024-03-12T12:00:00Z' }),
      '/untitled': '<html><body><p>short</p></body></html>',
    });
    ctx = await createTestContext({ ALLOW_PRIVATE_NETWORK: 'true' });
  });
  afterAll(async () => {
    await Promise.all([ctx?.close(), site?.close()]);
  });
}

export type ErrorBody = { code: string; detail: string; source?: { pointer?: string; parameter?: string } };

export const tagRel = (id: number) => ({ tag: { data: { type: 'tag', id: String(id) } } });
export const articleBody = (attributes: Record<string, unknown>, tagId?: number) => ({
  data: { type: 'article', attributes, ...(tagId ? { relationships: tagRel(tagId) } : {}) },
});
export const bulk = (type: string, attributes: Record<string, unknown>, relationships?: Record<string, unknown>) => ({
  data: { type, attributes, ...(relationships ? { relationships } : {}) },
});
export const savedOf = (projectId: number) => ctx.deps.db.select().from(savedArticles).where(eq(savedArticles.projectId, projectId));
export const pointers = (res: { json(): { errors: ErrorBody[] } }) => Object.fromEntries(res.json().errors.map((e) => [e.source?.pointer, e.detail]));

export async function workspace() {
  const owner = await makeOrg(ctx);
  const project = await makeProject(ctx, owner.org.id);
  const tag = await makeTag(ctx, owner.org.id, project.id, 'Reviews');
  return { ...owner, project, tag };
}
