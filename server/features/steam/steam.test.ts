import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STEAM_MESSAGES } from '../../../common/schemas/steam.js';
import { startFakeSteam, type FakeSteam, type FakeSteamReview } from '../../../test/fakes/steam.js';
import { createTestContext, type TestContext } from '../../../test/helpers/app.js';
import { makeAlert } from '../../../test/helpers/coverage-factories.js';
import { makeOrg, makeProject, makeTag } from '../../../test/helpers/factories.js';
import { savedArticles } from '../../db/schema/coverage.js';
import { DEMO_STEAM_APP, seedDemoSteam } from '../../seed/seed-steam.js';
import { REVIEW_PAGES_PER_READ, runSteamTick, stripMarkup, type SteamDeps } from './sync.js';

/**
 * Steam beside the press (issue 31 item 2) against a local Steam (test/fakes/steam.ts): a project
 * names app ids; the worker's tick reads each app once for every project (details, news, reviews);
 * announcements are events, press items become articles of their outlet ("found via Steam"); each
 * day's reviews and share positive; throttling, unknown apps and long review histories.
 */
let ctx: TestContext;
let fake: FakeSteam;
let site: import('node:http').Server;
let siteUrl: string;
const DAY = 86_400_000;
const today = () => new Date().toISOString().slice(0, 10);
const dayAgo = (n: number) => new Date(Date.now() - n * DAY).toISOString().slice(0, 10);
const deps = (): SteamDeps => ({ db: ctx.deps.db, config: ctx.config });
type ErrorBody = { detail: string; source?: { pointer?: string } };
const pointers = (res: { json(): { errors: ErrorBody[] } }) => Object.fromEntries(res.json().errors.map((e) => [e.source?.pointer, e.detail]));
const reportBody = (projectId: number, attributes: Record<string, unknown>) => ({
  data: {
    type: 'report',
    attributes: { name: 'Launch coverage', status: 0, date_start: '2024-03-01', date_end: '2024-03-31', ...attributes },
    relationships: { project: { data: { type: 'project', id: String(projectId) } } },
  },
});
const rows = async <T = Record<string, unknown>>(q: ReturnType<typeof sql>) => (await ctx.deps.db.execute(q)).rows as T[];

/** `n` reviews spread over the last `days` days, one in `negEvery` negative. */
function reviews(prefix: number, n: number, days: number, negEvery = 4): FakeSteamReview[] {
  return Array.from({ length: n }, (_, i) => ({
    id: String(prefix * 1_000_000 + i),
    created: new Date(Date.now() - 60_000 - Math.floor((i * days * DAY) / n)),
    votedUp: i % negEvery !== 0,
  }));
}

async function patchSteam(token: string, projectId: number, ids: unknown) {
  return ctx.call('PATCH', `/api/projects/${projectId}`, { token, body: { data: { type: 'project', attributes: { steam_app_ids: ids } } } });
}

beforeAll(async () => {
  fake = await startFakeSteam();
  const http = await import('node:http');
  // The outlet a press item's Steam address redirects to.
  site = http.createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end(`<html><head><title>${req.url}</title></head><body>Review</body></html>`);
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  siteUrl = `http://127.0.0.1:${(site.address() as import('node:net').AddressInfo).port}`;
  ctx = await createTestContext({
    STEAM_API_URL: fake.apiUrl,
    STEAM_STORE_URL: fake.storeUrl,
    STEAM_INTERVAL_SECONDS: '0',
    ALLOW_PRIVATE_NETWORK: 'true',
  });
});
afterAll(async () => {
  await ctx?.close();
  await fake?.close();
  await new Promise((resolve) => site?.close(resolve));
});

