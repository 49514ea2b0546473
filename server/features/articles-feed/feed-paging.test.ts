import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FeedSort } from '../../../common/schemas/articles-feed.js';
import { createTestContext, type TestContext } from '../../../test/helpers/app.js';
import { makeOrg, makeProject } from '../../../test/helpers/factories.js';
import { addToFeed, makeAlert, makeArchiveArticle, makeArchiveArticlesSql } from '../../../test/helpers/coverage-factories.js';
import { wordsStartingWith } from '../../db/lexemes.js';
import { findFeedAlert, type FeedAlert } from '../alerts/service.js';
import { FAR_OFFSET, listFeedPage, pageWindow, resolveFeedSearch } from './repo.js';

let ctx: TestContext;
const db = () => ctx.deps.db;
const SORTS: FeedSort[] = ['pub_date', 'reach', 'language', 'title', 'media'];

/** Two feeds: a small one whose titles share prefixes, and one past FAR_OFFSET made in SQL. */
const small = {} as { alert: FeedAlert; token: string };
const large = {} as { alert: FeedAlert; token: string; total: number };

beforeAll(async () => {
  ctx = await createTestContext();
  const { token, org } = await makeOrg(ctx);
  const titles = [
    'Starfall launch date',
    'Starfield patch notes',
    'Stars of the season',
    'A star is born',
    'Start here: the guide',
    'Find the secret shrine',
    'Find the second key',
    'Starfall review: stellar',
    'Nothing to see',
  ];
  const alert = await makeAlert(ctx, org.id, { projectId: (await makeProject(ctx, org.id)).id });
  const list = [];
  for (const [i, title] of titles.entries()) list.push(await makeArchiveArticle(ctx, { title, pubDate: `2024-05-0${i + 1}T10:00:00Z` }));
  await addToFeed(ctx, alert, list);
  small.alert = (await findFeedAlert(db(), org.id, alert.id))!;
  small.token = token;

  // FAR_OFFSET + 700 feed rows with repeating sort keys (ties broken by date, then id).
  const other = await makeOrg(ctx);
  const big = await makeAlert(ctx, other.org.id, { projectId: (await makeProject(ctx, other.org.id)).id });
  large.total = FAR_OFFSET + 700;
  await makeArchiveArticlesSql(
    ctx,
    `
    select md5('far' || g) as url_key, 'https://far' || (g % 37) || '.example.test/' || g as url,
           'https://far' || (g % 37) || '.example.test/' || g as full_url, 'Far story ' || (g % 53) as title, '' as description,
           (array['en','de','fr'])[1 + g % 3] as language, timestamptz '2024-01-01' + (g % 400) * interval '1 hour' as pub_date,
           now() as first_seen_at, (g % 10) + 0.5 as reach, 'far'::tsvector as search
      from generate_series(1, ${large.total}) g`,
    ['first_seen_at'],
  );
  await db().execute(sql`
    insert into alert_articles (alert_id, article_id, organization_id, pub_date, reach, language, is_metacritic, title_sort, media, search)
    select ${big.id}, a.id, ${other.org.id}, a.pub_date, a.reach, a.language, a.is_metacritic, lower(a.title),
           substring(a.url from '^https://([^/]+)'), s.search
      from articles a join article_search s on s.id = a.id and s.pub_date = a.pub_date
     where a.url_key = md5('far' || substring(a.url from '[0-9]+$'))`);
  large.alert = (await findFeedAlert(db(), other.org.id, big.id))!;
  large.token = other.token;
});
afterAll(() => ctx.close());

const ids = (rows: { id: number }[]) => rows.map((r) => r.id);

