import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestContext, type TestContext } from '../../../test/helpers/app.js';
import { feedItem, makeFeed, makeWebsite } from '../../../test/helpers/coverage-factories.js';
import { savedArticles } from '../../db/schema/coverage.js';
import { ingestItems } from '../crawler/service.js';
import { reportWorkspace } from './test-fixtures.js';

let ctx: TestContext;
let ws: Awaited<ReturnType<typeof reportWorkspace>>;
beforeAll(async () => {
  ctx = await createTestContext({ ALLOW_PRIVATE_NETWORK: 'true' });
  ws = await reportWorkspace(ctx);
});
afterAll(() => ctx?.close());

const TITLE = 'Lumen Works ships the Prism Engine 2 update with ray tracing on handhelds';
const LEAD =
  'Lumen Works has shipped version 2 of its Prism Engine, bringing ray-traced lighting to handheld consoles and cutting build times in half, the company said.';
const day = '2024-03-12';

async function ingestCopy(host: string, title: string, description: string) {
  const w = await makeWebsite(ctx, { domain: `${host}-${Date.now()}.example`, reach: 3 });
  const f = await makeFeed(ctx, w.id);
  const url = `https://${host}.example/prism-2`;
  await ingestItems(
    ctx.deps.db,
    { id: f.id, type: 0, language: null, website: { id: w.id, language: w.language, reach: w.reach, muv: w.muv, isMetacritic: w.isMetacritic } },
    [feedItem({ url, title, description, published: new Date(`${day}T09:00:00Z`) })],
    new Date(`${day}T10:00:00Z`),
  );
  const r = await ctx.deps.db.execute<{ id: number; url_key: string }>(sql`select id, url_key from articles where url = ${url}`);
  return { id: Number(r.rows[0].id), urlKey: r.rows[0].url_key, url };
}

async function save(a: { id: number | null; urlKey: string; url: string }, title: string) {
  await ctx.deps.db.insert(savedArticles).values({
    organizationId: ws.org.id,
    projectId: ws.project.id,
    tagId: ws.tags.news.id,
    articleId: a.id,
    urlKey: a.urlKey,
    url: a.url,
    fullUrl: a.url,
    title,
    language: 'en',
    reach: 3,
    date: new Date(`${day}T09:00:00Z`),
  });
}

const preview = async () => {
  const res = await ctx.call('POST', '/api/reports/preview', {
    token: ws.token,
    body: { project_id: ws.project.id, date_range: ['2024-03-01', '2024-03-31'] },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.totals as { articles: number; unique_stories: number };
};

describe('unique stories in a report', () => {
  it('counts the copies of a story once beside the placements, a hand-saved link as its own story, and follows a merge', async () => {
    const copies = [
      await ingestCopy('wire', TITLE, LEAD),
      await ingestCopy('regional-one', `${TITLE} - Regional One`, LEAD),
      await ingestCopy('regional-two', TITLE, LEAD),
    ];
    const other = await ingestCopy(
      'feature',
      'Inside the studio that makes the Prism Engine: a day with Lumen Works',
      'We spent a day at Lumen Works in Oslo, where forty engineers build the engine behind a dozen games.',
    );
    for (const c of copies) await save(c, TITLE);
    await save(other, 'Inside the studio');
    await save({ id: null, urlKey: `manual-${Date.now()}`, url: 'https://blog.example/prism' }, 'A blog post about Prism');
    expect(await preview()).toMatchObject({ articles: 5, unique_stories: 3 });

    // The organization merges the feature into the story: it counts once with it.
    await ctx.deps.db.execute(sql`insert into story_edits (organization_id, article_id, story_id) values (${ws.org.id}, ${other.id}, ${copies[0].id})`);
    expect(await preview()).toMatchObject({ articles: 5, unique_stories: 2 });
  });
});
