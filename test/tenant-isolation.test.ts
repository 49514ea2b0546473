import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listRoutes } from '../server/app.js';
import type { AccessClass } from '../server/http/access.js';
import { createTestContext, type TestContext } from './helpers/app.js';
import { addMember, makeClient, makeOrg, makeProject, makeTag } from './helpers/factories.js';
import { addToFeed, makeAlert, makeArchiveArticle } from './helpers/coverage-factories.js';
import { CAPABILITIES_BY_LEGACY_ID } from '../common/plans.js';
import { settleScreenshotJobs } from '../server/features/screenshots/service.js';
import { queueMail } from '../server/features/mail/service.js';
import { publicReportPaths } from '../server/features/reports/test-fixtures.js';
import type { Probe, TenantFixture, TenantProbeSet } from './tenant-probes/types.js';
import { videosProbes } from './tenant-probes/videos.js';
import { streamsProbes } from './tenant-probes/streams.js';
import { creatorsProbes, overviewProbes } from './tenant-probes/creators.js';
import { billingProbes } from './tenant-probes/billing.js';
import { operatorProbes } from './tenant-probes/operator.js';
import { sourcesProbes } from './tenant-probes/sources.js';
import { digestsProbes } from './tenant-probes/digests.js';
import { slackProbes } from './tenant-probes/slack.js';
import { identityProbes } from './tenant-probes/identity.js';
import { metricsProbes } from './tenant-probes/metrics.js';
import { reachProbes } from './tenant-probes/reach.js';
import { gdeltProbes } from './tenant-probes/gdelt.js';
import { spikesProbes } from './tenant-probes/spikes.js';
import { websitesProbes } from './tenant-probes/websites.js';
import { reportIds, reportsProbes } from './tenant-probes/reports.js';

/** Features that probe their routes in their own file (test/tenant-probes/). */
const FEATURE_PROBES: TenantProbeSet[] = [
  reportsProbes,
  videosProbes,
  streamsProbes,
  creatorsProbes,
  overviewProbes,
  billingProbes,
  operatorProbes,
  digestsProbes,
  slackProbes,
  identityProbes,
  metricsProbes,
  sourcesProbes,
  reachProbes,
  gdeltProbes,
  websitesProbes,
  spikesProbes,
];

/**
 * For every route that touches tenant data, a token of another organization gets 404 for this
 * organization's ids (never 403: existence is not revealed) and changes nothing; lists never
 * show another organization's rows. Each route's class comes from its own declaration
 * (`config.access`, server/http/access.ts): `public` and `self` routes hold no organization's
 * data; every `operator` route is probed (by its probe below, or at its URL) for the 404 anyone
 * else gets; every `org` route needs a probe below or a place in OWN_ORGANIZATION. A new route
 * fails the coverage check until it has one.
 */
let ctx: TestContext;
let owner: Awaited<ReturnType<typeof makeOrg>>;
let outsider: Awaited<ReturnType<typeof makeOrg>>;
let ids: { client: number; project: number; tag: number; org: number; member: number; alert: number; feedArticle: number; saved: number };
let operator: Awaited<ReturnType<typeof makeOrg>>;

beforeAll(async () => {
  ctx = await createTestContext();
  owner = await makeOrg(ctx, { name: 'Owner Org' });
  outsider = await makeOrg(ctx, { name: 'Outsider Org' });
  const client = await makeClient(ctx, owner.org.id, 'Owner Brand');
  const project = await makeProject(ctx, owner.org.id, { clientId: client.id, name: 'Owner Project' });
  const tag = await makeTag(ctx, owner.org.id, project.id, 'Owner Tag');
  const member = await addMember(ctx, owner.org.id, 2);
  // Coverage: an alert with an article in its feed, and a saved article.
  const alert = await makeAlert(ctx, owner.org.id, { projectId: project.id });
  const article = await makeArchiveArticle(ctx, { title: 'Owner coverage story' });
  await addToFeed(ctx, alert, [article]);
  const saved = await ctx.call('POST', '/api/articles', {
    token: owner.token,
    body: {
      data: {
        type: 'article',
        attributes: { url: 'https://news.example/owner-story', title: 'Owner saved story', language: 'en', date: '2026-11-01' },
        relationships: { tag: { data: { type: 'tag', id: String(tag.id) } } },
      },
    },
  });
  operator = await makeOrg(ctx, { name: 'Operator Org', plan: 'admin', capabilities: CAPABILITIES_BY_LEGACY_ID[1] });
  ids = {
    client: client.id,
    project: project.id,
    tag: tag.id,
    org: owner.org.id,
    member: member.user.id,
    alert: alert.id,
    feedArticle: article.id,
    saved: Number(saved.json().data.id),
  };
  // The outsider has data of its own, so empty lists prove scoping rather than emptiness.
  const theirs = await makeClient(ctx, outsider.org.id, 'Outsider Brand');
  await makeProject(ctx, outsider.org.id, { clientId: theirs.id });
});
// An e-mail of the owner's organization, for the outbox list below.
let ownerMailId = 0;
beforeAll(async () => {
  ownerMailId = (await queueMail(ctx.deps.db, { organizationId: owner.org.id, userId: null, to: 'owner@example.test', subject: 'Owner export', text: 'x' })).id;
});
let fixture: TenantFixture;
beforeAll(async () => {
  fixture = { ctx, owner, outsider, operator, projectId: ids.project, tagId: ids.tag, savedId: ids.saved };
  for (const set of FEATURE_PROBES) await set.setup(fixture);
});
afterAll(() => settleScreenshotJobs());
afterAll(() => ctx.close());

