import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ROLE } from '../../../common/limits.js';
import { CAPABILITIES_BY_LEGACY_ID } from '../../../common/plans.js';
import { createTestContext, type TestContext } from '../../../test/helpers/app.js';
import { makeAlert, makeFeed, makeWebsite } from '../../../test/helpers/coverage-factories.js';
import { addMember, makeOrg } from '../../../test/helpers/factories.js';
import { startOutletsWeb, type OutletsWeb } from '../../../test/fakes/outlets-web.js';
import { pollFeed } from '../crawler/service.js';
import { outletDomain, recordFoundOutlets } from './suggestions.js';

let ctx: TestContext;
let web: OutletsWeb;
let operator: Awaited<ReturnType<typeof makeOrg>>;
let studio: Awaited<ReturnType<typeof makeOrg>>;

const suggest = (url: string, token = studio.token, c = ctx) =>
  c.call('POST', '/api/website_suggestions', { token, body: { data: { type: 'website_suggestion', attributes: { url } } } });
const decide = (id: string, status: string, token = operator.token) =>
  ctx.call('PATCH', `/api/website_suggestions/${id}`, { token, body: { data: { type: 'website_suggestion', id, attributes: { status } } } });
const discover = (url: string, token = operator.token, c = ctx) =>
  c.call('POST', '/api/feeds/discover', { token, body: { data: { type: 'feed_discovery', attributes: { url } } } });
const rows = async (q: ReturnType<typeof sql>) => (await ctx.deps.db.execute(q)).rows;

beforeAll(async () => {
  ctx = await createTestContext({ ALLOW_PRIVATE_NETWORK: 'true' });
  web = await startOutletsWeb();
  operator = await makeOrg(ctx, { name: 'Operator', plan: 'admin', capabilities: CAPABILITIES_BY_LEGACY_ID[1] });
  studio = await makeOrg(ctx, { name: 'Aurora Interactive' });
}, 30_000);
afterAll(async () => {
  await web?.close();
  await ctx?.close();
});

describe('feed discovery (operator)', () => {
  it('finds and proves feeds announced by links, at common paths, and news sitemaps behind robots.txt', async () => {
    const linked = await discover(web.outlet('linked').origin);
    expect(linked.statusCode).toBe(200);
    const feeds = linked.json().data.attributes.feeds;
    expect(feeds[0]).toMatchObject({ url: `${web.outlet('linked').origin}/feeds/main.xml`, kind: 'rss', found_by: 'link', items: expect.any(Number) });
    expect(feeds[0].websub_hub).toMatch(/^http/);
    expect(feeds.map((f: { kind: string }) => f.kind)).toContain('atom');

    const path = (await discover(`${web.outlet('pathonly').origin}/some/article`)).json().data.attributes;
    expect(path.feeds).toEqual([expect.objectContaining({ url: `${web.outlet('pathonly').origin}/feed/`, found_by: 'path' })]);

    const sitemap = (await discover(web.outlet('sitemap').origin)).json().data.attributes;
    expect(sitemap.feeds).toContainEqual(
      expect.objectContaining({ url: `${web.outlet('sitemap').origin}/news-sitemap.xml`, kind: 'news_sitemap', found_by: 'sitemap' }),
    );
  });

  it('answers a page without feeds with an empty list and a reason, and a private address with 422 at the field', async () => {
    const none = await discover(web.outlet('notfound').origin);
    expect(none.statusCode).toBe(200);
    expect(none.json().data.attributes).toMatchObject({ feeds: [], reason: expect.stringMatching(/\w/) });
    const strict = await createTestContext();
    try {
      const op = await makeOrg(strict, { name: 'Strict Operator', plan: 'admin', capabilities: CAPABILITIES_BY_LEGACY_ID[1] });
      const refused = await discover('http://127.0.0.1:9/', op.token, strict);
      expect(refused.statusCode).toBe(422);
      expect(refused.json().errors[0].source.pointer).toBe('/data/attributes/url');
      // A suggestion of a private address: the same 422, and nothing kept.
      const company = await makeOrg(strict, { name: 'Strict Studio' });
      const suggested = await suggest('http://10.0.0.5/', company.token, strict);
      expect(suggested.statusCode).toBe(422);
      expect(suggested.json().errors[0].source.pointer).toBe('/data/attributes/url');
      expect((await strict.deps.db.execute(sql`select count(*)::int as n from website_suggestions`)).rows).toEqual([{ n: 0 }]);
      const garbage = await discover('not a url', op.token, strict);
      expect(garbage.statusCode).toBe(422);
      expect(garbage.json().errors[0]).toMatchObject({ detail: 'Ups! Website URL is not valid', source: { pointer: '/data/attributes/url' } });
    } finally {
      await strict.close();
    }
  });
});