describe('feed search by the words a prefix begins', () => {
  it('keeps every word of new archive articles in the lexemes list', async () => {
    await makeArchiveArticle(ctx, { title: 'Quixotic zebrafish' });
    expect(await wordsStartingWith(db(), 'quixot')).toEqual(['quixotic']);
    await makeArchiveArticle(ctx, { title: 'Zyzzyva' });
    expect(await wordsStartingWith(db(), 'zyzz')).toEqual(['zyzzyva']);
    expect(await wordsStartingWith(db(), 'zzzznothing')).toEqual([]);
  });

  it('finds exactly what the partial match finds, for whole words, unfinished ones and phrases', async () => {
    for (const term of ['star', 'starf', 'Starfall', 'stars', 'find the sec', 'the s', 'stellar', 'starx', 'find secret', 'nothing to']) {
      const resolved = await resolveFeedSearch(db(), { searchTerm: term });
      for (const field of SORTS) {
        const order = { field, desc: field !== 'title' };
        const viaWords = await listFeedPage(db(), small.alert, resolved, order, { limit: 50, offset: 0 });
        const viaPartial = await listFeedPage(db(), small.alert, { searchTerm: term }, order, { limit: 50, offset: 0 });
        expect(ids(viaWords), `${term} by ${field}`).toEqual(ids(viaPartial));
      }
    }
    const starts = await listFeedPage(
      db(),
      small.alert,
      await resolveFeedSearch(db(), { searchTerm: 'star' }),
      { field: 'pub_date', desc: false },
      { limit: 50, offset: 0 },
    );
    expect(starts.map((r) => r.title)).toEqual([
      'Starfall launch date',
      'Starfield patch notes',
      'Stars of the season',
      'A star is born',
      'Start here: the guide',
      'Starfall review: stellar',
    ]);
  });

  it('leaves a prefix with more words than the limit to the partial match', async () => {
    for (const w of ['qa', 'qb', 'qc', 'qd']) await makeArchiveArticle(ctx, { title: `${w}word` });
    expect(await wordsStartingWith(db(), 'q', 3)).toBeNull();
    expect(await wordsStartingWith(db(), 'qa', 3)).toEqual(['qaword']);
  });
});

describe('far pages', () => {
  it('chooses the nearer end of the list for a window', () => {
    expect(pageWindow({ limit: 25, offset: 0 }, 100)).toEqual({ limit: 25, offset: 0, reverse: false });
    expect(pageWindow({ limit: 25, offset: 30 }, 100)).toEqual({ limit: 25, offset: 30, reverse: false });
    expect(pageWindow({ limit: 25, offset: 50 }, 100)).toEqual({ limit: 25, offset: 25, reverse: true });
    expect(pageWindow({ limit: 25, offset: 75 }, 100)).toEqual({ limit: 25, offset: 0, reverse: true });
    expect(pageWindow({ limit: 25, offset: 90 }, 100)).toEqual({ limit: 10, offset: 0, reverse: true });
    expect(pageWindow({ limit: 25, offset: 60 }, 100)).toEqual({ limit: 25, offset: 15, reverse: true });
    expect(pageWindow({ limit: 25, offset: 100 }, 100)).toEqual({ limit: 25, offset: 100, reverse: false });
  });

  it('reads the same rows from the other end, for every sort and direction', async () => {
    const total = large.total;
    for (const field of SORTS) {
      for (const desc of [true, false]) {
        const order = { field, desc };
        const all = ids(await listFeedPage(db(), large.alert, {}, order, { limit: total, offset: 0 }));
        expect(all).toHaveLength(total);
        for (const window of [
          { limit: 25, offset: total - 25 },
          { limit: 500, offset: total - 510 },
          { limit: 25, offset: total - 5 },
          { limit: 100, offset: 3_000 },
        ]) {
          const read = pageWindow(window, total);
          expect(read.reverse).toBe(true);
          const rows = await listFeedPage(db(), large.alert, {}, order, read);
          expect(ids(rows), `${field} ${desc ? 'desc' : 'asc'} at ${window.offset}`).toEqual(all.slice(window.offset, window.offset + window.limit));
        }
      }
    }
  });

  it('answers a far page and a page past the end through the list route', async () => {
    const get = (q: string) => ctx.call('GET', `/api/articles_feed/${large.alert.id}?${q}`, { token: large.token });
    const all = ids(await listFeedPage(db(), large.alert, {}, { field: 'reach', desc: true }, { limit: large.total, offset: 0 }));
    const last = await get('sort=-reach&page[page_size]=100&page[page]=57');
    expect(last.statusCode).toBe(200);
    const body = last.json() as { data: { id: string }[]; meta: { total_entries: number; last_page: number } };
    expect(body.meta).toMatchObject({ total_entries: large.total, last_page: 57 });
    expect(body.data.map((d) => Number(d.id))).toEqual(all.slice(5_600, 5_700));
    const past = await get('page[page_size]=100&page[page]=80');
    expect(past.json()).toMatchObject({ data: [], meta: { total_entries: large.total } });
    // A filtered far page: 5,130 rows of reach ≥ 1, the page at 5,100 read from the end.
    const filtered = await get('filter[minScore]=1&sort=title&page[page_size]=25&page[page]=205');
    const scored = ids(await listFeedPage(db(), large.alert, { minScore: 1 }, { field: 'title', desc: false }, { limit: large.total, offset: 0 }));
    expect(scored).toHaveLength(5_130);
    expect((filtered.json() as { data: { id: string }[] }).data.map((d) => Number(d.id))).toEqual(scored.slice(5_100, 5_125));
  });
});
