import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { MSG } from '../../../common/messages.js';
import { BULK_IMPORT_MAX_LINKS } from '../../../common/schemas/articles.js';
import { alertArticles } from '../../db/schema/coverage.js';
import { makeTag } from '../../../test/helpers/factories.js';
import { BULK_REASONS } from './bulk.js';
import { addToFeed, makeAlert, makeArchiveArticle } from '../../../test/helpers/coverage-factories.js';
import { articleBody, bulk, ctx, pointers, savedOf, site, useArticlesContext, workspace } from './articles-setup.js';

// Bulk saving (links, feed articles), hiding feed articles, and another organization's requests.
useArticlesContext();

describe('bulk articles', () => {
  it('imports links one by one: archive copies, extracted pages, invalid and duplicate links', async () => {
    const { token, project, tag } = await workspace();
    const known = await makeArchiveArticle(ctx, { title: 'From the archive', language: 'pt', reach: 6.5 });
    await ctx.call('POST', '/api/articles', { token, body: articleBody({ url: 'https://saved.com/already', title: 'Saved' }, tag.id) });
    const hitsBefore = site.hits.length;
    const urls = [
      site.url('/second'),
      'saved.com/no-scheme',
      known.fullUrl,
      'https://saved.com/already',
      site.url('/second#again'),
      site.url('/third'),
      'ftp://x.com/f',
    ];
    const res = await ctx.call('POST', '/api/bulk/articles', { token, body: bulk('bulk_articles', { urls, tag_id: String(tag.id) }) });
    expect(res.statusCode).toBe(200);
    const { type, attributes } = res.json().data;
    expect(type).toBe('bulk_result');
    expect(attributes.success).toBe(3);
    expect(attributes.failed).toBe(4);
    expect(attributes.results.map((r: { url: string; status: string; reason: string | null }) => [r.url, r.status, r.reason])).toEqual([
      [site.url('/second'), 'OK', null],
      ['saved.com/no-scheme', 'KO', BULK_REASONS.invalidUrl],
      [known.fullUrl, 'OK', null],
      ['https://saved.com/already', 'KO', BULK_REASONS.exists],
      [site.url('/second#again'), 'KO', BULK_REASONS.exists],
      [site.url('/third'), 'OK', null],
      ['ftp://x.com/f', 'KO', BULK_REASONS.invalidUrl],
    ]);
    // The archive's copy needed no fetch; each new page was fetched once.
    expect(site.hits.slice(hitsBefore).sort()).toEqual(['/second', '/third']);
    const rows = await savedOf(project.id);
    expect(rows.map((r) => r.title).sort()).toEqual(['From the archive', 'Saved', 'Second look', 'Third take']);
    expect(rows.find((r) => r.title === 'From the archive')).toMatchObject({ articleId: known.id, language: 'pt', reach: 6.5, url: known.url });
  });

  it('saves a link whose page says nothing with the defaults, warning on its row', async () => {
    const { token, project, tag } = await workspace();
    const res = await ctx.call('POST', '/api/bulk/articles', {
      token,
      body: bulk('bulk_articles', { urls: [site.url('/untitled'), site.url('/gone')], tag_id: tag.id }),
    });
    expect(res.json().data.attributes).toMatchObject({
      success: 2,
      failed: 0,
      results: [
        { url: site.url('/untitled'), status: 'OK', reason: null, warning: MSG.articles.missingData },
        { url: site.url('/gone'), status: 'OK', reason: null, warning: MSG.articles.missingData },
      ],
    });
    const rows = await savedOf(project.id);
    expect(rows.map((r) => [r.title, r.language, r.reach, r.date.toISOString()])).toEqual([
      ['', 'unknown', 0.1, '2010-01-01T00:00:00.000Z'],
      ['', 'unknown', 0.1, '2010-01-01T00:00:00.000Z'],
    ]);
  });

  it('validates the link list and the tag for the whole request', async () => {
    const { token, project } = await workspace();
    const call = (attributes: Record<string, unknown>) => ctx.call('POST', '/api/bulk/articles', { token, body: bulk('bulk_articles', attributes) });
    const tag = await makeTag(ctx, project.organizationId, project.id);
    expect(pointers(await call({ urls: [], tag_id: tag.id }))).toEqual({ '/data/attributes/urls': MSG.articles.noLinks });
    const tooMany = Array.from({ length: BULK_IMPORT_MAX_LINKS + 1 }, (_, i) => `https://x.com/${i}`);
    expect(pointers(await call({ urls: tooMany, tag_id: tag.id }))).toEqual({ '/data/attributes/urls': MSG.articles.tooManyLinks });
    expect(Object.keys(pointers(await call({ urls: ['https://x.com/1'] })))).toEqual(['/data/attributes/tag_id']);
    const other = await workspace();
    expect(pointers(await call({ urls: ['https://x.com/1'], tag_id: other.tag.id }))).toEqual({ '/data/attributes/tag_id': MSG.articles.tagInactive });
    const unknownType = await ctx.call('POST', '/api/bulk/articles', { token, body: bulk('something_else', {}) });
    expect(unknownType.statusCode).toBe(422);
    expect(await savedOf(project.id)).toEqual([]);
  });

  it('saves feed articles under a tag, reporting existing and foreign ids per row', async () => {
    const { token, org, project, tag } = await workspace();
    const alert = await makeAlert(ctx, org.id, { projectId: project.id });
    const [a, b, c] = await Promise.all(
      [1, 2, 3].map((n) => makeArchiveArticle(ctx, { title: `Feed story ${n}`, isMetacritic: n === 2, reach: 6.5, muv: 9_000_000 })),
    );
    const notInFeed = await makeArchiveArticle(ctx);
    await addToFeed(ctx, alert, [a, b, c]);
    const save = (ids: number[]) =>
      ctx.call('POST', '/api/bulk/articles', { token, body: bulk('articles_rss_ids', { ids: ids.map(String), tag_id: tag.id, alert_id: alert.id }) });

    const first = await save([a.id, b.id]);
    expect(first.json().data.attributes).toMatchObject({ success: 2, failed: 0 });
    const second = await save([b.id, c.id, notInFeed.id]);
    expect(second.statusCode).toBe(200);
    const attrs = second.json().data.attributes;
    expect(attrs).toMatchObject({ success: 1, failed: 2 });
    expect(attrs.results.map((r: { id: string; status: string; reason: string | null }) => [r.id, r.status, r.reason])).toEqual([
      [String(b.id), 'KO', BULK_REASONS.exists],
      [String(c.id), 'OK', null],
      [String(notInFeed.id), 'KO', BULK_REASONS.notFound],
    ]);
    const rows = await savedOf(project.id);
    expect(rows).toHaveLength(3);
    expect(rows.find((r) => r.articleId === b.id)).toMatchObject({
      title: 'Feed story 2',
      url: b.url,
      fullUrl: b.fullUrl,
      reach: 6.5,
      muv: 9_000_000,
      isMetacritic: true,
      language: 'en',
      date: b.pubDate,
      image: b.image,
      tagId: tag.id,
    });
  });

  it('deletes feed articles: hidden for good, per-row results', async () => {
    const { token, org, project } = await workspace();
    const alert = await makeAlert(ctx, org.id, { projectId: project.id });
    const [a, b] = await Promise.all([makeArchiveArticle(ctx), makeArchiveArticle(ctx)]);
    await addToFeed(ctx, alert, [a, b]);
    const res = await ctx.call('POST', '/api/bulk/articles', {
      token,
      body: bulk('delete_articles_rss_ids', { ids: [a.id, 424242] }, { alert: { data: { type: 'alert', id: String(alert.id) } } }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.attributes).toMatchObject({
      success: 1,
      failed: 1,
      results: [
        { id: String(a.id), status: 'OK', reason: null },
        { id: '424242', status: 'KO', reason: BULK_REASONS.notFound },
      ],
    });
    const feed = await ctx.deps.db.select().from(alertArticles).where(eq(alertArticles.alertId, alert.id));
    expect(feed.find((r) => r.articleId === a.id)?.deletedAt).toBeInstanceOf(Date);
    expect(feed.find((r) => r.articleId === b.id)?.deletedAt).toBeNull();
    const noAlert = await ctx.call('POST', '/api/bulk/articles', { token, body: bulk('delete_articles_rss_ids', { ids: [b.id] }) });
    expect(pointers(noAlert)).toEqual({ '/data/relationships/alert': 'Please choose an alert' });
  });
});

describe('organization isolation', () => {
  it('answers 404 (or the tag error) to another organization and changes nothing', async () => {
    const owner = await workspace();
    const outsider = await workspace();
    const alert = await makeAlert(ctx, owner.org.id, { projectId: owner.project.id });
    const art = await makeArchiveArticle(ctx);
    await addToFeed(ctx, alert, [art]);
    const created = await ctx.call('POST', '/api/articles', {
      token: owner.token,
      body: articleBody({ url: 'https://private.com/1', title: 'Private' }, owner.tag.id),
    });
    const id = created.json().data.id;
    const before = await savedOf(owner.project.id);
    const t = outsider.token;

    expect((await ctx.call('GET', `/api/articles?filter[project_id]=${owner.project.id}`, { token: t })).statusCode).toBe(404);
    expect((await ctx.call('GET', `/api/csv/articles?filter[project_id]=${owner.project.id}`, { token: t })).statusCode).toBe(404);
    expect((await ctx.call('PATCH', `/api/articles/${id}`, { token: t, body: articleBody({ title: 'Hijacked' }) })).statusCode).toBe(404);
    expect((await ctx.call('DELETE', `/api/articles/${id}`, { token: t })).statusCode).toBe(404);
    // The outsider's own tag cannot reach into the owner's alert feed.
    const save = await ctx.call('POST', '/api/bulk/articles', {
      token: t,
      body: bulk('articles_rss_ids', { ids: [art.id], tag_id: outsider.tag.id, alert_id: alert.id }),
    });
    expect(save.statusCode).toBe(404);
    const hide = await ctx.call('POST', '/api/bulk/articles', { token: t, body: bulk('delete_articles_rss_ids', { ids: [art.id], alert_id: alert.id }) });
    expect(hide.statusCode).toBe(404);
    expect(await savedOf(owner.project.id)).toEqual(before);
    expect(await savedOf(outsider.project.id)).toEqual([]);
    const [feedRow] = await ctx.deps.db
      .select()
      .from(alertArticles)
      .where(and(eq(alertArticles.alertId, alert.id), eq(alertArticles.articleId, art.id)));
    expect(feedRow.deletedAt).toBeNull();
  });

  it('needs a token', async () => {
    for (const [method, url] of [
      ['GET', '/api/articles?filter[project_id]=1'],
      ['GET', '/api/csv/articles?filter[project_id]=1'],
      ['POST', '/api/articles'],
      ['PATCH', '/api/articles/1'],
      ['DELETE', '/api/articles/1'],
      ['POST', '/api/bulk/articles'],
    ] as const) {
      const body = url.includes('bulk')
        ? bulk('bulk_articles', { urls: ['https://x.com'], tag_id: 1 })
        : method === 'POST' || method === 'PATCH'
          ? articleBody({ url: 'https://x.com' }, 1)
          : undefined;
      expect((await ctx.call(method, url, { body })).statusCode).toBe(401);
    }
  });
});