describe('suggesting an outlet', () => {
  it('runs discovery for an organization admin, keeps it for the operator, and one click makes its articles arrive', async () => {
    const alert = await makeAlert(ctx, studio.org.id, { keywords: '"Linked"' });
    const res = await suggest(web.outlet('linked').origin);
    expect(res.statusCode).toBe(201);
    const s = res.json().data;
    expect(s.attributes).toMatchObject({ status: 'pending', existing: false, organization_name: null, website_id: null });
    expect(s.attributes.feeds.length).toBeGreaterThan(0);
    // Asking again answers the same open suggestion.
    const again = await suggest(web.outlet('linked').origin);
    expect(again.statusCode).toBe(200);
    expect(again.json().data.id).toBe(s.id);

    const forOperator = await ctx.call('GET', '/api/website_suggestions?filter[status]=pending', { token: operator.token });
    const listed = forOperator.json().data.find((x: { id: string }) => x.id === s.id);
    expect(listed.attributes.organization_name).toBe('Aurora Interactive');

    const approved = await decide(s.id, 'approved');
    expect(approved.statusCode).toBe(200);
    expect(approved.json().data.attributes).toMatchObject({ status: 'approved', monitored: true, website_id: expect.any(String) });
    const added = await rows(
      sql`select id, feed, origin, disabled from feeds where website_id = ${Number(approved.json().data.attributes.website_id)} order by id`,
    );
    // The main feed only: the Atom copy of the same stories is not polled twice.
    expect(s.attributes.feeds.length).toBeGreaterThan(1);
    expect(added.map((f) => f.feed)).toEqual([s.attributes.feeds[0].url]);
    expect(added.every((f) => f.origin === 'suggestion' && f.disabled === false)).toBe(true);
    for (const f of added) await pollFeed(ctx.deps, Number(f.id));
    const matched = await rows(sql`select count(*)::int as n from alert_articles where alert_id = ${alert.id}`);
    expect(matched[0].n).toBeGreaterThan(0);
  });

  it("discovers a GDELT suggestion's outlet when the operator approves it, and monitors its feed", async () => {
    const origin = web.outlet('stale').origin;
    const domain = outletDomain(origin);
    await ctx.deps.db.transaction((tx) => recordFoundOutlets(tx, [{ orgId: studio.org.id, domain, url: `${origin}/some/story`, articles: 3 }], new Date()));
    const listed = (await ctx.call('GET', '/api/website_suggestions?filter[status]=pending', { token: operator.token })).json().data;
    const s = listed.find((x: { attributes: { domain: string } }) => x.attributes.domain === domain);
    // Nothing fetched from the outlet until the operator acts.
    expect(s.attributes).toMatchObject({ source: 'gdelt', articles: 3, feeds: [] });
    const approved = await decide(s.id, 'approved');
    expect(approved.statusCode).toBe(200);
    expect(approved.json().data.attributes).toMatchObject({ status: 'approved', monitored: true });
    expect(approved.json().data.attributes.feeds.length).toBeGreaterThan(0);
    const added = await rows(sql`select feed, disabled from feeds where website_id = ${Number(approved.json().data.attributes.website_id)}`);
    expect(added).toEqual([{ feed: approved.json().data.attributes.feeds[0].url, disabled: false }]);
  });

  it('points to an outlet the installation already has instead of adding it twice', async () => {
    const known = await makeWebsite(ctx, { domain: 'known-outlet.example' });
    await makeFeed(ctx, known.id, { url: 'https://known-outlet.example/feed', disabled: true });
    const waiting = await suggest('https://www.known-outlet.example/news/today');
    expect(waiting.statusCode).toBe(200);
    expect(waiting.json().data.attributes).toMatchObject({ existing: true, monitored: false, status: 'pending', website_id: String(known.id) });
    const approved = await decide(waiting.json().data.id, 'approved');
    expect(approved.json().data.attributes).toMatchObject({ status: 'approved', monitored: true });
    expect(await rows(sql`select disabled from feeds where website_id = ${known.id}`)).toEqual([{ disabled: false }]);
    expect(await rows(sql`select count(*)::int as n from websites where domain = 'known-outlet.example'`)).toEqual([{ n: 1 }]);

    const monitored = await suggest('known-outlet.example');
    expect(monitored.json().data.attributes).toMatchObject({ existing: true, monitored: true, status: 'approved' });
  });

  it('keeps nothing to approve when discovery found nothing, and lets the operator reject', async () => {
    const empty = await suggest(web.outlet('notfound').origin);
    expect(empty.json().data.attributes).toMatchObject({ status: 'pending', feeds: [], reason: expect.stringMatching(/\w/) });
    const refused = await decide(empty.json().data.id, 'approved');
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors[0].source.pointer).toBe('/data/attributes/status');
    const rejected = await decide(empty.json().data.id, 'rejected');
    expect(rejected.json().data.attributes.status).toBe('rejected');
  });

  it('is for organization admins; deciding is for the operator; each organization sees its own', async () => {
    const member = await addMember(ctx, studio.org.id, ROLE.user);
    expect((await suggest(web.outlet('pathonly').origin, member.token)).statusCode).toBe(403);
    const other = await makeOrg(ctx, { name: 'Other Studio' });
    const theirs = await suggest(web.outlet('pathonly').origin, other.token);
    expect(theirs.statusCode).toBe(201);
    const mine = await ctx.call('GET', '/api/website_suggestions', { token: studio.token });
    expect(mine.json().data.map((x: { id: string }) => x.id)).not.toContain(theirs.json().data.id);
    expect((await decide(theirs.json().data.id, 'approved', studio.token)).statusCode).toBe(404);
    expect((await decide('999999', 'approved')).statusCode).toBe(404);
  });

  it('with SOURCES_SELF_SERVICE, approves a suggestion at once', async () => {
    const self = await createTestContext({ ALLOW_PRIVATE_NETWORK: 'true', SOURCES_SELF_SERVICE: 'true' });
    try {
      const company = await makeOrg(self, { name: 'Single Company' });
      const status = await self.call('GET', '/api/sources/status', { token: company.token });
      expect(status.json().data.attributes).toMatchObject({ enabled_outlets: 0, self_service: true, can_suggest: true });
      const res = await suggest(web.outlet('pathonly').origin, company.token, self);
      expect(res.statusCode).toBe(201);
      expect(res.json().data.attributes).toMatchObject({ status: 'approved', monitored: true });
      const after = await self.call('GET', '/api/sources/status', { token: company.token });
      expect(after.json().data.attributes.enabled_outlets).toBe(1);
    } finally {
      await self.close();
    }
  });
});