describe('steam_app_ids on a project', () => {
  it('takes up to 5 distinct app ids, answers them back, and refuses the rest at the field', async () => {
    const { org, token } = await makeOrg(ctx);
    const project = await makeProject(ctx, org.id);
    const ok = await patchSteam(token, project.id, [620, 4_294_967_295]);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.attributes['steam-app-ids']).toEqual([620, 4_294_967_295]);
    for (const [bad, message] of [
      [[0], STEAM_MESSAGES.appId],
      [['620'], STEAM_MESSAGES.appId],
      [[1.5], STEAM_MESSAGES.appId],
      [[4_294_967_296], STEAM_MESSAGES.appId],
      ['620', STEAM_MESSAGES.appId],
      [[1, 2, 3, 4, 5, 6], STEAM_MESSAGES.tooMany],
      [[620, 620], STEAM_MESSAGES.duplicate],
    ] as const) {
      const res = await patchSteam(token, project.id, bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(422);
      expect(Object.values(pointers(res))).toContain(message);
      expect(Object.keys(pointers(res))[0]).toMatch(/^\/data\/attributes\/steam_app_ids/);
    }
    // Nothing half-written: the list is as the last good PATCH left it.
    const got = await ctx.call('GET', `/api/projects/${project.id}`, { token });
    expect(got.json().data.attributes['steam-app-ids']).toEqual([620, 4_294_967_295]);
    expect((await patchSteam(token, project.id, [])).json().data.attributes['steam-app-ids']).toEqual([]);
  });
});

