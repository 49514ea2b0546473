import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../../common/messages.js';
import { NO_CAPABILITIES } from '../../../common/plans.js';
import type { FeedFilters, FeedSort } from '../../../common/schemas/articles-feed.js';
import { createTestContext, type TestContext } from '../../../test/helpers/app.js';
import { makeOrg, makeProject, makeTag } from '../../../test/helpers/factories.js';
import { addToFeed, makeAlert, makeArchiveArticle, makeFeed, makeSavedArticle, makeWebsite } from '../../../test/helpers/coverage-factories.js';
import { findFeedAlert } from '../alerts/service.js';
import { listFeedPage, shouldMaterialize } from './repo.js';

let ctx: TestContext;
const db = () => ctx.deps.db;

type FeedDoc = { id: string; type: string; attributes: Record<string, unknown> };
type Res = { statusCode: number; json(): { data: FeedDoc[]; meta: Record<string, number>; errors: { detail: string; source?: { parameter?: string } }[] } };
const titles = (res: Res) => res.json().data.map((d) => d.attributes.title);

/**
 * One feed shared by the read-only tests: seven visible articles spread over dates, languages,
 * scores and media, one hidden (deleted by a user), one article of the archive not in the feed.
 */
const feed = {} as {
  token: string;
  orgId: number;
  projectId: number;
  alertId: number;
  ids: Record<string, number>;
  lastRun: Date;
};

beforeAll(async () => {
  ctx = await createTestContext();
  const { token, org } = await makeOrg(ctx);
  const project = await makeProject(ctx, org.id);
  const lastRun = new Date('2024-05-20T08:00:00Z');
  const alert = await makeAlert(ctx, org.id, { projectId: project.id, keywords: 'zelda', lastRunAt: lastRun });
  const alertId = alert.id;
  const ign = (await makeWebsite(ctx, { domain: `ign-${org.id}.example.test`, muv: 5_000_000 })).id;
  const blog = (await makeWebsite(ctx, { domain: `blog-${org.id}.example.test`, muv: null })).id;
  const specs = {
    alpha: { title: 'Alpha Zelda review', pubDate: '2024-05-01T10:00:00Z', language: 'en', reach: 8, websiteId: ign, isMetacritic: true, author: 'Ann' },
    bravo: {
      title: 'bravo zelda guide',
      description: 'Where to find the SECRET shrine',
      pubDate: '2024-05-02T23:59:59Z',
      language: 'fr',
      reach: 3,
      websiteId: blog,
    },
    charlie: { title: 'Charlie: Zelda news', pubDate: '2024-05-03T00:00:00Z', language: 'de', reach: 0.5, url: 'https://www.charlie.example.test/zelda' },
    delta: { title: 'Delta =cmd zelda', pubDate: '2024-05-04T12:00:00Z', language: 'en', reach: 6, websiteId: ign, muv: 42, author: '=cmd()' },
    echo: { title: 'Echo Zelda, "quoted"', pubDate: '2024-04-30T12:00:00Z', language: 'es', reach: 10, websiteId: blog, isMetacritic: true },
    foxtrot: { title: 'Foxtrot zelda 100%', pubDate: '2024-05-05T00:00:00Z', language: 'en', reach: 1 },
    golf: { title: 'Golf zelda_speedrun', pubDate: '2024-05-06T00:00:00Z', language: 'en', reach: 2 },
    hidden: { title: 'Hidden zelda', pubDate: '2024-05-07T00:00:00Z' },
    outside: { title: 'Outside zelda', pubDate: '2024-05-08T00:00:00Z' },
  };
  const ids: Record<string, number> = {};
  const tag = await makeTag(ctx, org.id, project.id);
  for (const [key, spec] of Object.entries(specs)) {
    const article = await makeArchiveArticle(ctx, spec);
    ids[key] = article.id;
    if (key !== 'outside') await addToFeed(ctx, alert, [article], { deleted: key === 'hidden' });
    if (key === 'bravo') await makeSavedArticle(ctx, org.id, { projectId: project.id, tagId: tag.id, article });
  }
  Object.assign(feed, { token, orgId: org.id, projectId: project.id, alertId, ids, lastRun });
});
afterAll(() => ctx.close());

const get = (query = '', path = 'articles_feed') =>
  ctx.call('GET', `/api/${path}/${feed.alertId}${query ? `?${query}` : ''}`, { token: feed.token }) as Promise<Res>;

