import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { MSG } from '../../../common/messages.js';
import { reportHighlights } from '../../db/schema/reports.js';
import { createTestContext, type TestContext } from '../../../test/helpers/app.js';
import { settleScreenshotJobs } from '../screenshots/service.js';
import { pointers, reportBody, reportWorkspace, setPermissions } from './test-fixtures.js';

let ctx: TestContext;
let ws: Awaited<ReturnType<typeof reportWorkspace>>;
/** Saved articles of the criteria scenario, by number (see beforeAll). */
const a: Record<number, number> = {};

beforeAll(async () => {
  ctx = await createTestContext();
  ws = await reportWorkspace(ctx);
  const { reviews: R, news: N, rumours: U } = ws.tags;
  const specs = {
    1: { tagId: R.id, date: '2024-03-01T00:00:00Z', language: 'en', reach: 5, muv: 1000, host: 'a.example' }, // first instant: in
    2: { tagId: R.id, date: '2024-02-29T23:59:59.999Z', language: 'en', reach: 4, host: 'a.example' }, // before: out
    3: { tagId: N.id, date: '2024-03-31T23:59:59Z', language: 'de', reach: 2, muv: 500, host: 'b.example' }, // last day: in
    4: { tagId: N.id, date: '2024-04-01T00:00:00Z', language: 'de', reach: 7, host: 'b.example' }, // after: out
    5: { tagId: U.id, date: '2024-03-10T12:00:00Z', language: 'en', reach: 3, muv: 250, host: 'a.example' },
    6: { tagId: R.id, date: '2024-03-15T08:00:00Z', language: 'fr', reach: 1, host: 'www.c.example' },
    7: { tagId: R.id, date: '2024-03-15T09:00:00Z', language: 'en', reach: 9, locked: true }, // archived: out
  };
  for (const [n, spec] of Object.entries(specs)) a[Number(n)] = (await ws.save(spec)).id;
});
afterAll(async () => {
  await settleScreenshotJobs();
  await ctx?.close();
});

const preview = (attrs: Record<string, unknown>) =>
  ctx.call('POST', '/api/reports/preview', { token: ws.token, body: { project_id: ws.project.id, date_range: ['2024-03-01', '2024-03-31'], ...attrs } });
const create = (attrs: Record<string, unknown>, token = ws.token, projectId = ws.project.id) =>
  ctx.call('POST', '/api/reports', { token, body: reportBody(projectId, attrs) });

