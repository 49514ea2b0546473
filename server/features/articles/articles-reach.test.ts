import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray, sql } from 'drizzle-orm';
import { estimatedViews } from '../../../common/media-score.js';
import { savedArticles, websites } from '../../db/schema/coverage.js';
import { createTestContext, type TestContext } from '../../../test/helpers/app.js';
import { makeOrg, makeProject, makeTag } from '../../../test/helpers/factories.js';
import { addToFeed, makeAlert, makeArchiveArticle, makeWebsite } from '../../../test/helpers/coverage-factories.js';
import { estimatedViewsSql, rescoreSavedArticles } from './service.js';

/**
 * Reach of saved coverage (issue 26): the estimated views a saved article carries, the score a
 * person typed (`reach_manual`), and the rescoring that brings the outlet's new figures to the
 * rest.
 */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

type Attrs = Record<string, unknown>;

async function workspace(plan: 'pro' | 'starter' = 'pro') {
  const owner = await makeOrg(ctx, { plan });
  const project = await makeProject(ctx, owner.org.id);
  const tag = await makeTag(ctx, owner.org.id, project.id, 'Reviews');
  return { ...owner, project, tag };
}

/** A website whose visitors come from `source` (muv_source is written by the reach feature). */
async function outlet(opts: { reach: number; muv: number | null; source: 'similarweb' | 'estimate' | 'manual' | null }) {
  const w = await makeWebsite(ctx, { reach: opts.reach, muv: opts.muv });
  await ctx.deps.db.update(websites).set({ muvSource: opts.source }).where(eq(websites.id, w.id));
  return { ...w, muvSource: opts.source };
}

const savedRow = async (id: number | string) =>
  (
    await ctx.deps.db
      .select()
      .from(savedArticles)
      .where(eq(savedArticles.id, Number(id)))
  )[0];

const save = (token: string, tagId: number, attributes: Attrs) =>
  ctx.call('POST', '/api/articles', {
    token,
    body: { data: { type: 'article', attributes, relationships: { tag: { data: { type: 'tag', id: String(tagId) } } } } },
  });

const patch = (token: string, id: string, attributes: Attrs) =>
  ctx.call('PATCH', `/api/articles/${id}`, { token, body: { data: { type: 'article', id, attributes } } });

// Title, date and language given: nothing is fetched.
const given = { title: 'Hands-on', date: '2024-03-01', language: 'en' };