describe('articles feed', () => {
  it('lists the visible feed newest first with page meta and the last pull', async () => {
    const res = await get();
    expect(res.statusCode).toBe(200);
    expect(titles(res)).toEqual([
      'Golf zelda_speedrun',
      'Foxtrot zelda 100%',
      'Delta =cmd zelda',
      'Charlie: Zelda news',
      'bravo zelda guide',
      'Alpha Zelda review',
      'Echo Zelda, "quoted"',
    ]);
    const body = res.json() as unknown as { meta: unknown; latest_pull: string; data: FeedDoc[] };
    expect(body.meta).toEqual({ total_entries: 7, last_page: 1, page_number: 1, page_size: 25 });
    expect(body.latest_pull).toBe(feed.lastRun.toISOString());
    const byTitle = Object.fromEntries(body.data.map((d) => [d.attributes.title, d]));
    expect(byTitle['Alpha Zelda review']).toMatchObject({
      type: 'feed_article',
      id: String(feed.ids.alpha),
      attributes: {
        language: 'en',
        reach: 8,
        pub_date: '2024-05-01T10:00:00.000Z',
        media: `ign-${feed.orgId}.example.test`,
        'website-visits': 5_000_000,
        muv: 5_000_000,
        is_metacritic: true,
        author: 'Ann',
        saved: false,
        source: 0,
      },
    });
    expect(byTitle['Alpha Zelda review'].attributes.fullUrl).toMatch(/\?utm_source=feed$/);
    expect(byTitle['Alpha Zelda review'].attributes.matched_at).toEqual(expect.any(String));
    expect(byTitle['Delta =cmd zelda'].attributes.muv).toBe(42);
    expect(byTitle['bravo zelda guide'].attributes.saved).toBe(true);
    expect(byTitle['Charlie: Zelda news'].attributes).toMatchObject({ media: 'charlie.example.test', website_id: null, 'website-visits': null });
  });

  it('filters by dates (inclusive days), languages, metacritic, scores, search term and ids', async () => {
    expect(titles(await get('filter[startDate]=2024-05-02&filter[endDate]=2024-05-03'))).toEqual(['Charlie: Zelda news', 'bravo zelda guide']);
    expect(titles(await get('filter[endDate]=2024-05-01T10:00:00Z'))).toEqual(['Alpha Zelda review', 'Echo Zelda, "quoted"']);
    expect(titles(await get('filter[languages]=fr,DE'))).toEqual(['Charlie: Zelda news', 'bravo zelda guide']);
    expect(titles(await get('filter[metacritic]=true'))).toEqual(['Alpha Zelda review', 'Echo Zelda, "quoted"']);
    expect(titles(await get('filter[metacritic]=false&filter[languages]=en'))).toEqual(['Golf zelda_speedrun', 'Foxtrot zelda 100%', 'Delta =cmd zelda']);
    expect(titles(await get('filter[minScore]=3&filter[maxScore]=8'))).toEqual(['Delta =cmd zelda', 'bravo zelda guide', 'Alpha Zelda review']);
    expect(titles(await get('filter[minScore]=6&filter[maxScore]='))).toEqual(['Delta =cmd zelda', 'Alpha Zelda review', 'Echo Zelda, "quoted"']);
    // The term's words in order (title or description), the last one possibly unfinished;
    // case, accents and punctuation ignored.
    expect(titles(await get('filter[searchTerm]=secret'))).toEqual(['bravo zelda guide']);
    expect(titles(await get('filter[searchTerm]=find the SEC'))).toEqual(['bravo zelda guide']);
    expect(titles(await get('filter[searchTerm]=shrine secret'))).toEqual([]);
    expect(titles(await get('filter[searchTerm]=ZELDÁ: news'))).toEqual(['Charlie: Zelda news']);
    expect(titles(await get('filter[searchTerm]=speedr'))).toEqual(['Golf zelda_speedrun']);
    expect(titles(await get('filter[search]=100%25'))).toEqual(['Foxtrot zelda 100%']);
    // Only punctuation: a plain substring test, LIKE metacharacters taken literally.
    expect(titles(await get('filter[searchTerm]=%25'))).toEqual(['Foxtrot zelda 100%']);
    expect(titles(await get('filter[searchTerm]=_'))).toEqual(['Golf zelda_speedrun']);
    expect(titles(await get(`filter[ids]=${feed.ids.alpha},${feed.ids.echo},${feed.ids.hidden},${feed.ids.outside}`))).toEqual([
      'Alpha Zelda review',
      'Echo Zelda, "quoted"',
    ]);
    const filtered = await get('filter[languages]=en&page[page_size]=10');
    expect(filtered.json().meta).toEqual({ total_entries: 4, last_page: 1, page_number: 1, page_size: 10 });
  });

  it('finds the same page whether archive-tested filters are evaluated first or while scanning', async () => {
    const alert = (await findFeedAlert(db(), feed.orgId, feed.alertId))!;
    const cases: [FeedFilters, FeedSort, boolean][] = [
      [{ searchTerm: 'zelda' }, 'pub_date', true],
      [{ searchTerm: 'zelda', languages: ['en'] }, 'title', false],
      [{ searchTerm: 'zelda' }, 'media', true],
      [{ searchTerm: 'secret' }, 'reach', true],
    ];
    for (const [filters, field, desc] of cases) {
      for (const window of [
        { limit: 3, offset: 0 },
        { limit: 3, offset: 3 },
      ]) {
        const scanned = await listFeedPage(db(), alert, filters, { field, desc }, { ...window, materialize: false });
        const materialized = await listFeedPage(db(), alert, filters, { field, desc }, { ...window, materialize: true });
        expect(materialized).toEqual(scanned);
      }
    }
    // A rare match in a large feed is evaluated first; a frequent one, or a large result, is scanned.
    expect(shouldMaterialize({ limit: 25, offset: 0 }, 3, 100_000)).toBe(true);
    expect(shouldMaterialize({ limit: 25, offset: 0 }, 11_000, 100_000)).toBe(false);
    expect(shouldMaterialize({ limit: 25, offset: 9_975 }, 11_000, 100_000)).toBe(true);
    expect(shouldMaterialize({ limit: 25, offset: 0 }, 50_000, 1_000_000)).toBe(false);
  });

  it('refuses bad filters, sorts and page sizes with the parameter named', async () => {
    const cases: [string, string][] = [
      ['filter[startDate]=yesterday', 'filter[startDate]'],
      ['filter[metacritic]=maybe', 'filter[metacritic]'],
      ['filter[minScore]=11', 'filter[minScore]'],
      ['filter[ids]=1,x', 'filter[ids]'],
      ['filter[color]=red', 'filter[color]'],
      ['sort=-color', 'sort'],
      ['page[page_size]=5', 'page[page_size]'],
      ['page[page_size]=501', 'page[page_size]'],
    ];
    for (const [query, parameter] of cases) {
      const res = await get(query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().errors[0].source, query).toEqual({ parameter });
    }
    const minMax = await get('filter[minScore]=5&filter[maxScore]=2');
    expect(minMax.json().errors[0]).toMatchObject({ detail: MSG.alerts.minBelowMax, source: { parameter: 'filter[minScore]' } });
    const regional = await get('filter[regions]=Europe&filter[countries]=FR&filter[ea_only]=1');
    expect(regional.statusCode).toBe(400);
    expect(regional.json().errors.map((e) => [e.source?.parameter, e.detail])).toEqual([
      ['filter[ea_only]', MSG.alertsApi.regionalFilters],
      ['filter[regions]', MSG.alertsApi.regionalFilters],
      ['filter[countries]', MSG.alertsApi.regionalFilters],
    ]);
  });

  it('sorts by date, score, title, media and language', async () => {
    expect(titles(await get('sort=pub_date')).slice(0, 2)).toEqual(['Echo Zelda, "quoted"', 'Alpha Zelda review']);
    expect(titles(await get('sort=-reach')).slice(0, 3)).toEqual(['Echo Zelda, "quoted"', 'Alpha Zelda review', 'Delta =cmd zelda']);
    expect(titles(await get('sort=title'))).toEqual([
      'Alpha Zelda review',
      'bravo zelda guide',
      'Charlie: Zelda news',
      'Delta =cmd zelda',
      'Echo Zelda, "quoted"',
      'Foxtrot zelda 100%',
      'Golf zelda_speedrun',
    ]);
    // Media, then newest first within a media.
    const media = (await get('sort=media')).json().data.map((d) => d.attributes.media);
    expect(media).toEqual([...media].sort());
    expect(titles(await get('sort=media')).slice(0, 2)).toEqual(['bravo zelda guide', 'Echo Zelda, "quoted"']);
    expect(titles(await get('sort=-language')).slice(0, 2)).toEqual(['bravo zelda guide', 'Echo Zelda, "quoted"']);
  });

  it('pages through the feed; the external route defaults to 35 per page', async () => {
    const page2 = await get('page[page]=2&page[page_size]=10&sort=title');
    expect(page2.json().data).toEqual([]);
    expect(page2.json().meta).toEqual({ total_entries: 7, last_page: 1, page_number: 2, page_size: 10 });
    const external = await get('', 'external_articles_alert');
    expect(external.json().meta).toMatchObject({ total_entries: 7, page_size: 35 });
    expect(titles(external)).toEqual(titles(await get()));
  });

  it('filters by region and country for organizations with regional filters', async () => {
    const { token, org } = await makeOrg(ctx, { capabilities: { ...NO_CAPABILITIES, regional_filters: true } });
    const project = await makeProject(ctx, org.id);
    const alert = await makeAlert(ctx, org.id, { projectId: project.id, keywords: 'zelda' });
    const french = await makeWebsite(ctx, {
      domain: `fr-${org.id}.example.test`,
      geography: [
        { country_code_iso: 'US', visits: 10 },
        { country_code_iso: 'FR', visits: 90 },
      ],
    });
    const american = await makeWebsite(ctx, { domain: `us-${org.id}.example.test`, geography: [{ country_code_iso: 'US', visits: 50 }] });
    const europeFeed = await makeFeed(ctx, french.id, { region: 'Europe' });
    for (const [title, websiteId, feedId] of [
      ['Paris zelda', french.id, europeFeed.id],
      ['Boston zelda', american.id, null],
    ] as const) {
      const a = await makeArchiveArticle(ctx, { title, websiteId, feedId });
      await addToFeed(ctx, alert, [a]);
    }
    const list = async (q: string) => titles((await ctx.call('GET', `/api/articles_feed/${alert.id}?${q}`, { token })) as Res);
    expect(await list('filter[countries]=fr')).toEqual(['Paris zelda']);
    expect(await list('filter[countries]=US')).toEqual(['Boston zelda']);
    expect(await list('filter[regions]=europe')).toEqual(['Paris zelda']);
    expect(await list('filter[regions]=Asia')).toEqual([]);
  });

  it('keeps or leaves out the EA outlet list (ea_only) for organizations with regional filters', async () => {
    const { token, org } = await makeOrg(ctx, { capabilities: { ...NO_CAPABILITIES, regional_filters: true } });
    const project = await makeProject(ctx, org.id);
    const alert = await makeAlert(ctx, org.id, { projectId: project.id, keywords: 'mass effect' });
    const listed = await makeWebsite(ctx, { domain: `ea-${org.id}.example.test`, isEa: true });
    const other = await makeWebsite(ctx, { domain: `other-${org.id}.example.test` });
    for (const [title, websiteId] of [
      ['Listed mass effect', listed.id],
      ['Other mass effect', other.id],
      ['Unknown site mass effect', null],
    ] as const) {
      await addToFeed(ctx, alert, [await makeArchiveArticle(ctx, { title, websiteId })]);
    }
    const list = async (q: string) => titles((await ctx.call('GET', `/api/articles_feed/${alert.id}?${q}&sort=title`, { token })) as Res);
    expect(await list('filter[ea_only]=1')).toEqual(['Listed mass effect']);
    expect(await list('filter[ea_only]=0')).toEqual(['Other mass effect', 'Unknown site mass effect']);
    expect(await list('filter[ea_only]=-1')).toHaveLength(3);
    const csv = await ctx.call('GET', `/api/csv/articles_feed/${alert.id}?filter[ea_only]=1`, { token });
    expect(csv.body.trim().split('\n')).toHaveLength(2);
    const bad = await ctx.call('GET', `/api/articles_feed/${alert.id}?filter[ea_only]=yes`, { token });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].source).toEqual({ parameter: 'filter[ea_only]' });
  });

  it('exports the selected rows or the filtered feed as CSV', async () => {
    const csv = async (query: string, path = 'csv/articles_feed') => {
      const res = await ctx.call('GET', `/api/${path}/${feed.alertId}?${query}`, { token: feed.token });
      return { res, lines: res.body.trim().split('\n') };
    };
    const selected = await csv(`filter[ids_list]=${feed.ids.alpha},${feed.ids.delta},${feed.ids.hidden}&filter[languages]=fr`);
    expect(selected.res.statusCode).toBe(200);
    expect(selected.res.headers['content-type']).toContain('text/csv');
    expect(selected.res.headers['content-disposition']).toBe(`attachment; filename="articles_feed_${feed.alertId}.csv"`);
    expect(selected.lines[0]).toBe('id,title,url,media,reach,language,pub_date,muv,is_metacritic,author');
    // ids_list replaces the filters; hidden rows never export; "=" cells are escaped as text.
    expect(selected.lines.slice(1).map((l) => l.split(',')[0])).toEqual([String(feed.ids.delta), String(feed.ids.alpha)]);
    expect(selected.lines[1]).toMatch(new RegExp(`^${feed.ids.delta},Delta =cmd zelda,.*,6,en,2024-05-04T12:00:00Z,42,false,'=cmd\\(\\)$`));
    expect(selected.lines[2]).toBe(
      `${feed.ids.alpha},Alpha Zelda review,${selected.lines[2].split(',')[2]},ign-${feed.orgId}.example.test,8,en,2024-05-01T10:00:00Z,5000000,true,Ann`,
    );

    const filtered = await csv('filter[metacritic]=true&sort=-reach');
    expect(filtered.lines.slice(1).map((l) => l.split(',')[0])).toEqual([String(feed.ids.echo), String(feed.ids.alpha)]);
    expect(filtered.lines[1]).toContain('"Echo Zelda, ""quoted"""');
    const all = await csv('', 'csv/external_articles_alert');
    expect(all.lines).toHaveLength(8);
    const viaAccept = await ctx.call('GET', `/api/articles_feed/${feed.alertId}?filter[languages]=de`, { token: feed.token, headers: { accept: 'text/csv' } });
    expect(viaAccept.body.trim().split('\n')).toHaveLength(2);

    const tooMany = await csv(`filter[ids_list]=${Array.from({ length: 10001 }, (_, i) => i + 1).join(',')}`);
    expect(tooMany.res.statusCode).toBe(400);
    expect(tooMany.res.json().errors[0]).toMatchObject({ detail: MSG.alertsApi.tooManyIds, source: { parameter: 'filter[ids_list]' } });
    expect((await csv('filter[countries]=FR')).res.statusCode).toBe(400);

    // Large selections travel in a JSON body.
    const posted = await ctx.call('POST', `/api/csv/articles_feed/${feed.alertId}`, {
      token: feed.token,
      body: { ids_list: [feed.ids.alpha, String(feed.ids.echo)], sort: 'reach' },
    });
    expect(
      posted.body
        .trim()
        .split('\n')
        .slice(1)
        .map((l) => l.split(',')[0]),
    ).toEqual([String(feed.ids.alpha), String(feed.ids.echo)]);
    const postedTooMany = await ctx.call('POST', `/api/csv/articles_feed/${feed.alertId}`, {
      token: feed.token,
      body: { ids_list: Array.from({ length: 10001 }, (_, i) => i + 1) },
    });
    expect(postedTooMany.statusCode).toBe(422);
    expect(postedTooMany.json().errors[0]).toMatchObject({ detail: MSG.alertsApi.tooManyIds, source: { pointer: '/ids_list' } });
  });

  it('answers 404 to another organization on every route', async () => {
    const outsider = await makeOrg(ctx);
    for (const path of ['articles_feed', 'external_articles_alert', 'csv/articles_feed', 'csv/external_articles_alert']) {
      const res = await ctx.call('GET', `/api/${path}/${feed.alertId}`, { token: outsider.token });
      expect(res.statusCode, path).toBe(404);
      expect(res.json().errors[0].code).toBe('not_found');
    }
    for (const path of ['csv/articles_feed', 'csv/external_articles_alert']) {
      const res = await ctx.call('POST', `/api/${path}/${feed.alertId}`, { token: outsider.token, body: { ids_list: [feed.ids.alpha] } });
      expect(res.statusCode, path).toBe(404);
    }
    expect((await ctx.call('GET', `/api/articles_feed/${feed.alertId}`)).statusCode).toBe(401);
  });
});
