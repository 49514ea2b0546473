import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { MSG } from '../../../common/messages.js';
import { QUERY_MSG } from '../../../common/query/messages.js';
import { addDays, utcDay } from '../../../common/schemas/supersearch.js';
import { createTestContext, type TestContext } from '../../../test/helpers/app.js';
import { feedItem, makeArchiveArticle, makeWebsite } from '../../../test/helpers/coverage-factories.js';
import { makeOrg } from '../../../test/helpers/factories.js';
import { ingestItems } from '../crawler/service.js';

let ctx: TestContext;
let org: Awaited<ReturnType<typeof makeOrg>>;
const today = utcDay();
const daysAgo = (n: number) => addDays(today, -n);
/** Noon UTC `n` days ago, plus `minutes`. */
const at = (n: number, minutes = 0) => new Date(Date.parse(`${daysAgo(n)}T12:00:00Z`) + minutes * 60_000);

beforeAll(async () => {
  ctx = await createTestContext();
  org = await makeOrg(ctx, { plan: 'pro' });
});
afterAll(() => ctx.close());

const search = (body: Record<string, unknown>, token = org.token) =>
  ctx.call('POST', '/api/supersearch', { token, body: { from_date: daysAgo(30), to_date: today, organization_id: org.org.id, ...body } });
const volume = (body: Record<string, unknown>, token = org.token, orgId = org.org.id) =>
  ctx.call('POST', '/api/supersearch/volume', { token, body: { from_date: daysAgo(30), to_date: today, organization_id: orgId, ...body } });