describe('estimated views of saved coverage', () => {
  it('computes them from the outlet’s visitors for a link, null when the outlet’s visitors are unknown', async () => {
    const { token, tag } = await workspace();
    const known = await outlet({ reach: 7.2, muv: 4_000_000, source: 'similarweb' });
    const res = await save(token, tag.id, { url: `https://${known.domain}/hands-on`, ...given });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.attributes).toMatchObject({
      reach: 7.2,
      muv: 4_000_000,
      muv_source: 'similarweb',
      estimated_views: 4000,
      reach_manual: false,
      website_id: String(known.id),
    });
    expect(await savedRow(res.json().data.id)).toMatchObject({ estimatedViews: 4000, reachManual: false });

    const unknown = await outlet({ reach: 0.1, muv: null, source: null });
    const blank = await save(token, tag.id, { url: `https://${unknown.domain}/a`, ...given });
    expect(blank.json().data.attributes).toMatchObject({ muv: null, muv_source: null, estimated_views: null });
    const nowhere = await save(token, tag.id, { url: 'https://no-outlet-known.example/a', ...given });
    expect(nowhere.json().data.attributes).toMatchObject({ website_id: null, estimated_views: null, reach: 0.1 });
  });

  it('copies them from the archive when saved from a feed or imported by link', async () => {
    const { token, org, project, tag } = await workspace();
    const site = await outlet({ reach: 6, muv: 5_000_000, source: 'estimate' });
    // The archive's own figure (stored at ingest) wins over the formula.
    const fromFeed = await makeArchiveArticle(ctx, { websiteId: site.id, reach: 6, muv: 5_000_000, estimatedViews: 1234 });
    const byLink = await makeArchiveArticle(ctx, { websiteId: site.id, reach: 6, muv: 5_000_000, estimatedViews: 777 });
    const alert = await makeAlert(ctx, org.id, { projectId: project.id });
    await addToFeed(ctx, alert, [fromFeed]);
    const bulkSave = await ctx.call('POST', '/api/bulk/articles', {
      token,
      body: { data: { type: 'articles_rss_ids', attributes: { ids: [String(fromFeed.id)], tag_id: String(tag.id), alert_id: String(alert.id) } } },
    });
    expect(bulkSave.json().data.attributes.success).toBe(1);
    const imported = await ctx.call('POST', '/api/bulk/articles', {
      token,
      body: { data: { type: 'bulk_articles', attributes: { urls: [byLink.fullUrl], tag_id: String(tag.id) } } },
    });
    expect(imported.json().data.attributes.success).toBe(1);
    const rows = await ctx.deps.db.select().from(savedArticles).where(eq(savedArticles.projectId, project.id));
    expect(Object.fromEntries(rows.map((r) => [r.articleId, r.estimatedViews]))).toEqual({ [fromFeed.id]: 1234, [byLink.id]: 777 });
    expect(rows.every((r) => !r.reachManual)).toBe(true);

    const list = await ctx.call('GET', `/api/articles?filter[project_id]=${project.id}`, { token });
    expect(list.json().data.map((r: { attributes: Attrs }) => r.attributes.muv_source)).toEqual(['estimate', 'estimate']);
    const csv = await ctx.call('GET', `/api/csv/articles?filter[project_id]=${project.id}&sort=date`, { token });
    expect(csv.body.split('\n')[0].endsWith(',estimated_views')).toBe(true);
  });

  it('sends them as null, like the visitors, to a plan without the UMV add-on', async () => {
    const { token, tag } = await workspace('starter');
    const site = await outlet({ reach: 7, muv: 4_217_000, source: 'similarweb' });
    const res = await save(token, tag.id, { url: `https://${site.domain}/x`, ...given });
    expect(res.json().data.attributes).toMatchObject({ muv: null, muv_source: null, estimated_views: null });
    // Stored all the same: an upgrade shows them.
    expect((await savedRow(res.json().data.id)).estimatedViews).toBe(4217);
  });
});

describe('a score typed by a person', () => {
  it('marks the article: given at save, or changed in an edit; the same score sent back is not a change', async () => {
    const { token, tag } = await workspace();
    const site = await outlet({ reach: 5.5, muv: 2_000_000, source: 'similarweb' });
    const typed = await save(token, tag.id, { url: `https://${site.domain}/typed`, reach: 8, ...given });
    expect(typed.json().data.attributes).toMatchObject({ reach: 8, reach_manual: true, estimated_views: 2000 });

    const derived = await save(token, tag.id, { url: `https://${site.domain}/derived`, ...given });
    const id = derived.json().data.id;
    // The edit form sends every field back: an unchanged score stays the outlet's.
    const retitled = await patch(token, id, { title: 'Hands-on, updated', reach: 5.5 });
    expect(retitled.json().data.attributes).toMatchObject({ title: 'Hands-on, updated', reach: 5.5, reach_manual: false });
    const rescored = await patch(token, id, { reach: 9.1 });
    expect(rescored.json().data.attributes).toMatchObject({ reach: 9.1, reach_manual: true });

    // Back to the outlet's score, visitors and views (which the outlet changed meanwhile).
    await ctx.deps.db.update(websites).set({ reach: 6.1, muv: 3_000_000 }).where(eq(websites.id, site.id));
    const back = await patch(token, id, { reach: 9.1, reach_manual: false });
    expect(back.json().data.attributes).toMatchObject({ reach: 6.1, muv: 3_000_000, estimated_views: 3000, reach_manual: false });

    const pinned = await patch(token, id, { reach_manual: true });
    expect(pinned.json().data.attributes).toMatchObject({ reach: 6.1, reach_manual: true });
    const invalid = await patch(token, id, { reach_manual: 'yes' });
    expect(invalid.statusCode).toBe(422);
  });

  it('falls back to the spec’s 0.1 when an article without an outlet is given back its derived score', async () => {
    const { token, tag } = await workspace();
    const res = await save(token, tag.id, { url: 'https://nobody-knows.example/x', reach: 4, ...given });
    const back = await patch(token, res.json().data.id, { reach_manual: false });
    expect(back.json().data.attributes).toMatchObject({ reach: 0.1, reach_manual: false, muv: null, estimated_views: null });
  });
});

