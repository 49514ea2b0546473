import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MSG } from '../../../common/messages.js';
import { websites } from '../../db/schema/coverage.js';
import { tags } from '../../db/schema/workspace.js';
import { makeProject, makeTag } from '../../../test/helpers/factories.js';
import { articleBody, ctx, pointers, savedOf, site, tagRel, useArticlesContext, workspace } from './articles-setup.js';

// Saving one article, listing, editing and deleting. Bulk imports and isolation: articles-bulk.test.ts.
useArticlesContext();

type Row = { id: string; attributes: Record<string, unknown> };

describe('saved articles', () => {
  it('saves an article with given values under the tag’s project and reads it back', async () => {
    const { token, project, tag, org } = await workspace();
    const res = await ctx.call('POST', '/api/articles', {
      token,
      body: articleBody({ url: 'https://www.Example.com/news/1?utm_source=x', title: 'Big news', language: 'en', reach: 3.5, date: '2024-01-05' }, tag.id),
    });
    expect(res.statusCode).toBe(201);
    const doc = res.json();
    expect(doc.meta).toBeUndefined();
    expect(doc.data).toMatchObject({
      type: 'article',
      attributes: {
        title: 'Big news',
        url: 'https://www.example.com/news/1',
        // As given, normalised (scheme and host case), tracking parameters kept.
        fullUrl: 'https://www.example.com/news/1?utm_source=x',
        language: 'en',
        reach: 3.5,
        date: '2024-01-05T00:00:00.000Z',
        tag_id: String(tag.id),
        tag_name: 'Reviews',
        project_id: String(project.id),
        media: 'example.com',
        locked: false,
      },
      relationships: { tag: { data: { type: 'tag', id: String(tag.id) } }, project: { data: { type: 'project', id: String(project.id) } } },
    });
    const [row] = await savedOf(project.id);
    expect(row).toMatchObject({ organizationId: org.id, tagId: tag.id, title: 'Big news' });
    expect(site.hits.length).toBe(0); // everything was given: nothing fetched

    const again = await ctx.call('POST', '/api/articles', {
      token,
      body: articleBody({ url: 'https://WWW.example.com/news/1?utm_medium=mail#top', title: 'Same story' }, tag.id),
    });
    expect(again.statusCode).toBe(422);
    expect(again.json().errors[0]).toMatchObject({ detail: MSG.articles.alreadyExists, source: { pointer: '/data/attributes/url' } });
    expect(await savedOf(project.id)).toHaveLength(1);
  });

  it('reads a missing title, date and language from the page, and the score from a known website', async () => {
    const { token, project, tag } = await workspace();
    const [website] = await ctx.deps.db.insert(websites).values({ domain: '127.0.0.1', reach: 7.5, muv: 4_000_000 }).returning();
    try {
      const res = await ctx.call('POST', '/api/articles', { token, body: articleBody({ url: site.url('/launch') }, tag.id) });
      expect(res.statusCode).toBe(201);
      expect(res.json().data.attributes).toMatchObject({
        title: 'Launch day review',
        language: 'de',
        date: '2024-03-10T12:00:00.000Z',
        reach: 7.5,
        muv: 4_000_000,
        website_id: String(website.id),
        image: site.url('/launch.jpg'),
      });
      expect(res.json().meta).toBeUndefined();
    } finally {
      await ctx.deps.db.delete(websites).where(eq(websites.id, website.id));
    }
    expect(await savedOf(project.id)).toHaveLength(1);
  });

  it('falls back to the spec defaults and warns when the page says nothing', async () => {
    const { token, tag } = await workspace();
    for (const path of ['/untitled', '/gone']) {
      const res = await ctx.call('POST', '/api/articles', { token, body: articleBody({ url: site.url(path) }, tag.id) });
      expect(res.statusCode).toBe(201);
      expect(res.json().data.attributes).toMatchObject({ title: '', language: 'unknown', reach: 0.1, date: '2010-01-01T00:00:00.000Z' });
      expect(res.json().meta).toEqual({ warning: MSG.articles.missingData });
    }
  });

  it('reports every invalid field with its pointer', async () => {
    const { token, project } = await workspace();
    const res = await ctx.call('POST', '/api/articles', {
      token,
      body: articleBody({ url: 'not a link', title: 'x'.repeat(128), reach: 11, date: 'yesterday', language: 'English!' }),
    });
    expect(res.statusCode).toBe(422);
    const p = pointers(res);
    expect(Object.keys(p).sort()).toEqual([
      '/data/attributes/date',
      '/data/attributes/language',
      '/data/attributes/reach',
      '/data/attributes/title',
      '/data/attributes/url',
    ]);
    expect(p['/data/attributes/reach']).toBe(MSG.articles.reachRange);
    expect(p['/data/attributes/title']).toBe(MSG.articles.titleTooLong);
    // With the body well formed, the link and the tag are checked.
    const noTag = await ctx.call('POST', '/api/articles', { token, body: articleBody({ url: 'https://example.org/a' }) });
    expect(pointers(noTag)).toEqual({ '/data/relationships/tag': MSG.articles.tagRequired });
    const tag = await makeTag(ctx, project.organizationId, project.id);
    const badUrl = await ctx.call('POST', '/api/articles', { token, body: articleBody({ url: 'not a link' }, tag.id) });
    expect(pointers(badUrl)).toEqual({ '/data/attributes/url': MSG.articles.invalidUrl });
    const malformedTag = await ctx.call('POST', '/api/articles', {
      token,
      body: { data: { type: 'article', attributes: { url: 'https://example.org/a' }, relationships: { tag: { data: { type: 'tag' } } } } },
    });
    expect(pointers(malformedTag)).toEqual({ '/data/relationships/tag': MSG.articles.tagRequired });
    expect(await savedOf(project.id)).toEqual([]);
  });

  it('refuses archived tags and another organization’s tags alike', async () => {
    const { token, tag, project } = await workspace();
    const other = await workspace();
    await ctx.deps.db.update(tags).set({ locked: true }).where(eq(tags.id, tag.id));
    for (const id of [tag.id, other.tag.id, 999999]) {
      const res = await ctx.call('POST', '/api/articles', { token, body: articleBody({ url: 'https://example.org/b', title: 'T' }, id) });
      expect(res.statusCode).toBe(422);
      expect(pointers(res)).toEqual({ '/data/relationships/tag': MSG.articles.tagInactive });
    }
    expect(await savedOf(project.id)).toEqual([]);
    expect(await savedOf(other.project.id)).toEqual([]);
  });

  it('lists with the required project, filters, sorts and CSV', async () => {
    const { token, org, project, tag } = await workspace();
    const tag2 = await makeTag(ctx, org.id, project.id, 'Previews');
    const add = (url: string, attrs: Record<string, unknown>, tagId = tag.id) =>
      ctx.call('POST', '/api/articles', { token, body: articleBody({ url, ...attrs }, tagId) });
    await add('https://alpha.com/1', { title: 'Zebra story', language: 'en', reach: 2, date: '2024-01-01' });
    await add('https://beta.com/2', { title: 'apple story', language: 'fr', reach: 8, date: '2024-02-15' }, tag2.id);
    await add('https://gamma.com/3', { title: 'Mango news', language: 'es', reach: 5, date: '2024-03-31' });
    const list = (q: string) => ctx.call('GET', `/api/articles?filter[project_id]=${project.id}${q}`, { token });
    const titles = async (q: string) => (await list(q)).json().data.map((r: Row) => r.attributes.title);

    const all = await list('');
    expect(all.json().meta).toEqual({ total_entries: 3, last_page: 1, page_number: 1, page_size: 25 });
    expect(all.json().data.map((r: Row) => r.attributes.title)).toEqual(['Mango news', 'apple story', 'Zebra story']);
    expect(await titles('&sort=title')).toEqual(['apple story', 'Mango news', 'Zebra story']);
    expect(await titles('&sort=-reach')).toEqual(['apple story', 'Mango news', 'Zebra story']);
    expect(await titles('&sort=media')).toEqual(['Zebra story', 'apple story', 'Mango news']);
    expect(await titles(`&filter[tag_id]=${tag2.id}`)).toEqual(['apple story']);
    expect(await titles('&filter[languages]=en,es')).toEqual(['Mango news', 'Zebra story']);
    expect(await titles('&filter[search]=STORY&sort=date')).toEqual(['Zebra story', 'apple story']);
    expect(await titles('&filter[minScore]=3&filter[maxScore]=6')).toEqual(['Mango news']);
    expect(await titles('&filter[startDate]=2024-02-01&filter[endDate]=2024-03-31')).toEqual(['Mango news', 'apple story']);
    expect(await titles('&page[page]=2&page[page_size]=2')).toEqual(['Zebra story']);

    const missing = await ctx.call('GET', '/api/articles', { token });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors[0]).toMatchObject({ code: 'bad_request', source: { parameter: 'filter[project_id]' } });
    const badScore = await list('&filter[minScore]=lots');
    expect(badScore.statusCode).toBe(400);
    expect(badScore.json().errors[0].source).toEqual({ parameter: 'filter[minScore]' });

    const csv = await ctx.call('GET', `/api/csv/articles?filter[project_id]=${project.id}&sort=title`, { token });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.trim().split('\n');
    expect(lines[0]).toBe(
      'id,title,url,fullUrl,media,tag_name,language,reach,date,website-visits,is_metacritic,locked,project_id,tag_id,inserted-at,estimated_views',
    );
    expect(lines).toHaveLength(4);
    expect(lines[1]).toContain('apple story,https://beta.com/2,https://beta.com/2,beta.com,Previews,fr,8,2024-02-15T00:00:00.000Z');
  });

  it('edits, moves to another project’s tag, archives and deletes', async () => {
    const { token, org, project, tag } = await workspace();
    const otherProject = await makeProject(ctx, org.id);
    const otherTag = await makeTag(ctx, org.id, otherProject.id, 'Elsewhere');
    const created = await ctx.call('POST', '/api/articles', { token, body: articleBody({ url: 'https://delta.com/x', title: 'Old' }, tag.id) });
    const id = created.json().data.id;
    const patch = (attributes: Record<string, unknown>, relationships?: Record<string, unknown>) =>
      ctx.call('PATCH', `/api/articles/${id}`, { token, body: { data: { type: 'article', attributes, relationships } } });

    const edited = await patch({ title: 'New title', language: 'it', reach: 9.9, date: '2023-12-24', locked: true });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data.attributes).toMatchObject({ title: 'New title', language: 'it', reach: 9.9, date: '2023-12-24T00:00:00.000Z', locked: true });
    const moved = await patch({}, tagRel(otherTag.id));
    expect(moved.json().data.attributes).toMatchObject({ tag_id: String(otherTag.id), project_id: String(otherProject.id), tag_name: 'Elsewhere' });

    // The old project saves the same URL again; moving the article back would duplicate it.
    await ctx.call('POST', '/api/articles', { token, body: articleBody({ url: 'https://delta.com/x', title: 'Again' }, tag.id) });
    const clash = await patch({}, tagRel(tag.id));
    expect(clash.statusCode).toBe(422);
    expect(pointers(clash)).toEqual({ '/data/relationships/tag': MSG.articles.alreadyExists });
    const invalid = await patch({ reach: 0, title: 'y'.repeat(200) });
    expect(Object.keys(pointers(invalid)).sort()).toEqual(['/data/attributes/reach', '/data/attributes/title']);

    expect((await ctx.call('DELETE', `/api/articles/${id}`, { token })).statusCode).toBe(204);
    expect((await ctx.call('DELETE', `/api/articles/${id}`, { token })).statusCode).toBe(404);
    expect(await savedOf(otherProject.id)).toEqual([]);
    expect(await savedOf(project.id)).toHaveLength(1);
  });
});