describe('report criteria, totals and charts', () => {
  it('selects the project’s unarchived articles of the inclusive days, with totals and every day of the trend', async () => {
    const res = await preview({});
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json().data;
    expect(d.count).toBe(4);
    // The cards show the average score (11 / 4), never the sum of 0.1–10 scores.
    // Estimated views from the visitors where none is stored: 1000 → 1, 500 → 1 (halves up), 250 → 0.
    expect(d.totals).toEqual({
      articles: 4,
      reach: 11,
      average_score: 2.75,
      umv: 1750,
      estimated_views: 2,
      unknown_visitors: 1,
      visitor_sources: { similarweb: 0, estimate: 0, manual: 0 },
      media: 3,
      unique_stories: 4,
    });
    expect(d.stats.trend).toHaveLength(31);
    expect(d.stats.trend[0]).toMatchObject({ date: '2024-03-01', articles: 1, reach: 5 });
    expect(d.stats.trend[1]).toEqual({ date: '2024-03-02', articles: 0, reach: 0, estimated_views: 0 });
    expect(d.stats.trend[30]).toMatchObject({ date: '2024-03-31', articles: 1, reach: 2 });
    // Each day's estimated views (the trend chart's line) add up to the total's.
    expect(d.stats.trend.reduce((s: number, t: { estimated_views: number }) => s + t.estimated_views, 0)).toBe(d.totals.estimated_views);
    expect(d.stats.trend.filter((t: { articles: number }) => t.articles).map((t: { date: string }) => t.date)).toEqual([
      '2024-03-01',
      '2024-03-10',
      '2024-03-15',
      '2024-03-31',
    ]);
    expect(d.stats.languages).toEqual([
      { language: 'en', articles: 2 },
      { language: 'de', articles: 1 },
      { language: 'fr', articles: 1 },
    ]);
    const { reviews: R, news: N, rumours: U } = ws.tags;
    expect(d.stats.tags).toEqual([
      { tag_id: String(R.id), tag_name: 'Reviews', articles: 2 },
      { tag_id: String(N.id), tag_name: 'News items', articles: 1 },
      { tag_id: String(U.id), tag_name: 'Rumours', articles: 1 },
    ]);
  });

  it('applies tags and languages in and out; the available options ignore them', async () => {
    const { reviews: R, news: N, rumours: U } = ws.tags;
    const cases: [Record<string, unknown>, number][] = [
      [{ tags_id: [R.id, N.id] }, 3],
      [{ tags_not: [U.id] }, 3],
      [{ tags_id: [R.id], tags_not: [R.id] }, 0],
      [{ languages: ['en'] }, 2],
      [{ languages_not: ['en'] }, 2],
      [{ languages: ['en', 'de'], languages_not: ['de'] }, 2],
      [{ tags_id: [String(R.id)], languages: ['FR'] }, 1],
      [{ date_range: ['2024-03-15', '2024-03-15'] }, 1],
      [{ date_range: ['2024-02-29', '2024-04-01'] }, 6],
    ];
    for (const [attrs, count] of cases) {
      const res = await preview(attrs);
      expect(res.json().data.count, JSON.stringify(attrs)).toBe(count);
    }
    const filtered = (await preview({ languages: ['fr'] })).json().data;
    expect(filtered.totals).toEqual({
      articles: 1,
      reach: 1,
      average_score: 1,
      umv: 0,
      estimated_views: 0,
      unknown_visitors: 1,
      visitor_sources: { similarweb: 0, estimate: 0, manual: 0 },
      media: 1,
      unique_stories: 1,
    });
    expect(filtered.languages_available.map((l: { language: string }) => l.language)).toEqual(['en', 'de', 'fr']);
    expect(filtered.tags_available).toHaveLength(3);
  });

  it('groups the trend by week from the first day beyond 92 days', async () => {
    const d = (await preview({ date_range: ['2024-01-01', '2024-06-30'] })).json().data;
    expect(d.stats.trend).toHaveLength(26);
    expect(d.stats.trend.slice(0, 2).map((t: { date: string }) => t.date)).toEqual(['2024-01-01', '2024-01-08']);
    // 2024-02-26 … 03-03 holds articles 2 (Feb 29) and 1 (Mar 1).
    expect(d.stats.trend[8]).toMatchObject({ date: '2024-02-26', articles: 2, reach: 9 });
    expect(d.stats.trend.reduce((s: number, t: { estimated_views: number }) => s + t.estimated_views, 0)).toBe(d.totals.estimated_views);
    expect(d.stats.trend.reduce((s: number, t: { articles: number }) => s + t.articles, 0)).toBe(d.count);
  });

  it('validates the preview and answers 404 for another organization’s project', async () => {
    const bad = await ctx.call('POST', '/api/reports/preview', {
      token: ws.token,
      body: { project_id: ws.project.id, date_range: ['2024-03-31', '2024-03-01'] },
    });
    expect(bad.statusCode).toBe(422);
    expect(pointers(bad)).toEqual({ '/date_range/1': MSG.reports.datesOrder });
    const other = await reportWorkspace(ctx);
    const foreign = await ctx.call('POST', '/api/reports/preview', {
      token: other.token,
      body: { project_id: ws.project.id, date_range: ['2024-03-01', '2024-03-31'] },
    });
    expect(foreign.statusCode).toBe(404);
  });
});

