import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listRoutes } from '../server/app.js';
import { createTestContext, type TestContext } from './helpers/app.js';
import { addMember, makeClient, makeOrg, makeProject, makeTag } from './helpers/factories.js';

/**
 * For every route that touches tenant data, a token of another organization gets 404 for this
 * organization's ids (never 403: existence is not revealed) and changes nothing; lists never
 * show another organization's rows. A new route fails the coverage check below until it is
 * classified here.
 */
let ctx: TestContext;
let owner: Awaited<ReturnType<typeof makeOrg>>;
let outsider: Awaited<ReturnType<typeof makeOrg>>;
let ids: { client: number; project: number; tag: number; org: number; member: number };

beforeAll(async () => {
  ctx = await createTestContext();
  owner = await makeOrg(ctx, { name: 'Owner Org' });
  outsider = await makeOrg(ctx, { name: 'Outsider Org' });
  const client = await makeClient(ctx, owner.org.id, 'Owner Brand');
  const project = await makeProject(ctx, owner.org.id, { clientId: client.id, name: 'Owner Project' });
  const tag = await makeTag(ctx, owner.org.id, project.id, 'Owner Tag');
  const member = await addMember(ctx, owner.org.id, 2);
  ids = { client: client.id, project: project.id, tag: tag.id, org: owner.org.id, member: member.user.id };
  // The outsider has data of its own, so empty lists prove scoping rather than emptiness.
  const theirs = await makeClient(ctx, outsider.org.id, 'Outsider Brand');
  await makeProject(ctx, outsider.org.id, { clientId: theirs.id });
});
afterAll(() => ctx.close());

/** Routes that answer without a token or hold no tenant data. */
const PUBLIC = new Set([
  'GET /api/health',
  'POST /api/auth/login',
  'GET /api/openapi.json',
  'GET /api/p/captcha',
  'POST /api/p/free_user',
  'GET /api/p/free_user/preview',
  'GET /api/ivs/:key',
  'GET /api/p/ivs/:key',
  'POST /api/p/new_user',
  'POST /api/p/f/av',
  'GET /api/f/:file',
]);

/** Routes about the caller themself (their session, their user, reference lists, creating). */
const SELF = new Set([
  'POST /api/auth/logout',
  'GET /api/user',
  'GET /api/tiers',
  'POST /api/clients',
  'POST /api/projects',
  'POST /api/settings',
  'POST /api/invite',
  'POST /api/f/av',
]);

interface Probe {
  url: () => string;
  body?: () => unknown;
}

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
  'PATCH /api/user/:id': {
    url: () => `/api/user/${ids.member}`,
    body: () => ({ data: { type: 'user', attributes: { name: 'Hijacked' } } }),
  },
};

/** Lists: the outsider's answer must not contain any of the owner's ids. */
const LISTS: Record<string, { url: () => string; forbiddenIds: () => number[] }> = {
  'GET /api/clients': { url: () => '/api/clients', forbiddenIds: () => [ids.client] },
  'GET /api/projects': { url: () => '/api/projects', forbiddenIds: () => [ids.project] },
  'GET /api/tags': { url: () => `/api/tags?filter[project_id]=${ids.project}`, forbiddenIds: () => [ids.tag] },
};

async function snapshot() {
  const q = (sql: string, params: unknown[]) => ctx.deps.pool.query(sql, params).then((r) => JSON.stringify(r.rows));
  return [
    await q('select * from clients where organization_id = $1 order by id', [ids.org]),
    await q('select * from projects where organization_id = $1 order by id', [ids.org]),
    await q('select * from tags where organization_id = $1 order by id', [ids.org]),
    await q('select id, name, avatar from organizations where id = $1', [ids.org]),
    await q('select id, name, avatar, organization_id from users where id = $1', [ids.member]),
    await q('select * from memberships where organization_id = $1 order by user_id', [ids.org]),
  ].join('\n');
}

describe('tenant isolation', () => {
  it('classifies every API route', () => {
    const routes = listRoutes(ctx.app)
      .filter((r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs'))
      .map((r) => `${r.method} ${r.url}`);
    const unclassified = routes.filter((r) => !PUBLIC.has(r) && !SELF.has(r) && !(r in BY_ID) && !(r in LISTS));
    expect(unclassified).toEqual([]);
  });

  for (const [route, probe] of Object.entries(BY_ID)) {
    it(`${route}: another organization gets 404 and changes nothing`, async () => {
      const before = await snapshot();
      const method = route.split(' ')[0] as 'GET' | 'PATCH' | 'POST' | 'DELETE';
      const res = await ctx.call(method, probe.url(), { token: outsider.token, body: probe.body?.() });
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json().errors[0].code).toBe('not_found');
      expect(await snapshot()).toBe(before);
    });
  }

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
      if (!route.startsWith('GET')) continue;
      const res = await ctx.call('GET', probe.url(), { token: owner.token });
      expect(res.statusCode, route).toBe(200);
    }
  });
});