/**
 * `org` routes that name nothing of another organization, so there is no id to probe: they act
 * in the caller's own organization (creating, its settings) or read what every organization shares.
 */
const OWN_ORGANIZATION = new Set([
  'POST /api/clients',
  'POST /api/projects',
  'POST /api/settings',
  'POST /api/invite',
  'POST /api/f/av',
  'POST /api/alerts',
  'POST /api/analytics/articles/count',
  // Reads the shared archive only (never a tenant's feed or saved coverage).
  'POST /api/alerts/preview',
  'POST /api/sentiment',
  'POST /api/translations',
  // Whether this server has translation configured: nothing of any organization.
  'GET /api/headline_tools',
  // The plans on sale and this server's price ids (configuration): nothing of any organization.
  'GET /api/products',
  // Reference lists shared by every organization.
  'GET /api/languages',
  'GET /api/countries',
  'GET /api/regions',
  'GET /api/mediatypes',
]);

/** The platform operator's routes: any other organization gets 404 (each feature's set adds its own). */
const OPERATOR_ONLY: Record<string, Probe> = {};

/** Routes that name another organization's data by id: the outsider must get 404. */
const BY_ID: Record<string, Probe> = {
  'GET /api/clients/:id': { url: () => `/api/clients/${ids.client}` },
  'PATCH /api/clients/:id': {
    url: () => `/api/clients/${ids.client}`,
    body: () => ({ data: { type: 'client', attributes: { name: 'Hijacked', locked: true } } }),
  },
  'GET /api/projects/:id': { url: () => `/api/projects/${ids.project}` },
  'PATCH /api/projects/:id': {
    url: () => `/api/projects/${ids.project}`,
    body: () => ({ data: { type: 'project', attributes: { name: 'Hijacked', locked: true } } }),
  },
  'GET /api/tags/:id': { url: () => `/api/tags/${ids.tag}` },
  'PATCH /api/tags/:id': {
    url: () => `/api/tags/${ids.tag}`,
    body: () => ({ data: { type: 'tag', attributes: { name: 'Hijacked', locked: true } } }),
  },
  'POST /api/projects/:projectId/tags': {
    url: () => `/api/projects/${ids.project}/tags`,
    body: () => ({ data: { type: 'tag', attributes: { name: 'Planted tag' } } }),
  },
  'GET /api/organizations/:id': { url: () => `/api/organizations/${ids.org}` },
  'GET /api/organizations/:id/members': { url: () => `/api/organizations/${ids.org}/members` },
  'PATCH /api/organizations/:id': {
    url: () => `/api/organizations/${ids.org}`,
    body: () => ({ data: { type: 'organizations', attributes: { name: 'Hijacked' } } }),
  },
  'GET /api/alerts/:id': { url: () => `/api/alerts/${ids.alert}` },
  'PATCH /api/alerts/:id': { url: () => `/api/alerts/${ids.alert}`, body: () => ({ data: { type: 'alert', attributes: { name: 'Hijacked' } } }) },
  'DELETE /api/alerts/:id': { url: () => `/api/alerts/${ids.alert}` },
  'GET /api/articles_feed/:alert_id': { url: () => `/api/articles_feed/${ids.alert}` },
  'GET /api/external_articles_alert/:alert_id': { url: () => `/api/external_articles_alert/${ids.alert}` },
  'GET /api/csv/articles_feed/:alert_id': { url: () => `/api/csv/articles_feed/${ids.alert}` },
  'GET /api/csv/external_articles_alert/:alert_id': { url: () => `/api/csv/external_articles_alert/${ids.alert}` },
  'POST /api/csv/articles_feed/:alert_id': { url: () => `/api/csv/articles_feed/${ids.alert}`, body: () => ({ ids_list: [ids.feedArticle] }) },
  'POST /api/csv/external_articles_alert/:alert_id': {
    url: () => `/api/csv/external_articles_alert/${ids.alert}`,
    body: () => ({ ids_list: [ids.feedArticle] }),
  },
  'POST /api/articles_feed/:alert_id/stories/merge': {
    url: () => `/api/articles_feed/${ids.alert}/stories/merge`,
    body: () => ({ data: { attributes: { story_ids: [ids.feedArticle, ids.feedArticle + 1] } } }),
  },
  'POST /api/articles_feed/:alert_id/stories/split': {
    url: () => `/api/articles_feed/${ids.alert}/stories/split`,
    body: () => ({ data: { attributes: { article_id: ids.feedArticle } } }),
  },
  'GET /api/articles': { url: () => `/api/articles?filter[project_id]=${ids.project}` },
  'GET /api/csv/articles': { url: () => `/api/csv/articles?filter[project_id]=${ids.project}` },
  'PATCH /api/articles/:id': { url: () => `/api/articles/${ids.saved}`, body: () => ({ data: { type: 'article', attributes: { title: 'Hijacked' } } }) },
  'DELETE /api/articles/:id': { url: () => `/api/articles/${ids.saved}` },
  'GET /api/extract': { url: () => `/api/extract?id=${ids.feedArticle}` },
  'POST /api/bulk/articles': {
    url: () => '/api/bulk/articles',
    body: () => ({
      data: {
        type: 'delete_articles_rss_ids',
        attributes: { ids: [ids.feedArticle] },
        relationships: { alert: { data: { type: 'alert', id: String(ids.alert) } } },
      },
    }),
  },
  'POST /api/articles': {
    // A tag of another organization is refused like an unknown one (422, nothing revealed).
    url: () => '/api/articles',
    body: () => ({
      data: {
        type: 'article',
        attributes: { url: 'https://planted.example/x', title: 'Planted', language: 'en', date: '2026-11-01' },
        relationships: { tag: { data: { type: 'tag', id: String(ids.tag) } } },
      },
    }),
    status: 422,
  },
  'PATCH /api/user/:id': {
    url: () => `/api/user/${ids.member}`,
    body: () => ({ data: { type: 'user', attributes: { name: 'Hijacked' } } }),
  },
  // Super Search bodies name the organization: another organization's id is 404 (the archive itself is shared).
  'POST /api/supersearch': { url: () => '/api/supersearch', body: () => superSearchBody() },
  'POST /api/supersearch/volume': { url: () => '/api/supersearch/volume', body: () => superSearchBody() },
  'POST /api/supersearch/export_csv': { url: () => '/api/supersearch/export_csv', body: () => ({ ...superSearchBody(), to_email: 'planted@example.test' }) },
  'POST /api/supersearch/bulk': {
    url: () => '/api/supersearch/bulk',
    body: () => ({ articles: [ids.feedArticle], tag_id: ids.tag, project_id: ids.project, organization_id: ids.org }),
  },
};