describe('reports', () => {
  it('publishes, lists, reads, renames and deletes a report', async () => {
    const res = await create({
      descriptionHTML: '<p>Great <strong>launch</strong><script>alert(1)</script><img src=x onerror=alert(1)></p>',
      section1_title: 'Articles',
      table_type: 1,
      table_template: '{{title}} – {{domain}}',
      screenshots: [{ article_id: String(a[6]), article_url: 'https://x.example/' }, { article_id: a[1] }],
      tags_not: [ws.tags.rumours.id],
    });
    expect(res.statusCode, res.body).toBe(201);
    const doc = res.json().data;
    expect(doc.id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(doc).toMatchObject({
      type: 'report',
      attributes: {
        name: 'Launch coverage',
        project_id: String(ws.project.id),
        status: 0,
        date_start: '2024-03-01',
        date_end: '2024-03-31',
        tags_id: [],
        tags_not: [ws.tags.rumours.id],
        languages: [],
        languages_not: [],
        table_type: 1,
        table_template: '{{title}} – {{domain}}',
        'total-articles': 3,
        'total-reach': 8,
        'reports-images': 2,
        'reports-videos': 0,
        'reports-streams': 0,
        descriptionHTML: '<p>Great <strong>launch</strong></p>',
        section1_title: 'Articles',
        project: { id: String(ws.project.id), name: 'Launch Project', avatar: null },
        image: null,
        'total-estimated-views': 2,
        totals: {
          articles: 3,
          reach: 8,
          average_score: 2.67,
          umv: 1500,
          estimated_views: 2,
          unknown_visitors: 1,
          visitor_sources: { similarweb: 0, estimate: 0, manual: 0 },
          media: 3,
        },
      },
      relationships: { project: { data: { type: 'project', id: String(ws.project.id) } } },
    });
    // Highlights sorted by reach, highest first.
    expect(doc.attributes.screenshots.map((s: { article_id: string }) => s.article_id)).toEqual([String(a[1]), String(a[6])]);
    expect(doc.attributes.screenshots[0]).toMatchObject({ media: 'a.example', reach: 5, date: '2024-03-01T00:00:00.000Z' });
    const id = doc.id;

    const list = await ctx.call('GET', `/api/reports?filter[project_id]=${ws.project.id}&page=0&page_size=50000`, { token: ws.token });
    expect(list.statusCode).toBe(200);
    const listed = list.json().data.find((r: { id: string }) => r.id === id);
    expect(listed.attributes).toMatchObject({ name: 'Launch coverage', 'total-articles': 3, 'reports-images': 2 });
    expect(listed.attributes.screenshots).toBeUndefined();
    expect(list.json().meta).toMatchObject({ page_size: 50000 });

    const one = await ctx.call('GET', `/api/reports/${id}`, { token: ws.token });
    expect(one.json().data.attributes.totals).toEqual(doc.attributes.totals);

    const renamed = await ctx.call('PATCH', `/api/reports/${id}`, {
      token: ws.token,
      body: { data: { type: 'report', id, attributes: { name: '  Q1 launch  ' } } },
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().data.attributes.name).toBe('Q1 launch');
    const described = await ctx.call('PATCH', `/api/reports/${id}`, {
      token: ws.token,
      body: { data: { type: 'report', attributes: { descriptionHTML: '<a href="javascript:alert(1)">x</a><a href="https://ok.example">ok</a>' } } },
    });
    expect(described.json().data.attributes.descriptionHTML).toBe(
      '<a rel="noopener noreferrer nofollow">x</a><a href="https://ok.example" rel="noopener noreferrer nofollow">ok</a>',
    );
    const badName = await ctx.call('PATCH', `/api/reports/${id}`, { token: ws.token, body: { data: { type: 'report', attributes: { name: 'ab' } } } });
    expect(pointers(badName)).toEqual({ '/data/attributes/name': MSG.reports.nameLength });

    for (const list of ['videos', 'streams']) {
      const empty = await ctx.call('GET', `/api/reports/${id}/${list}`, { token: ws.token });
      expect(empty.json()).toEqual({ data: [], meta: { total_entries: 0, last_page: 1, page_number: 1, page_size: 10 } });
    }

    const gone = await ctx.call('DELETE', `/api/reports/${id}`, { token: ws.token });
    expect(gone.statusCode).toBe(204);
    expect((await ctx.call('GET', `/api/reports/${id}`, { token: ws.token })).statusCode).toBe(404);
    expect((await ctx.call('GET', `/api/p/reports/${id}`)).statusCode).toBe(404);
    expect(await ctx.deps.db.select().from(reportHighlights).where(eq(reportHighlights.reportId, id))).toEqual([]);
  });

  it('lists the report’s articles (member and public), and the wizard’s criteria filters select the same', async () => {
    const report = (await create({ tags_not: [ws.tags.rumours.id] })).json().data;
    const expected = [a[3], a[6], a[1]].map(String);
    const ids = (res: { json(): { data: { id: string }[] } }) => res.json().data.map((r) => r.id);
    const mine = await ctx.call('GET', `/api/articles?filter[report_id]=${report.id}&page=1&page_size=5000&sort=-date`, { token: ws.token });
    expect(mine.statusCode, mine.body).toBe(200);
    expect(ids(mine)).toEqual(expected);
    expect(mine.json().data[0].attributes).toMatchObject({ tag_name: 'News items', media: 'b.example' });
    const narrowed = await ctx.call('GET', `/api/articles?filter[report_id]=${report.id}&filter[languages]=en`, { token: ws.token });
    expect(ids(narrowed)).toEqual([String(a[1])]);
    const wizard = await ctx.call(
      'GET',
      `/api/articles?filter[project_id]=${ws.project.id}&filter[date_range]=2024-03-01,2024-03-31&filter[tags_not]=${ws.tags.rumours.id}&page=1&page_size=5000&sort=-date`,
      { token: ws.token },
    );
    expect(ids(wizard)).toEqual(expected);
    const tagsIn = await ctx.call(
      'GET',
      `/api/articles?filter[project_id]=${ws.project.id}&filter[date_range]=2024-03-01,2024-03-31&filter[tags]=${ws.tags.news.id}&filter[languages_not]=en`,
      { token: ws.token },
    );
    expect(ids(tagsIn)).toEqual([String(a[3])]);
    const badRange = await ctx.call('GET', `/api/articles?filter[project_id]=${ws.project.id}&filter[date_range]=2024-03-31,2024-03-01`, { token: ws.token });
    expect(badRange.statusCode).toBe(400);

    const pub = await ctx.call('GET', `/api/p/articles?filter[report_id]=${report.id}&page=1&page_size=5000&sort=-date`);
    expect(pub.statusCode).toBe(200);
    expect(ids(pub)).toEqual(expected);
    for (const widen of [
      `filter[project_id]=${ws.project.id}`,
      `filter[ids_list]=${a[7]}`,
      'filter[locked]=true',
      'filter[date_range]=2024-01-01,2024-12-31',
    ]) {
      expect((await ctx.call('GET', `/api/p/articles?filter[report_id]=${report.id}&${widen}`)).statusCode, widen).toBe(400);
    }
    expect((await ctx.call('GET', '/api/p/articles?page=1')).statusCode).toBe(400);
    const other = await reportWorkspace(ctx);
    expect((await ctx.call('GET', `/api/articles?filter[report_id]=${report.id}`, { token: other.token })).statusCode).toBe(404);
  });

  it('reports every invalid attribute with its pointer', async () => {
    const res = await create({ name: 'ab', date_start: '2024-02-30', date_end: 'soon', table_type: 3, table_template: '{{title}} {{bogus}}' });
    expect(res.statusCode).toBe(422);
    expect(pointers(res)).toEqual({
      '/data/attributes/name': MSG.reports.nameLength,
      '/data/attributes/date_start': MSG.reports.dateInvalid,
      '/data/attributes/date_end': MSG.reports.dateInvalid,
      '/data/attributes/table_type': expect.any(String),
      '/data/attributes/table_template': MSG.reports.unknownPlaceholder('bogus'),
    });
    expect(pointers(await create({ name: 'Two\nlines' }))).toMatchObject({ '/data/attributes/name': MSG.reports.nameSingleLine });
    expect(pointers(await create({ name: 'x'.repeat(128) }))).toEqual({ '/data/attributes/name': MSG.reports.nameLength });
    expect((await create({ name: 'x'.repeat(127) })).statusCode).toBe(201);
    expect(pointers(await create({ date_start: '2024-03-31', date_end: '2024-03-01' }))).toEqual({ '/data/attributes/date_end': MSG.reports.datesOrder });
    const noProject = await ctx.call('POST', '/api/reports', {
      token: ws.token,
      body: { data: { type: 'report', attributes: reportBody(1, {}).data.attributes } },
    });
    expect(pointers(noProject)).toEqual({ '/data/relationships/project': 'Please choose a project' });
  });

  it('needs 1 to 10,000 articles, in the catalogue’s words', async () => {
    const none = await create({ date_start: '2023-01-01', date_end: '2023-01-31' });
    expect(none.statusCode).toBe(422);
    expect(pointers(none)).toEqual({ '/data/attributes/date_start': MSG.reports.noArticles });
    const big = await reportWorkspace(ctx);
    await ctx.deps.db.execute(sql`
      insert into saved_articles (organization_id, project_id, tag_id, url_key, url, full_url, title, date)
      select ${big.org.id}, ${big.project.id}, ${big.tags.reviews.id}, 'bulk-' || g, 'https://bulk.example/' || g, 'https://bulk.example/' || g,
             'Bulk ' || g, '2024-05-01T00:00:00Z'::timestamptz + g * interval '1 second'
        from generate_series(1, 10001) g`);
    const over = await create({ date_start: '2024-05-01', date_end: '2024-05-01' }, big.token, big.project.id);
    expect(pointers(over)).toEqual({ '/data/attributes/date_start': MSG.reports.tooManyArticles });
    await ctx.deps.db.execute(sql`update saved_articles set locked = true where url_key = 'bulk-1'`);
    const max = await create({ date_start: '2024-05-01', date_end: '2024-05-01' }, big.token, big.project.id);
    expect(max.statusCode).toBe(201);
    expect(max.json().data.attributes.totals.articles).toBe(10000);
  });

  it('keeps highlights inside the report, at most 20 and within the plan', async () => {
    const outside = await create({ screenshots: [{ article_id: a[2] }, { article_id: a[1] }, { article_id: a[7] }] });
    expect(pointers(outside)).toEqual({
      '/data/attributes/screenshots/0/article_id': MSG.reports.highlightNotInReport,
      '/data/attributes/screenshots/2/article_id': MSG.reports.highlightNotInReport,
    });
    const many = Array.from({ length: 21 }, () => ({ article_id: a[1] }));
    expect(pointers(await create({ screenshots: many }))).toEqual({ '/data/attributes/screenshots': MSG.reports.tooManyHighlights });

    const small = await reportWorkspace(ctx);
    const ids = [];
    for (let i = 0; i < 3; i++) ids.push((await small.save({ tagId: small.tags.reviews.id, date: `2024-03-0${i + 1}T10:00:00Z` })).id);
    await setPermissions(ctx, small.org.id, { max_screenshots: 2 });
    const overPlan = await create({ screenshots: ids.map((id) => ({ article_id: id })) }, small.token, small.project.id);
    expect(overPlan.statusCode).toBe(403);
    expect(overPlan.json().errors[0]).toMatchObject({ code: 'plan_limit', detail: MSG.billing.upgrade, source: { pointer: '/data/attributes/screenshots' } });
    expect((await create({ screenshots: ids.slice(0, 2).map((id) => ({ article_id: id })) }, small.token, small.project.id)).statusCode).toBe(201);
  });

  it('enforces the plan: max_reports, and no reports at all without the flag', async () => {
    const limited = await reportWorkspace(ctx);
    await limited.save({ tagId: limited.tags.reviews.id, date: '2024-03-05T10:00:00Z' });
    await setPermissions(ctx, limited.org.id, { max_reports: 1 });
    expect((await create({}, limited.token, limited.project.id)).statusCode).toBe(201);
    const second = await create({}, limited.token, limited.project.id);
    expect(second.statusCode).toBe(403);
    expect(second.json().errors[0]).toMatchObject({ code: 'plan_limit', detail: MSG.billing.upgrade });
    await setPermissions(ctx, limited.org.id, { reports: false });
    for (const [method, url] of [
      ['GET', '/api/reports'],
      ['POST', '/api/reports/preview'],
    ] as const) {
      const res = await ctx.call(method, url, {
        token: limited.token,
        body: method === 'POST' ? { project_id: limited.project.id, date_range: ['2024-03-01', '2024-03-31'] } : undefined,
      });
      expect(res.statusCode, url).toBe(403);
    }
  });

  it('answers 404 for another organization’s report and project', async () => {
    const mine = (await create({})).json().data.id;
    const other = await reportWorkspace(ctx);
    for (const [method, url] of [
      ['GET', `/api/reports/${mine}`],
      ['PATCH', `/api/reports/${mine}`],
      ['DELETE', `/api/reports/${mine}`],
      ['GET', `/api/reports/${mine}/videos`],
      ['GET', `/api/reports?filter[project_id]=${ws.project.id}`],
    ] as const) {
      const res = await ctx.call(method, url, {
        token: other.token,
        body: method === 'PATCH' ? { data: { type: 'report', attributes: { name: 'Hijacked' } } } : undefined,
      });
      expect(res.statusCode, url).toBe(404);
    }
    expect((await create({}, other.token, ws.project.id)).statusCode).toBe(404);
    expect((await ctx.call('GET', '/api/reports/not-a-report-id', { token: ws.token })).statusCode).toBe(404);
    expect((await ctx.call('GET', `/api/reports/${mine}`, { token: ws.token })).json().data.attributes.name).toBe('Launch coverage');
  });
});