describe('POST supersearch', () => {
  it('finds matching archive articles, newest first, with the exact total', async () => {
    const site = await makeWebsite(ctx, { domain: 'quasar-news.example', reach: 7 });
    const older = await makeArchiveArticle(ctx, { title: 'Quasarwave review', description: 'x'.repeat(400), pubDate: at(3), websiteId: site.id, reach: 7 });
    const newer = await makeArchiveArticle(ctx, { title: 'Quasarwave launch date', pubDate: at(1), url: 'https://www.other-outlet.example/q' });
    await makeArchiveArticle(ctx, { title: 'Unrelated story', pubDate: at(1) });
    await makeArchiveArticle(ctx, { title: 'Quasarwave is old news', pubDate: at(60) });
    const res = await search({ search: 'quasarwave' });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.meta).toEqual({ total: 2, page: 1, lastPage: 1, counting: false, nextPage: null, page_size: 25, next_search_after: null });
    expect(body.data.map((r: { id: string }) => r.id)).toEqual([String(newer.id), String(older.id)]);
    expect(body.data[0]).toMatchObject({ type: 'supersearch_article', attributes: { media: 'other-outlet.example', website_id: null } });
    const attrs = body.data[1].attributes;
    expect(attrs).toMatchObject({
      title: 'Quasarwave review',
      url: older.url,
      full_url: older.fullUrl,
      score: 7,
      language: 'en',
      media: 'quasar-news.example',
      website_id: String(site.id),
    });
    expect(attrs.pub_date).toBe(older.pubDate.toISOString());
    expect([...attrs.description]).toHaveLength(300);
  });

  it('filters by languages and media score (a minimum alone means up to 10)', async () => {
    await makeArchiveArticle(ctx, { title: 'Nebulite en low', language: 'en', reach: 0.5, pubDate: at(2) });
    await makeArchiveArticle(ctx, { title: 'Nebulite de high', language: 'de', reach: 9, pubDate: at(2) });
    await makeArchiveArticle(ctx, { title: 'Nebulite fr mid', language: 'fr', reach: 5, pubDate: at(2) });
    const titles = async (body: Record<string, unknown>) =>
      (await search({ search: 'nebulite', ...body }))
        .json()
        .data.map((r: { attributes: { title: string } }) => r.attributes.title)
        .sort();
    expect(await titles({ languages: ['de', 'FR'] })).toEqual(['Nebulite de high', 'Nebulite fr mid']);
    expect(await titles({ media_score: { min: 4 } })).toEqual(['Nebulite de high', 'Nebulite fr mid']);
    expect(await titles({ media_score: { min: null, max: 5 } })).toEqual(['Nebulite en low', 'Nebulite fr mid']);
    expect(await titles({ media_score: { min: 1, max: 6 }, languages: ['fr'] })).toEqual(['Nebulite fr mid']);
  });

  it('treats curly quotes as straight ones', async () => {
    await makeArchiveArticle(ctx, { title: 'The pulsar drift trailer', pubDate: at(2) });
    await makeArchiveArticle(ctx, { title: 'Drift of the pulsar', pubDate: at(2) });
    const res = await search({ search: '“pulsar drift”' });
    expect(res.json().data.map((r: { attributes: { title: string } }) => r.attributes.title)).toEqual(['The pulsar drift trailer']);
  });

  it('pages with search_after: disjoint, stable pages in both orders, ties broken by id', async () => {
    const same = at(5);
    for (let i = 0; i < 23; i++) await makeArchiveArticle(ctx, { title: `Cometfall part ${i}`, pubDate: i % 4 === 0 ? same : at(1 + (i % 9), i) });
    for (const order of ['desc', 'asc'] as const) {
      const all = (await search({ search: 'cometfall', page_size: 100, sort_order: order })).json();
      expect(all.meta.total).toBe(23);
      const seen: string[] = [];
      let cursor: string | null = null;
      for (let page = 0; page < 5; page++) {
        const res = await search({ search: 'cometfall', page_size: 10, sort_order: order, search_after: cursor });
        expect(res.statusCode, res.body).toBe(200);
        const body = res.json();
        expect(body.meta.total).toBe(23);
        seen.push(...body.data.map((r: { id: string }) => r.id));
        // The spec's pagination names: page numbers and the next page's cursor (with its v1.12 alias).
        expect(body.meta).toMatchObject({ page: page + 1, lastPage: 3, next_search_after: body.meta.nextPage });
        cursor = body.meta.nextPage;
        expect(cursor === null).toBe(page + 1 === 3);
        if (!cursor) break;
      }
      expect(seen).toEqual(all.data.map((r: { id: string }) => r.id));
      expect(new Set(seen).size).toBe(23);
      const dates = all.data.map((r: { attributes: { pub_date: string } }) => r.attributes.pub_date);
      expect(dates).toEqual([...dates].sort((a: string, b: string) => (order === 'desc' ? b.localeCompare(a) : a.localeCompare(b))));
    }
  });

  it('orders by relevance (then newest first) and pages through it', async () => {
    const once = await makeArchiveArticle(ctx, { title: 'Stardrake appears', description: 'among other things', pubDate: at(1) });
    const often = await makeArchiveArticle(ctx, { title: 'Stardrake stardrake', description: 'stardrake everywhere', pubDate: at(4) });
    for (let i = 0; i < 12; i++) await makeArchiveArticle(ctx, { title: `Stardrake notes ${i} with many more words in it`, pubDate: at(2, i) });
    const first = (await search({ search: 'stardrake', sort_fields: 'relevance', page_size: 10 })).json();
    expect(first.data[0].id).toBe(String(often.id));
    const second = (await search({ search: 'stardrake', sort_fields: 'relevance', page_size: 10, search_after: first.meta.next_search_after })).json();
    const ids = [...first.data, ...second.data].map((r: { id: string }) => r.id);
    expect(new Set(ids).size).toBe(14);
    expect(ids).toContain(String(once.id));
    expect(second.meta).toMatchObject({ page: 2, lastPage: 2, nextPage: null });
  });

  it('refuses a cursor made for another order or not made by us (400 at /search_after)', async () => {
    for (let i = 0; i < 12; i++) await makeArchiveArticle(ctx, { title: `Moonrail ${i}`, pubDate: at(1, i) });
    const first = (await search({ search: 'moonrail', page_size: 10 })).json();
    for (const body of [
      { search_after: first.meta.next_search_after, sort_order: 'asc' },
      { search_after: first.meta.next_search_after, sort_fields: 'relevance' },
      { search_after: 'not-a-cursor' },
      { search_after: Buffer.from('["d","desc","x",1]').toString('base64url') },
    ]) {
      const res = await search({ search: 'moonrail', page_size: 10, ...body });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().errors[0]).toMatchObject({ code: 'bad_request', source: { pointer: '/search_after' }, detail: MSG.supersearch.badCursor });
    }
  });

  it('answers malformed queries with the parser message at /search, never a 500', async () => {
    const cases: [string, string][] = [
      ['"unbalanced', QUERY_MSG.missingClosingQuote],
      ['(zelda link', QUERY_MSG.missingClosingParenthesis],
      ['zelda)', QUERY_MSG.unexpectedClosingParenthesis],
      ['-ganon', QUERY_MSG.onlyExclusions],
      ['   ', QUERY_MSG.empty],
      ['&&&', QUERY_MSG.noSearchableText],
    ];
    for (const [q, message] of cases) {
      for (const res of [await search({ search: q }), await volume({ search: q })]) {
        expect(res.statusCode, q).toBe(400);
        expect(res.json().errors).toEqual([expect.objectContaining({ code: 'bad_request', detail: message, source: { pointer: '/search' } })]);
      }
    }
    expect((await search({ search: 42 })).json().errors[0].source).toEqual({ pointer: '/search' });
  });

  it('checks dates and the other fields with pointers: the plan limits history', async () => {
    const starter = await makeOrg(ctx, { plan: 'starter' }); // 3 months of history
    const as = (body: Record<string, unknown>) =>
      ctx.call('POST', '/api/supersearch', {
        token: starter.token,
        body: { search: 'zelda', from_date: daysAgo(10), to_date: today, organization_id: starter.org.id, ...body },
      });
    const pointers = async (body: Record<string, unknown>) => {
      const res = await as(body);
      expect(res.statusCode, res.body).toBe(400);
      return res.json().errors.map((e: { source: { pointer: string } }) => e.source.pointer);
    };
    const early = await as({ from_date: daysAgo(200) });
    expect(early.json().errors[0]).toMatchObject({ source: { pointer: '/from_date' } });
    expect(early.json().errors[0].detail).toMatch(
      /^Dates cannot be earlier than \d{4}-\d{2}-\d{2} on your plan\. You need to upgrade your current subscription to keep using this feature\.$/,
    );
    expect((await as({ from_date: daysAgo(85) })).statusCode).toBe(200);
    expect(await pointers({ from_date: '2016-12-31' })).toEqual(['/from_date']);
    expect(await pointers({ from_date: today, to_date: daysAgo(1) })).toEqual(['/to_date']);
    expect(await pointers({ to_date: addDays(today, 5) })).toEqual(['/to_date']);
    expect(await pointers({ from_date: '2026-02-30' })).toEqual(['/from_date']);
    expect(await pointers({ from_date: undefined, page_size: 5 })).toEqual(['/from_date', '/page_size']);
    expect(await pointers({ media_score: { min: 0, max: 11 } })).toEqual(['/media_score/min', '/media_score/max']);
    expect(await pointers({ media_score: { min: 6, max: 2 } })).toEqual(['/media_score/min']);
    expect(await pointers({ sort_fields: 'title', languages: 'en' })).toEqual(['/languages', '/sort_fields']);
  });

  it('answers a search that runs past the statement timeout with 503 search_timeout', async () => {
    const slow = await createTestContext({ SEARCH_STATEMENT_TIMEOUT_MS: '200' });
    const member = await makeOrg(slow, { plan: 'pro' });
    await makeArchiveArticle(slow, { title: 'Timeoutword', pubDate: at(1) });
    const call = () =>
      slow.call('POST', '/api/supersearch', {
        token: member.token,
        body: { search: 'timeoutword', from_date: daysAgo(3), to_date: today, organization_id: member.org.id },
      });
    // A lock held elsewhere makes the search wait: the wait counts against its statement timeout.
    const locker = new pg.Client({ connectionString: slow.dbUrl });
    await locker.connect();
    try {
      await locker.query('begin');
      await locker.query('lock table article_search in access exclusive mode'); // every month's partition with it
      const res = await call();
      expect(res.statusCode, res.body).toBe(503);
      expect(res.json().errors[0]).toMatchObject({ code: 'search_timeout', detail: MSG.supersearch.timeout });
      await locker.query('rollback');
      // The failed count is not kept: the same search answers once the table is free.
      expect((await call()).statusCode).toBe(200);
    } finally {
      await locker.end();
      await slow.close();
    }
  });
});