function superSearchBody() {
  const today = new Date().toISOString().slice(0, 10);
  return { search: 'owner', from_date: today, to_date: today, organization_id: ids.org };
}

/** Lists: the outsider's answer must not contain any of the owner's ids. */
const LISTS: Record<string, { url: () => string; forbiddenIds: () => number[] }> = {
  'GET /api/clients': { url: () => '/api/clients', forbiddenIds: () => [ids.client] },
  'GET /api/projects': { url: () => '/api/projects', forbiddenIds: () => [ids.project] },
  'GET /api/tags': { url: () => `/api/tags?filter[project_id]=${ids.project}`, forbiddenIds: () => [ids.tag] },
  'GET /api/alerts': { url: () => '/api/alerts', forbiddenIds: () => [ids.alert] },
  'GET /api/mail_outbox': { url: () => '/api/mail_outbox', forbiddenIds: () => [ownerMailId] },
};

for (const set of FEATURE_PROBES) {
  for (const r of set.ownOrganization ?? []) OWN_ORGANIZATION.add(r);
  Object.assign(BY_ID, set.byId);
  Object.assign(LISTS, set.lists);
  Object.assign(OPERATOR_ONLY, set.operatorOnly);
}

async function snapshot() {
  const q = (sql: string, params: unknown[]) => ctx.deps.pool.query(sql, params).then((r) => JSON.stringify(r.rows));
  return [
    await q('select * from clients where organization_id = $1 order by id', [ids.org]),
    await q('select * from projects where organization_id = $1 order by id', [ids.org]),
    await q('select * from tags where organization_id = $1 order by id', [ids.org]),
    await q('select id, name, avatar from organizations where id = $1', [ids.org]),
    await q('select id, name, avatar, organization_id from users where id = $1', [ids.member]),
    await q('select * from memberships where organization_id = $1 order by user_id', [ids.org]),
    await q('select * from alerts where organization_id = $1 order by id', [ids.org]),
    await q('select alert_id, article_id, deleted_at from alert_articles where organization_id = $1 order by article_id', [ids.org]),
    await q('select * from saved_articles where organization_id = $1 order by id', [ids.org]),
    ...(await Promise.all(FEATURE_PROBES.map((set) => set.snapshot?.(fixture) ?? ''))),
  ].join('\n');
}