describe('reading Steam', () => {
  it('reads an app once for every project that names it: name, announcements as events, press as articles, daily reviews', async () => {
    fake.addApp({
      appId: 1001,
      name: 'Starfall Odyssey',
      news: [
        { gid: '11', title: 'Starfall Odyssey 1.1 is out', date: new Date(Date.now() - 3 * DAY), contents: '[h1]Patch[/h1] <b>notes</b>' },
        { gid: '12', title: 'Winter festival begins', date: new Date(Date.now() - DAY) },
        {
          gid: '13',
          title: 'Starfall Odyssey review: a launch to remember',
          date: new Date(Date.now() - 2 * DAY),
          outletUrl: `${siteUrl}/reviews/starfall-odyssey`,
          feedlabel: 'Press Example',
          feedname: 'press_example',
          contents: 'Our Starfall Odyssey review',
        },
      ],
      reviews: reviews(1001, 240, 6),
    });
    const a = await makeOrg(ctx);
    const b = await makeOrg(ctx);
    const pa = await makeProject(ctx, a.org.id);
    const pb = await makeProject(ctx, b.org.id);
    const alert = await makeAlert(ctx, a.org.id, { projectId: pa.id, keywords: '"Starfall Odyssey"' });
    expect((await patchSteam(a.token, pa.id, [1001])).statusCode).toBe(200);
    expect((await patchSteam(b.token, pb.id, [1001])).statusCode).toBe(200);

    // Before the worker has read it: pending.
    const before = await ctx.call('GET', `/api/projects/${pa.id}/steam`, { token: a.token });
    expect(before.statusCode).toBe(200);
    expect(before.json().data.attributes.apps).toEqual([expect.objectContaining({ app_id: 1001, state: 'pending', name: null })]);

    const requestsBefore = fake.requests.length;
    const tick = await runSteamTick(deps());
    expect(tick).toMatchObject({ enabled: true, read: 1, rateLimited: false });
    // One app, read once: details, news, the press item's redirect, 3 review pages (240 reviews) and the empty one that ends the list.
    const made = fake.requests.slice(requestsBefore).map((r) => r.path.replace(/\d+/g, 'N'));
    expect(made.filter((p) => p.includes('appdetails'))).toHaveLength(1);
    expect(made.filter((p) => p.includes('GetNewsForApp'))).toHaveLength(1);
    expect(made.filter((p) => p.includes('appreviews'))).toHaveLength(4);

    for (const [token, id] of [
      [a.token, pa.id],
      [b.token, pb.id],
    ] as const) {
      const res = await ctx.call('GET', `/api/projects/${id}/steam?filter[from]=${dayAgo(9)}&filter[to]=${today()}`, { token });
      expect(res.statusCode).toBe(200);
      const s = res.json().data.attributes;
      expect(s.apps[0]).toMatchObject({ app_id: 1001, name: 'Starfall Odyssey', state: 'ok', message: null, total_reviews: 240, total_positive: 180 });
      expect(s.events.map((e: { title: string }) => e.title)).toEqual(['Starfall Odyssey 1.1 is out', 'Winter festival begins']);
      expect(s.reviews).toHaveLength(10);
      expect(s.totals).toMatchObject({ reviews: 240, positive: 180, share_positive: 0.75, events: 2 });
      const sum = s.reviews.reduce((n: number, d: { reviews: number }) => n + d.reviews, 0);
      expect(sum).toBe(240);
      const busy = s.reviews.find((d: { reviews: number }) => d.reviews > 0);
      expect(busy.share_positive).toBeCloseTo(busy.positive / busy.reviews);
      expect(s.reviews[0]).toMatchObject({ reviews: 0, share_positive: null });
    }

    // The press item became an article of its outlet (after Steam's redirect), matched by the alert.
    const feed = await ctx.call('GET', `/api/articles_feed/${alert.id}?page[size]=50`, { token: a.token });
    const found = feed.json().data.map((d: { attributes: { url: string; matched_by: string } }) => d.attributes);
    expect(found).toEqual([expect.objectContaining({ url: `${siteUrl}/reviews/starfall-odyssey`, matched_by: 'steam' })]);
    const [news] = await rows<{ article_url: string }>(sql`select article_url from steam_news where app_id = 1001 and gid = '13'`);
    expect(news.article_url).toBe(`${siteUrl}/reviews/starfall-odyssey`);

    // A second tick within the intervals reads nothing.
    const again = fake.requests.length;
    expect((await runSteamTick(deps())).read).toBe(0);
    expect(fake.requests.length).toBe(again);
  });

  it('reads only what is new the next time, and never counts a review twice', async () => {
    fake.addApp({ appId: 1002, name: 'Nebula Drift', news: [], reviews: reviews(1002, 150, 3) });
    const { org, token } = await makeOrg(ctx);
    const project = await makeProject(ctx, org.id);
    await patchSteam(token, project.id, [1002]);
    await runSteamTick(deps());
    const app = fake.apps.get(1002)!;
    app.reviews.push(
      ...Array.from({ length: 5 }, (_, i) => ({ id: String(1002 * 1_000_000 + 500 + i), created: new Date(Date.now() - 1000 * i), votedUp: false })),
    );
    // Due again: the hour passed.
    await ctx.deps.db.execute(
      sql`update steam_apps set reviews_checked_at = now() - interval '2 hours', news_checked_at = now() - interval '2 hours' where app_id = 1002`,
    );
    const before = fake.requests.length;
    await runSteamTick(deps());
    expect(fake.requests.slice(before).filter((r) => r.path.includes('appreviews'))).toHaveLength(1);
    const s = (await ctx.call('GET', `/api/projects/${project.id}/steam`, { token })).json().data.attributes;
    expect(s.totals.reviews).toBe(155);
    expect(s.totals.positive).toBe(app.reviews.filter((r) => r.votedUp).length);
    expect(s.reviews_since).toBeNull();
  });

  it('goes on next time where a first read of a long history stopped', async () => {
    const n = (REVIEW_PAGES_PER_READ + 5) * 100;
    fake.addApp({ appId: 1003, name: 'Big Game', news: [], reviews: reviews(1003, n, 30) });
    const { org, token } = await makeOrg(ctx);
    const project = await makeProject(ctx, org.id);
    await patchSteam(token, project.id, [1003]);
    await runSteamTick(deps());
    let [row] = await rows<{ backfill_cursor: string | null }>(sql`select backfill_cursor from steam_apps where app_id = 1003`);
    expect(row.backfill_cursor).not.toBeNull();
    let s = (await ctx.call('GET', `/api/projects/${project.id}/steam`, { token })).json().data.attributes;
    expect(s.totals.reviews).toBe(REVIEW_PAGES_PER_READ * 100);
    expect(s.reviews_since).not.toBeNull();
    await ctx.deps.db.execute(sql`update steam_apps set reviews_checked_at = now() - interval '2 hours' where app_id = 1003`);
    await runSteamTick(deps());
    [row] = await rows<{ backfill_cursor: string | null }>(sql`select backfill_cursor from steam_apps where app_id = 1003`);
    expect(row.backfill_cursor).toBeNull();
    s = (await ctx.call('GET', `/api/projects/${project.id}/steam?filter[from]=${dayAgo(40)}`, { token })).json().data.attributes;
    expect(s.totals.reviews).toBe(n);
    expect(s.reviews_since).toBeNull();
  });

  it('marks an unknown app, and pauses an app Steam throttles (the tick stops; the figures stay)', async () => {
    const { org, token } = await makeOrg(ctx);
    const project = await makeProject(ctx, org.id);
    await patchSteam(token, project.id, [424242]);
    await runSteamTick(deps());
    let s = (await ctx.call('GET', `/api/projects/${project.id}/steam`, { token })).json().data.attributes;
    expect(s.apps[0]).toMatchObject({ app_id: 424242, state: 'not_found', name: null });
    expect(s.apps[0].message).toMatch(/no app 424242/);

    fake.addApp({ appId: 1004, name: 'Throttled', news: [], reviews: reviews(1004, 10, 2) });
    await patchSteam(token, project.id, [1004]);
    fake.rateLimit = { max: 0, windowMs: 60_000 };
    try {
      const tick = await runSteamTick(deps());
      expect(tick.rateLimited).toBe(true);
    } finally {
      fake.rateLimit = null;
    }
    s = (await ctx.call('GET', `/api/projects/${project.id}/steam`, { token })).json().data.attributes;
    expect(s.apps[0]).toMatchObject({ app_id: 1004, state: 'rate_limited' });
    expect(s.apps[0].message).toMatch(/slow down/);
    // Inside its back-off it is not asked again.
    const before = fake.requests.length;
    await runSteamTick(deps());
    expect(fake.requests.length).toBe(before);
    await ctx.deps.db.execute(sql`update steam_apps set retry_at = now() - interval '1 second' where app_id = 1004`);
    await runSteamTick(deps());
    s = (await ctx.call('GET', `/api/projects/${project.id}/steam`, { token })).json().data.attributes;
    expect(s.apps[0]).toMatchObject({ state: 'ok', message: null, name: 'Throttled' });
    expect(s.totals.reviews).toBe(10);
  });

  it('seeds the demo’s sample game: announcements and reviews to show, never asked of Steam', async () => {
    const { org, token } = await makeOrg(ctx);
    const project = await makeProject(ctx, org.id);
    await seedDemoSteam(ctx.deps.db, { orgId: org.id, launchId: project.id });
    const s = (await ctx.call('GET', `/api/projects/${project.id}/steam?filter[from]=${dayAgo(59)}`, { token })).json().data.attributes;
    expect(s.apps).toEqual([expect.objectContaining({ app_id: DEMO_STEAM_APP.appId, name: 'Starfall', state: 'ok', review_score_desc: 'Very Positive' })]);
    expect(s.events.length).toBeGreaterThanOrEqual(5);
    expect(s.totals.reviews).toBeGreaterThan(1000);
    expect(s.totals.share_positive).toBeGreaterThan(0.7);
    const before = fake.requests.length;
    await runSteamTick(deps());
    expect(fake.requests.filter((r) => r.params.appid === String(DEMO_STEAM_APP.appId) || r.path.includes(String(DEMO_STEAM_APP.appId)))).toEqual([]);
    expect(fake.requests.length).toBeGreaterThanOrEqual(before);
  });

  it('strips HTML and BBCode from a blurb', () => {
    expect(stripMarkup('[h1]Patch[/h1] <b>notes</b>\n[list][*]one[/list]')).toBe('Patch notes one');
  });
});