describe('the first page before the total', () => {
  it('sends the page at once with total null and counting true while a month is still counted; the volume waits for the exact total', async () => {
    const quick = await createTestContext({ SEARCH_TOTAL_WAIT_MS: '0' });
    const member = await makeOrg(quick, { plan: 'pro' });
    const body = { search: 'lateword', from_date: daysAgo(70), to_date: today, organization_id: member.org.id, page_size: 10 };
    // Eleven in the last day (the first page and one more), one two months back.
    const recent = [];
    for (let i = 0; i < 11; i++) recent.push(await makeArchiveArticle(quick, { title: `Lateword ${i}`, pubDate: at(0, -60 * (i + 1)) }));
    const old = await makeArchiveArticle(quick, { title: 'Lateword old', pubDate: at(65) });
    // The months' list is locked: every count waits, as a slow archive's would; the first page
    // (a probe of the range's newest rows, which needs no count) does not.
    const locker = new pg.Client({ connectionString: quick.dbUrl });
    await locker.connect();
    try {
      await locker.query('begin');
      await locker.query('lock table archive_months in access exclusive mode');
      const first = await quick.call('POST', '/api/supersearch', { token: member.token, body });
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json().meta).toMatchObject({ total: null, lastPage: null, counting: true, page: 1 });
      expect(first.json().meta.nextPage).toEqual(expect.any(String));
      expect(first.json().data.map((r: { id: string }) => r.id)).toEqual(recent.slice(0, 10).map((a) => String(a.id)));
      const counted = quick.call('POST', '/api/supersearch/volume', { token: member.token, body });
      await locker.query('rollback');
      const vol = await counted;
      expect(vol.statusCode, vol.body).toBe(200);
      expect(vol.json().meta.total).toBe(12);
      // Counted now: the next page has the exact total.
      const second = await quick.call('POST', '/api/supersearch', { token: member.token, body: { ...body, search_after: first.json().meta.nextPage } });
      expect(second.json().meta).toMatchObject({ total: 12, lastPage: 2, counting: false, page: 2, nextPage: null });
      expect(second.json().data.map((r: { id: string }) => r.id)).toEqual([String(recent[10].id), String(old.id)]);
    } finally {
      await locker.end();
      await quick.close();
    }
  });
});

