import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MSG } from '../../../common/messages.js';
import { feeds, websites } from '../../db/schema/coverage.js';
import { makeArchiveArticle } from '../../../test/helpers/coverage-factories.js';
import { addFeed, addWebsite, admin, ctx, feedBody, member, outsider, pointers, useWebsitesContext, websiteBody } from './websites-setup.js';

// Who may see and change websites, the add and edit forms, and the lists. Feeds and OPML: websites-feeds.test.ts.
useWebsitesContext();

describe('websites: access', () => {
  it('answers 404 to every other organization, before reading the body', async () => {
    const site = await addWebsite();
    const feed = await addFeed(site.id, `https://${site.attributes.domain}/feed.xml`);
    const probes: [string, string, unknown?][] = [
      ['GET', '/api/websites'],
      ['GET', '/api/csv/websites'],
      ['GET', `/api/websites/${site.id}`],
      ['GET', `/api/websites/${site.attributes.domain}`],
      ['GET', `/api/websites/${site.id}/articles`],
      ['POST', '/api/websites', websiteBody({ domain: 'not a url', reach: 50 })],
      ['PATCH', `/api/websites/${site.id}`, websiteBody({ reach: 9 })],
      ['POST', '/api/feeds', feedBody({ feed: 'https://x.example/rss', website_id: site.id })],
      ['PATCH', `/api/feeds/${feed.id}`, feedBody({ disabled: true })],
      ['DELETE', `/api/feeds/${feed.id}`],
      ['GET', '/api/feeds/opml'],
      ['GET', `/api/feeds?filter[website_id]=${site.id}`],
      ['POST', '/api/feeds/opml', undefined],
    ];
    for (const [method, url, body] of probes) {
      const res = await ctx.call(method as 'GET', url, { token: outsider, body });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    const [row] = await ctx.deps.db
      .select()
      .from(websites)
      .where(eq(websites.id, Number(site.id)));
    expect(row.reach).toBe(4);
    expect(
      await ctx.deps.db
        .select()
        .from(feeds)
        .where(eq(feeds.id, Number(feed.id))),
    ).toHaveLength(1);
  });

  it('lets operator members read but only admins write (403)', async () => {
    const site = await addWebsite();
    expect((await ctx.call('GET', '/api/websites', { token: member })).statusCode).toBe(200);
    expect((await ctx.call('GET', `/api/websites/${site.id}`, { token: member })).statusCode).toBe(200);
    const writes: [string, string, unknown?][] = [
      ['POST', '/api/websites', websiteBody({ domain: 'member.example', reach: 1, language: 'en' })],
      ['PATCH', `/api/websites/${site.id}`, websiteBody({ reach: 9 })],
      ['POST', '/api/feeds', feedBody({ feed: 'https://member.example/rss', website_id: site.id })],
      ['POST', '/api/feeds/opml', undefined],
    ];
    for (const [method, url, body] of writes) {
      const res = await ctx.call(method as 'POST', url, { token: member, body });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
    expect((await ctx.call('GET', '/api/websites')).statusCode).toBe(401);
  });
});

describe('websites: add and edit', () => {
  it('validates the add-website form with the catalogue messages and pointers', async () => {
    const bad = await ctx.call('POST', '/api/websites', { token: admin, body: websiteBody({ domain: 'not a website', reach: 11, language: 'xx' }) });
    expect(bad.statusCode).toBe(422);
    expect(pointers(bad)).toEqual({
      '/data/attributes/domain': MSG.websites.invalidUrl,
      '/data/attributes/reach': MSG.websites.reachRange,
      '/data/attributes/language': MSG.websites.languageUnknown,
    });
    // The score may be left out (it is derived from the traffic ranking, issue 26); domain and language may not.
    const missing = await ctx.call('POST', '/api/websites', { token: admin, body: websiteBody({}) });
    expect(pointers(missing)).toEqual({
      '/data/attributes/domain': MSG.websites.domainRequired,
      '/data/attributes/language': MSG.websites.languageRequired,
    });
    const notANumber = await ctx.call('POST', '/api/websites', { token: admin, body: websiteBody({ domain: 'ok.example', language: 'en', reach: 'high' }) });
    expect(pointers(notANumber)).toEqual({ '/data/attributes/reach': MSG.websites.reachRequired });
    const badFeed = await ctx.call('POST', '/api/feeds', { token: admin, body: feedBody({ feed: 'javascript:alert(1)', website_id: 1 }) });
    expect(pointers(badFeed)).toEqual({ '/data/attributes/feed': MSG.websites.invalidFeed });
  });

  it('stores the domain of what was typed and refuses a second copy (409)', async () => {
    const res = await ctx.call('POST', '/api/websites', {
      token: admin,
      body: websiteBody({ domain: 'HTTPS://www.Polygon-Test.com/news', reach: 6.5, language: 'en' }),
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.attributes).toMatchObject({
      domain: 'polygon-test.com',
      reach: 6.5,
      'reach-manual': true,
      language: 'en',
      fullUrl: 'https://polygon-test.com',
      'articles-count': 0,
      'feeds-count': 0,
    });
    const again = await ctx.call('POST', '/api/websites', { token: admin, body: websiteBody({ domain: 'polygon-test.com', reach: 1, language: 'en' }) });
    expect(again.statusCode).toBe(409);
    expect(again.json().errors[0]).toMatchObject({ code: 'conflict', source: { pointer: '/data/attributes/domain' } });
  });

  it('keeps a typed score and typed visitors as the person’s, and gives them back to the ranking', async () => {
    // No ranking imported in this database: the derived score is the default (features/reach tests the ranking).
    const site = await addWebsite();
    const url = `/api/websites/${site.id}`;
    const typedVisitors = await ctx.call('PATCH', url, { token: admin, body: websiteBody({ reach_manual: false, muv: 1_000_000 }) });
    expect(typedVisitors.statusCode).toBe(200);
    expect(typedVisitors.json().data.attributes).toMatchObject({
      reach: 0.1,
      reach_source: 'default',
      'reach-manual': false,
      muv: 1_000_000,
      muv_source: 'manual',
      reach_basis: 'No traffic ranking imported yet → 0.1',
    });
    const manual = await ctx.call('PATCH', url, { token: admin, body: websiteBody({ reach: 7.5 }) });
    expect(manual.json().data.attributes).toMatchObject({ reach: 7.5, 'reach-manual': true, reach_source: 'manual', reach_set_by: expect.any(String) });
    expect(manual.json().data.attributes.reach_basis).toMatch(/^Typed by /);
    const kept = await ctx.call('PATCH', url, { token: admin, body: websiteBody({ muv: 1000 }) });
    expect(kept.json().data.attributes).toMatchObject({ reach: 7.5, muv: 1000 });
    // The rank is the list's, not typed: an attribute `rank` is ignored.
    const rank = await ctx.call('PATCH', url, { token: admin, body: websiteBody({ rank: 1 }) });
    expect(rank.json().data.attributes).toMatchObject({ rank: null, reach: 7.5 });
    const back = await ctx.call('PATCH', url, { token: admin, body: websiteBody({ reach_manual: false, muv: null }) });
    expect(back.json().data.attributes).toMatchObject({ reach: 0.1, reach_source: 'default', reach_set_by: null, muv: null, muv_source: null });
  });

  it('edits details, accounts, geography and categories, and validates them', async () => {
    const site = await addWebsite();
    const mediatype = await ctx.call('GET', '/api/mediatypes', { token: admin });
    const res = await ctx.call('PATCH', `/api/websites/${site.attributes.domain}`, {
      token: admin,
      body: websiteBody({
        name: 'Test Site',
        is_metacritic: true,
        language: 'de',
        twitter_accounts: ['@testsite', 'other_one'],
        geography: [
          { country_code_iso: 'us', visits: 1200 },
          { country_code_iso: 'DE', visits: 300 },
        ],
        categories: [{ category: 'Games', month: '2024-05', score: 0.42 }],
        mediatype_id: mediatype.json().data[0]?.id ?? null,
      }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.attributes).toMatchObject({
      name: 'Test Site',
      is_metacritic: true,
      language: 'de',
      geography: [
        { country_code_iso: 'US', visits: 1200 },
        { country_code_iso: 'DE', visits: 300 },
      ],
      categories: [{ category: 'Games', month: '2024-05', score: 0.42 }],
    });
    const accounts = res.json().included.filter((r: { type: string }) => r.type === 'twitter_account');
    expect(accounts.map((a: { attributes: { username: string } }) => a.attributes.username)).toEqual(['other_one', 'testsite']);
    const bad = await ctx.call('PATCH', `/api/websites/${site.id}`, {
      token: admin,
      body: websiteBody({
        geography: [{ country_code_iso: 'ZZ', visits: 1 }],
        categories: [{ category: 'x', month: '2024-05', score: 3 }],
        mediatype_id: 999999,
      }),
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(pointers(bad)).sort()).toEqual(['/data/attributes/categories/0/score', '/data/attributes/geography/0/country_code_iso']);
    const unknownType = await ctx.call('PATCH', `/api/websites/${site.id}`, { token: admin, body: websiteBody({ mediatype_id: 999999 }) });
    expect(pointers(unknownType)).toEqual({ '/data/attributes/mediatype_id': 'Unknown media type' });
    expect((await ctx.call('PATCH', '/api/websites/nowhere.example', { token: admin, body: websiteBody({ reach: 2 }) })).statusCode).toBe(404);
  });
});

describe('lists', () => {
  it("lists, searches and exports websites, and a website's articles newest first", async () => {
    const site = await addWebsite({ name: 'Searchable Gazette' });
    const list = await ctx.call('GET', '/api/websites?filter[search]=searchable', { token: admin });
    expect(list.json().data.map((w: { id: string }) => w.id)).toEqual([site.id]);
    expect(list.json().meta).toMatchObject({ total_entries: 1, page_size: 50 });

    // Three months, three partitions: the list and the count read across them.
    for (const [n, title, pubDate] of [
      [1, 'Old review', '2024-01-01'],
      [2, 'New preview', '2024-03-01'],
      [3, 'Middle review', '2024-02-01'],
    ] as const) {
      await makeArchiveArticle(ctx, { websiteId: Number(site.id), url: `https://a${site.id}.example/${n}`, title, pubDate });
    }
    const arts = await ctx.call('GET', `/api/websites/${site.id}/articles?page[page]=1&page[page_size]=10000`, { token: admin });
    expect(arts.statusCode).toBe(200);
    expect(arts.json().data.map((a: { attributes: { title: string } }) => a.attributes.title)).toEqual(['New preview', 'Middle review', 'Old review']);
    const found = await ctx.call('GET', `/api/websites/${site.id}/articles?filter[search]=REVIEW`, { token: admin });
    expect(found.json().meta.total_entries).toBe(3);
    const one = await ctx.call('GET', `/api/websites/${site.id}/articles?filter[search]=old`, { token: admin });
    expect(one.json().data.map((a: { attributes: { title: string } }) => a.attributes.title)).toEqual(['Old review']);
    const counted = await ctx.call('GET', `/api/websites/${site.id}`, { token: admin });
    expect(counted.json().data.attributes['articles-count']).toBe(3);

    const csv = await ctx.call('GET', '/api/csv/websites?filter[search]=searchable', { token: admin });
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.trim().split('\n');
    expect(lines[0]).toMatch(/^id,domain,name,reach/);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('Searchable Gazette');
  });
});