describe('rescoreSavedArticles', () => {
  it('gives saved coverage of the websites their new figures, keeps typed scores, and writes only what differs', async () => {
    const a = await workspace();
    const b = await workspace();
    const big = await outlet({ reach: 4, muv: 1_000_000, source: 'estimate' });
    const gone = await outlet({ reach: 3, muv: 500_000, source: 'estimate' });
    const untouched = await outlet({ reach: 2, muv: 100_000, source: 'estimate' });
    const derivedA = (await save(a.token, a.tag.id, { url: `https://${big.domain}/1`, ...given })).json().data.id;
    const typedA = (await save(a.token, a.tag.id, { url: `https://${big.domain}/2`, reach: 9.5, ...given })).json().data.id;
    const derivedB = (await save(b.token, b.tag.id, { url: `https://${big.domain}/1`, ...given })).json().data.id;
    const goneB = (await save(b.token, b.tag.id, { url: `https://${gone.domain}/1`, ...given })).json().data.id;
    const otherB = (await save(b.token, b.tag.id, { url: `https://${untouched.domain}/1`, ...given })).json().data.id;

    // A new ranking: the outlet climbs and SimilarWeb measures it; another loses its visitors.
    await ctx.deps.db.update(websites).set({ reach: 8.4, muv: 2_000_000_000, muvSource: 'similarweb' }).where(eq(websites.id, big.id));
    await ctx.deps.db.update(websites).set({ reach: 0.1, muv: null, muvSource: null }).where(eq(websites.id, gone.id));
    await ctx.deps.db.update(websites).set({ reach: 7, muv: 7_000_000 }).where(eq(websites.id, untouched.id));

    const changed = await ctx.deps.db.transaction((tx) => rescoreSavedArticles(tx, [big.id, gone.id, big.id]));
    expect(changed).toBe(4);
    const rows = await ctx.deps.db
      .select({
        id: savedArticles.id,
        reach: savedArticles.reach,
        muv: savedArticles.muv,
        views: savedArticles.estimatedViews,
        manual: savedArticles.reachManual,
      })
      .from(savedArticles)
      .where(inArray(savedArticles.id, [derivedA, typedA, derivedB, goneB, otherB].map(Number)));
    const byId = Object.fromEntries(rows.map(({ id, ...r }) => [String(id), r]));
    // 0.1% of 2B is 2M: capped at 1M.
    expect(byId[derivedA]).toEqual({ reach: 8.4, muv: 2_000_000_000, views: 1_000_000, manual: false });
    expect(byId[derivedB]).toEqual({ reach: 8.4, muv: 2_000_000_000, views: 1_000_000, manual: false });
    // The typed score stays; the outlet's visitors and views are not the person's, so they follow.
    expect(byId[typedA]).toEqual({ reach: 9.5, muv: 2_000_000_000, views: 1_000_000, manual: true });
    expect(byId[goneB]).toEqual({ reach: 0.1, muv: null, views: null, manual: false });
    // A website that was not named is left for its own rescoring.
    expect(byId[otherB]).toEqual({ reach: 2, muv: 100_000, views: 100, manual: false });

    expect(await rescoreSavedArticles(ctx.deps.db, [big.id, gone.id])).toBe(0);
    expect(await rescoreSavedArticles(ctx.deps.db, [])).toBe(0);
    const page = await ctx.call('GET', `/api/articles?filter[project_id]=${a.project.id}&sort=-reach`, { token: a.token });
    expect(page.json().data.map((r: { attributes: Attrs }) => r.attributes.muv_source)).toEqual(['similarweb', 'similarweb']);
  });

  it('computes estimated views in SQL exactly as common/media-score.ts does', async () => {
    const values = [0, 1, 499, 500, 1_499, 1_500, 2_500, 987_654, 123_456_789, 999_999_499, 999_999_500, 1_000_000_000, 5_000_000_000_000];
    const { rows } = await ctx.deps.db.execute<{ muv: string; views: number }>(
      sql`select v::text as muv, ${estimatedViewsSql(sql`v`)} as views from unnest(${sql.param(values)}::bigint[]) v`,
    );
    expect(rows.map((r) => [Number(r.muv), r.views])).toEqual(values.map((v) => [v, estimatedViews(v)]));
    const [nullRow] = (await ctx.deps.db.execute<{ views: number | null }>(sql`select ${estimatedViewsSql(sql`null::bigint`)} as views`)).rows;
    expect(nullRow.views).toBeNull();
  });
});