describe('a total that agrees with its page', () => {
  /** What the screen shows for `word`: the first page's rows and total, and the volume chart's total. */
  const shown = async (word: string) => {
    const page = (await search({ search: word })).json();
    return { rows: page.data.length as number, total: page.meta.total as number, volume: (await volume({ search: word })).json().meta.total as number };
  };

  it('counts what was ingested into the open month since the query was last asked, at once: the total and the volume chart', async () => {
    const now = new Date();
    await makeArchiveArticle(ctx, { title: 'Another story this month', pubDate: now }); // the month exists: its count is kept
    expect(await shown('brightmoor')).toEqual({ rows: 0, total: 0, volume: 0 });
    const items = Array.from({ length: 14 }, (_, i) =>
      feedItem({ url: `https://brightmoor.example/story-${i}`, title: `Brightmoor story ${i}`, published: new Date(now.getTime() - (i + 1) * 60_000) }),
    );
    expect((await ingestItems(ctx.deps.db, { id: null, language: 'en', website: null }, items, now)).added).toBe(14);
    expect(await shown('brightmoor')).toEqual({ rows: 14, total: 14, volume: 14 });
  });

  it('never says less than the rows shown, when a count was kept from before they arrived (a writer that does not move the version)', async () => {
    await makeArchiveArticle(ctx, { title: 'Yet another story this month', pubDate: new Date() });
    expect(await shown('duskwillow')).toEqual({ rows: 0, total: 0, volume: 0 });
    for (let i = 0; i < 11; i++) await makeArchiveArticle(ctx, { title: `Duskwillow ${i}`, pubDate: new Date(Date.now() - (i + 1) * 60_000) });
    // A page of 10 and the row that proves a next one; then all 11 on one page.
    const first = (await search({ search: 'duskwillow', page_size: 10 })).json();
    expect(first.data).toHaveLength(10);
    expect(first.meta).toMatchObject({ total: 11, lastPage: 2, nextPage: expect.any(String) });
    const whole = (await search({ search: 'duskwillow' })).json();
    expect(whole.data).toHaveLength(11);
    expect(whole.meta).toMatchObject({ total: 11, lastPage: 1, nextPage: null });
  });
});

