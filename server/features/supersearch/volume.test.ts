import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { MSG } from '../../../common/messages.js';
import { addDays, earliestSearchDate, subtractMonths, supersearchSchemas, utcDay } from '../../../common/schemas/supersearch.js';
import { createTestContext, type TestContext } from '../../../test/helpers/app.js';
import { makeArchiveArticle } from '../../../test/helpers/coverage-factories.js';
import { makeOrg } from '../../../test/helpers/factories.js';
import { isCacheableMonth } from './month-counts.js';
import { choosePagePlan, pageWindow, volumeBuckets, volumeInterval } from './service.js';

describe('volume buckets', () => {
  it('uses days up to 92 days, ISO weeks up to two years, months beyond', () => {
    expect(volumeInterval('2026-01-01', '2026-04-02')).toBe('day'); // 92 days
    expect(volumeInterval('2026-01-01', '2026-04-03')).toBe('week');
    expect(volumeInterval('2024-01-01', '2025-12-31')).toBe('week'); // 731 days
    expect(volumeInterval('2024-01-01', '2026-01-01')).toBe('month');
  });

  it('lists every bucket with zeros, each named by its first day in the range', () => {
    const counts = new Map([
      ['2026-03-04', 2],
      ['2026-03-09', 5],
      ['2026-03-10', 1],
    ]);
    expect(volumeBuckets('2026-03-03', '2026-03-05', counts, 'day')).toEqual([
      { inserted_at: '2026-03-03', articles: 0 },
      { inserted_at: '2026-03-04', articles: 2 },
      { inserted_at: '2026-03-05', articles: 0 },
    ]);
    // 2026-03-03 is a Tuesday: its week starts with the range; the next one on Monday 2026-03-09.
    expect(volumeBuckets('2026-03-03', '2026-03-17', counts, 'week')).toEqual([
      { inserted_at: '2026-03-03', articles: 2 },
      { inserted_at: '2026-03-09', articles: 6 },
      { inserted_at: '2026-03-16', articles: 0 },
    ]);
    expect(volumeBuckets('2026-02-20', '2026-04-01', counts, 'month')).toEqual([
      { inserted_at: '2026-02-20', articles: 0 },
      { inserted_at: '2026-03-01', articles: 8 },
      { inserted_at: '2026-04-01', articles: 0 },
    ]);
  });
});

describe('request rules', () => {
  it('starts no earlier than the later of 2017-01-01 and the plan history', () => {
    expect(subtractMonths('2026-05-31', 3)).toBe('2026-02-28');
    expect(subtractMonths('2026-01-15', 13)).toBe('2024-12-15');
    expect(earliestSearchDate(3, '2026-05-31')).toBe('2026-02-28');
    expect(earliestSearchDate(120, '2026-05-31')).toBe('2017-01-01');
    expect(earliestSearchDate(null, '2026-05-31')).toBe('2017-01-01');
  });

  it('normalises curly quotes, languages and a lone minimum score', () => {
    const parsed = supersearchSchemas({ maxDataMonths: 6, today: '2026-05-31' }).search.parse({
      search: '  “zelda” ‘s  ',
      from_date: '2026-05-01',
      to_date: '2026-05-31',
      organization_id: '7',
      languages: ['EN', 'de', 'en'],
      media_score: { min: 2 },
    });
    expect(parsed).toMatchObject({ search: `"zelda" 's`, organization_id: 7, languages: ['de', 'en'], media_score: { min: 2, max: 10 } });
    expect(parsed).toMatchObject({ page_size: 25, search_after: null, sort_fields: 'pub_date', sort_order: 'desc' });
  });

  it("reads a page from the days that hold it: the window always contains the page's rows", () => {
    const match = fc.record({ day: fc.integer({ min: 1, max: 12 }), minute: fc.integer({ min: 0, max: 1439 }) });
    fc.assert(
      fc.property(fc.array(match, { maxLength: 60 }), fc.boolean(), fc.integer({ min: 2, max: 8 }), fc.nat(), (list, desc, limit, at) => {
        const f = { tsquery: '', from: '2026-03-02', toExclusive: '2026-03-12', languages: [], minScore: null, maxScore: null };
        const rows = list
          .map((m, i) => ({ id: i + 1, date: new Date(Date.UTC(2026, 2, m.day, 0, m.minute)).toISOString().replace('Z', '000Z') }))
          .filter((r) => r.date >= '2026-03-02' && r.date < '2026-03-12')
          .sort((a, b) => (desc ? -1 : 1) * (a.date.localeCompare(b.date) || a.id - b.id));
        const counts = new Map<string, number>();
        for (const r of rows) counts.set(r.date.slice(0, 10), (counts.get(r.date.slice(0, 10)) ?? 0) + 1);
        const start = rows.length ? at % (rows.length + 1) : 0;
        const key = start === 0 ? null : { date: rows[start - 1].date, id: rows[start - 1].id };
        const w = pageWindow(counts, f, desc, key, limit).filter;
        for (const r of rows.slice(start, start + limit)) expect(r.date >= w.from && r.date < w.toExclusive, JSON.stringify({ r, w })).toBe(true);
      }),
    );
  });

  it('knows when the window stops short of the range (then a short page is read again over the range)', () => {
    const f = { tsquery: '', from: '2026-03-01', toExclusive: '2026-03-11', languages: [], minScore: null, maxScore: null };
    const counts = new Map([
      ['2026-03-10', 30],
      ['2026-03-05', 3],
      ['2026-03-02', 3],
    ]);
    expect(pageWindow(counts, f, true, null, 26)).toEqual({ filter: { ...f, from: '2026-03-10' }, matches: 30, narrowed: true });
    const last = { date: '2026-03-05T08:00:00.000000Z', id: 9 };
    expect(pageWindow(counts, f, true, last, 26)).toEqual({ filter: { ...f, from: '2026-03-01', toExclusive: '2026-03-06' }, matches: 6, narrowed: false });
    expect(pageWindow(counts, f, false, null, 5)).toEqual({ filter: { ...f, toExclusive: '2026-03-06' }, matches: 6, narrowed: true });
  });

  it('walks the date index only when matches are frequent enough', () => {
    expect(choosePagePlan(26, 26, 500_000)).toBe('collect'); // a rare term over a year
    expect(choosePagePlan(26, 30, 41_000)).toBe('collect');
    expect(choosePagePlan(26, 103, 5_500)).toBe('walk'); // two days holding the page
    expect(choosePagePlan(26, 50_000, 500_000)).toBe('walk'); // a common term
    expect(choosePagePlan(26, 0, 10)).toBe('collect');
  });
});