/** Every API route's declared access class (`METHOD url` → class), read from the app's route table. */
const accessOf = () =>
  new Map<string, AccessClass>(
    listRoutes(ctx.app)
      .filter((r) => r.url.startsWith('/api/'))
      .map((r) => [`${r.method} ${r.url}`, r.access.access]),
  );

/**
 * Operator routes without a probe of their own, probed at their URL (the owner's organization id
 * for each parameter): their gate answers before the body is read, so no body is needed.
 */
const unprobedOperatorRoutes = (): [string, Probe][] =>
  [...accessOf()]
    .filter(([route, access]) => access === 'operator' && !(route in OPERATOR_ONLY))
    .map(([route]) => [route, { url: () => route.split(' ')[1].replace(/:[A-Za-z_]+/g, String(ids.org)) }]);

describe('tenant isolation', () => {
  it('probes every route its declaration says holds an organization’s data', () => {
    const access = accessOf();
    expect(access.size).toBeGreaterThan(100);
    // `org` routes: a probe, or nothing of another organization to name.
    const unprobed = [...access].filter(([r, a]) => a === 'org' && !(r in BY_ID) && !(r in LISTS) && !OWN_ORGANIZATION.has(r)).map(([r]) => r);
    expect(unprobed).toEqual([]);
    // Each list names routes of the class it is for (a stale or moved entry fails too).
    const misplaced = [
      ...[...OWN_ORGANIZATION].filter((r) => access.get(r) !== 'org').map((r) => `${r} is declared ${access.get(r) ?? 'nowhere'}, listed in OWN_ORGANIZATION`),
      ...Object.keys(OPERATOR_ONLY)
        .filter((r) => access.get(r) !== 'operator')
        .map((r) => `${r} is declared ${access.get(r) ?? 'nowhere'}, probed as an operator route`),
      ...[...Object.keys(BY_ID), ...Object.keys(LISTS)]
        .filter((r) => !['self', 'org'].includes(access.get(r) ?? 'public'))
        .map((r) => `${r} is declared ${access.get(r) ?? 'nowhere'}, probed for tenant data`),
    ];
    expect(misplaced).toEqual([]);
  });

  it('every probed route answers a caller without a session 401 and changes nothing', async () => {
    const before = await snapshot();
    const probes: [string, Probe][] = [...Object.entries(BY_ID), ...Object.entries(LISTS), ...Object.entries(OPERATOR_ONLY), ...unprobedOperatorRoutes()];
    for (const [route, probe] of probes) {
      const method = route.split(' ')[0] as 'GET' | 'PATCH' | 'POST' | 'DELETE';
      const res = await ctx.call(method, probe.url(), { body: 'body' in probe ? probe.body?.() : undefined });
      expect(res.statusCode, `${route} ${res.body}`).toBe(401);
    }
    expect(await snapshot()).toBe(before);
  });

  for (const [route, probe] of Object.entries(BY_ID)) {
    it(`${route}: another organization gets 404 and changes nothing`, async () => {
      const before = await snapshot();
      const method = route.split(' ')[0] as 'GET' | 'PATCH' | 'POST' | 'DELETE';
      const res = await ctx.call(method, probe.url(), { token: outsider.token, body: probe.body?.() });
      expect(res.statusCode, res.body).toBe(probe.status ?? 404);
      if (!probe.status) expect(res.json().errors[0].code).toBe('not_found');
      expect(await snapshot()).toBe(before);
    });
  }

  for (const [route, probe] of Object.entries(OPERATOR_ONLY)) {
    it(`${route}: an organization that is not the platform operator gets 404 and changes nothing`, async () => {
      const before = await snapshot();
      const method = route.split(' ')[0] as 'GET' | 'PATCH' | 'POST' | 'DELETE';
      const res = await ctx.call(method, probe.url(), { token: outsider.token, body: probe.body?.() });
      expect(res.statusCode, res.body).toBe(404);
      expect(await snapshot()).toBe(before);
    });
  }

  it('operator routes without a probe of their own: another organization gets 404 at their URL and changes nothing', async () => {
    const before = await snapshot();
    for (const [route, probe] of unprobedOperatorRoutes()) {
      const res = await ctx.call(route.split(' ')[0] as 'GET', probe.url(), { token: outsider.token });
      expect(res.statusCode, `${route} ${res.body}`).toBe(404);
    }
    expect(await snapshot()).toBe(before);
  });

  for (const [route, probe] of Object.entries(LISTS)) {
    it(`${route}: another organization's rows never appear`, async () => {
      const res = await ctx.call('GET', probe.url(), { token: outsider.token });
      expect([200, 404]).toContain(res.statusCode);
      if (res.statusCode === 200) {
        const seen = res.json().data.map((r: { id: string }) => Number(r.id));
        for (const id of probe.forbiddenIds()) expect(seen).not.toContain(id);
      }
      // The owner does see them, so the probe is meaningful.
      const mine = await ctx.call('GET', probe.url(), { token: owner.token });
      const ownIds = mine.json().data.map((r: { id: string }) => Number(r.id));
      for (const id of probe.forbiddenIds()) expect(ownIds).toContain(id);
    });
  }

  it('the same probes succeed for the owner (so a 404 above is about scoping)', async () => {
    for (const [route, probe] of Object.entries(BY_ID)) {
      // extract fetches the article's page, which is not reachable here (its own tests serve one).
      // The PDF prints the web app's page, which this suite does not serve (reports-public.test.ts prints one).
      if (!route.startsWith('GET') || route === 'GET /api/extract' || route === 'GET /api/reports/:id/pdf') continue;
      const res = await ctx.call('GET', probe.url(), { token: owner.token });
      expect(res.statusCode, route).toBe(200);
    }
    for (const [route, probe] of Object.entries(OPERATOR_ONLY)) {
      if (!route.startsWith('GET')) continue;
      const res = await ctx.call('GET', probe.url(), { token: operator.token });
      expect(res.statusCode, route).toBe(200);
    }
  });

  it('GET /api/reports: another organization’s reports never appear', async () => {
    const theirs = await ctx.call('GET', '/api/reports', { token: outsider.token });
    const seen = theirs.json().data.map((r: { id: string }) => r.id);
    expect(seen).toContain(reportIds.outsider);
    expect(seen).not.toContain(reportIds.owner);
    const mine = await ctx.call('GET', '/api/reports', { token: owner.token });
    expect(mine.json().data.map((r: { id: string }) => r.id)).toContain(reportIds.owner);
  });

  it('public report routes answer for the report they are given and nothing else', async () => {
    const before = await snapshot();
    const article = ids.saved;
    const walk = (id: string) => publicReportPaths(id, article);
    // The owner's report shows its highlight and its article.
    for (const url of walk(reportIds.owner)) expect((await ctx.call('GET', url)).statusCode, url).toBe(200);
    // Another organization's report never leads to the owner's article or picture.
    for (const url of walk(reportIds.outsider)) {
      const res = await ctx.call('GET', url);
      if (url.includes('screenshots')) expect(res.statusCode, url).toBe(404);
      else expect(res.body, url).not.toMatch(/Owner saved story|owner-story/);
    }
    // Unknown ids (and the PDF of one) answer 404.
    for (const id of ['AAAAAAAAAAAAAAAAAAAAAA', String(ids.project), reportIds.owner.toLowerCase()]) {
      for (const url of [...walk(id), `/api/p/reports/${id}/pdf`]) expect((await ctx.call('GET', url)).statusCode, url).toBe(404);
    }
    expect(await snapshot()).toBe(before);
  });
});