describe('access', () => {
  it('refuses organizations whose plan lacks the data permission (403 plan_limit)', async () => {
    const other = await makeOrg(ctx, { plan: 'pro' });
    await ctx.deps.db.execute(sql`update organizations set permissions = permissions || '{"data": false}'::jsonb where id = ${other.org.id}`);
    ctx.deps.authenticator.forgetAll();
    const res = await ctx.call('POST', '/api/supersearch', {
      token: other.token,
      body: { search: 'x', from_date: today, to_date: today, organization_id: other.org.id },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().errors[0]).toMatchObject({ code: 'plan_limit', detail: MSG.billing.upgrade });
  });

  it("answers another organization's id with 404 on every call", async () => {
    const other = await makeOrg(ctx);
    const base = { search: 'zelda', from_date: today, to_date: today, organization_id: other.org.id };
    for (const [url, body] of [
      ['/api/supersearch', base],
      ['/api/supersearch/volume', base],
      ['/api/supersearch/export_csv', { ...base, to_email: 'me@example.test' }],
      ['/api/supersearch/bulk', { articles: [1], tag_id: 1, project_id: 1, organization_id: other.org.id }],
    ] as const) {
      const res = await ctx.call('POST', url, { token: org.token, body });
      expect(res.statusCode, url).toBe(404);
    }
    expect((await ctx.call('POST', '/api/supersearch', { body: base })).statusCode).toBe(401);
  });

  it("points export links at this server's own address, never at the request's Host header", async () => {
    const res = await ctx.call('POST', '/api/supersearch/export_csv', {
      token: org.token,
      headers: { host: 'evil.example' },
      body: { search: 'zelda', from_date: today, to_date: today, organization_id: org.org.id, to_email: 'me@example.test' },
    });
    expect(res.statusCode, res.body).toBe(202);
    const row = await ctx.deps.db.execute<{ params: { base_url: string } }>(sql`select params from exports where id = ${res.json().data.id}`);
    expect(row.rows[0].params.base_url).toBe(`http://${ctx.config.host}:${ctx.config.port}`);
  });

  it('documents the calls in the OpenAPI description', async () => {
    const res = await ctx.call('GET', '/api/openapi.json');
    expect(res.statusCode).toBe(200);
    const paths = res.json().paths;
    for (const path of ['/api/supersearch', '/api/supersearch/volume', '/api/supersearch/bulk', '/api/supersearch/export_csv']) {
      expect(paths[path]?.post?.requestBody, path).toBeDefined();
    }
  });
});