describe('closed months', () => {
  it("caches a month's counts only a day after the writer starts moving its version", () => {
    // The writer's rule: before the previous calendar month. September is closed to it from 1 November.
    expect(isCacheableMonth('2026-09-01', new Date('2026-11-01T12:00:00Z'))).toBe(false);
    expect(isCacheableMonth('2026-09-01', new Date('2026-11-02T00:00:01Z'))).toBe(true);
    expect(isCacheableMonth('2026-10-01', new Date('2026-11-30T23:59:59Z'))).toBe(false);
    expect(isCacheableMonth('2025-12-01', new Date('2026-02-02T00:00:00Z'))).toBe(true); // across the year
  });
});

describe('POST supersearch/volume', () => {
  let ctx: TestContext;
  let pro: Awaited<ReturnType<typeof makeOrg>>;
  const today = utcDay();
  const ago = (n: number) => addDays(today, -n);
  const noon = (n: number) => new Date(`${ago(n)}T12:00:00Z`);
  const call = (token: string, orgId: number, body: Record<string, unknown>) =>
    ctx.call('POST', '/api/supersearch/volume', { token, body: { search: 'glimmerfox', organization_id: orgId, to_date: today, ...body } });

  beforeAll(async () => {
    ctx = await createTestContext();
    pro = await makeOrg(ctx, { plan: 'pro' });
    for (const n of [0, 0, 2, 5, 40]) await makeArchiveArticle(ctx, { title: `Glimmerfox ${n}`, pubDate: noon(n) });
    await makeArchiveArticle(ctx, { title: 'Other story', pubDate: noon(2) });
  });
  afterAll(() => ctx.close());

  it('counts matches per day over the whole range, zeros included', async () => {
    const res = await call(pro.token, pro.org.id, { from_date: ago(6) });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.meta).toEqual({ interval: 'day', total: 4, competitorIndex: 0 });
    expect(body.data).toHaveLength(7);
    expect(body.data[0]).toEqual({ inserted_at: ago(6), articles: 0 });
    expect(body.data.find((b: { inserted_at: string }) => b.inserted_at === ago(2)).articles).toBe(1);
    expect(body.data[6]).toEqual({ inserted_at: today, articles: 2 });
  });

  it('switches to weeks past 92 days', async () => {
    const body = (await call(pro.token, pro.org.id, { from_date: ago(150) })).json();
    expect(body.meta).toMatchObject({ interval: 'week', total: 5 });
    expect(body.data[0].inserted_at).toBe(ago(150));
    expect(body.data.reduce((s: number, b: { articles: number }) => s + b.articles, 0)).toBe(5);
  });

  it('draws competitor lines only on plans that have them (403 plan_limit otherwise)', async () => {
    const ok = await call(pro.token, pro.org.id, { from_date: ago(6), competitorIndex: 3 });
    expect(ok.json().meta.competitorIndex).toBe(3);
    const starter = await makeOrg(ctx, { plan: 'starter' });
    const refused = await call(starter.token, starter.org.id, { from_date: ago(6), competitorIndex: 1 });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().errors[0]).toMatchObject({ code: 'plan_limit', detail: MSG.billing.upgrade, source: { pointer: '/competitorIndex' } });
    expect((await call(starter.token, starter.org.id, { from_date: ago(6) })).statusCode).toBe(200);
    expect((await call(pro.token, pro.org.id, { from_date: ago(6), competitorIndex: 6 })).json().errors[0].source).toEqual({ pointer: '/competitorIndex' });
  });
});