describe('the Steam routes', () => {
  it('answers 404 for another organization’s project and 422 for a bad period, at its parameter', async () => {
    const a = await makeOrg(ctx);
    const b = await makeOrg(ctx);
    const pb = await makeProject(ctx, b.org.id);
    expect((await ctx.call('GET', `/api/projects/${pb.id}/steam`, { token: a.token })).statusCode).toBe(404);
    expect((await ctx.call('GET', `/api/projects/${pb.id}/steam`)).statusCode).toBe(401);
    const pa = await makeProject(ctx, a.org.id);
    for (const [q, parameter] of [
      ['filter[from]=2026-02-30', 'filter[from]'],
      ['filter[to]=yesterday', 'filter[to]'],
      ['filter[from]=2026-03-02&filter[to]=2026-03-01', 'filter[from]'],
      ['filter[from]=2020-01-01&filter[to]=2026-01-01', 'filter[from]'],
    ]) {
      const res = await ctx.call('GET', `/api/projects/${pa.id}/steam?${q}`, { token: a.token });
      expect(res.statusCode, q).toBe(422);
      expect(res.json().errors[0].source.parameter).toBe(parameter);
    }
  });

  it('puts a project’s Steam figures in its reports over the report’s period, signed in and public; show_steam is kept', async () => {
    fake.addApp({
      appId: 1005,
      name: 'Report Game',
      news: [
        { gid: '51', title: 'Launch day', date: new Date('2024-03-05T12:00:00Z') },
        { gid: '52', title: 'Later news', date: new Date('2024-04-10T12:00:00Z') },
      ],
      reviews: [],
    });
    const { org, token } = await makeOrg(ctx);
    const project = await makeProject(ctx, org.id);
    await patchSteam(token, project.id, [1005]);
    await runSteamTick(deps());
    const tag = await makeTag(ctx, org.id, project.id, 'Launch');
    await ctx.deps.db.insert(savedArticles).values({
      tagId: tag.id,
      organizationId: org.id,
      projectId: project.id,
      urlKey: `steam-report-${org.id}`,
      url: 'https://news.example/launch',
      fullUrl: 'https://news.example/launch',
      title: 'Launch',
      language: 'en',
      reach: 1,
      date: new Date('2024-03-06T10:00:00Z'),
    });
    const created = await ctx.call('POST', '/api/reports', { token, body: reportBody(project.id, { show_steam: false }) });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.id;
    expect(created.json().data.attributes.show_steam).toBe(false);
    const bad = await ctx.call('PATCH', `/api/reports/${id}`, { token, body: { data: { type: 'report', attributes: { show_steam: 'yes' } } } });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(pointers(bad))).toEqual(['/data/attributes/show_steam']);
    const on = await ctx.call('PATCH', `/api/reports/${id}`, { token, body: { data: { type: 'report', attributes: { show_steam: true } } } });
    expect(on.json().data.attributes.show_steam).toBe(true);
    for (const [url, opts] of [
      [`/api/reports/${id}/steam`, { token }],
      [`/api/p/reports/${id}/steam`, {}],
    ] as const) {
      const res = await ctx.call('GET', url, opts);
      expect(res.statusCode, url).toBe(200);
      const s = res.json().data.attributes;
      expect(s.period).toEqual({ from: '2024-03-01', to: '2024-03-31' });
      expect(s.events.map((e: { title: string }) => e.title)).toEqual(['Launch day']);
      expect(s.reviews).toHaveLength(31);
    }
    const other = await makeOrg(ctx);
    expect((await ctx.call('GET', `/api/reports/${id}/steam`, { token: other.token })).statusCode).toBe(404);
  });
});
