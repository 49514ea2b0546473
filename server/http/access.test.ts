import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ROLE } from '../../common/limits.js';
import { MSG } from '../../common/messages.js';
import { CAPABILITIES_BY_LEGACY_ID, NO_CAPABILITIES, PLAN_DEFAULTS } from '../../common/plans.js';
import { createTestContext, type TestContext } from '../../test/helpers/app.js';
import { buildApp, listRoutes, toErrorDocument, type App } from '../app.js';
import { accessProblem, callerOf, installAccess, memberOf, operator, org, PUBLIC, registerWithAccess, SELF, type RouteAccess } from './access.js';
import type { AuthContext, OrgContext } from './auth.js';

/**
 * Every route declares who may call it (server/http/access.ts), and the one hook applies the
 * declaration. The first part builds the whole app (the web app's files too) and walks its route
 * table; the second drives the gates on a small app whose callers are given by a header.
 */

describe('every route of the app', () => {
  let ctx: TestContext;
  let app: App;
  let dist: string;
  beforeAll(async () => {
    ctx = await createTestContext();
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'cw-dist-'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Coverwatch</title>');
    app = await buildApp({ ...ctx.deps, config: { ...ctx.config, webDistDir: dist } }, { logger: false });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await ctx?.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('declares its access (a route without one is refused when it is registered, below)', () => {
    const routes = listRoutes(app);
    expect(routes.length).toBeGreaterThan(100);
    const undeclared = routes.filter((r) => accessProblem(r.access) !== null).map((r) => `${r.method} ${r.url}: ${accessProblem(r.access)}`);
    expect(undeclared).toEqual([]);
    // The plugins' defaults: Swagger UI and the web app's files are public, like the pages they serve.
    const of = (method: string, url: string) => routes.find((r) => r.method === method && r.url === url)?.access;
    expect(of('GET', '/api/docs/json')).toEqual(PUBLIC);
    expect(of('GET', '/*')).toEqual(PUBLIC);
    expect(of('GET', '/')).toEqual(PUBLIC);
    expect(of('GET', '/metrics')).toEqual(PUBLIC);
    // A few declarations, one of each class.
    expect(of('GET', '/api/user')).toEqual(SELF);
    expect(of('GET', '/api/projects')).toEqual(org());
    expect(of('POST', '/api/invite')).toEqual(org({ action: 'org.admin', closedWorkspace: 'allowed' }));
    expect(of('GET', '/api/operator/organizations')).toEqual(operator());
    expect(of('PATCH', '/api/websites/:id')).toEqual(operator('websites.write'));
  });

  // Public to the access hook, yet documented with a bearer token: its handler takes METRICS_TOKEN
  // (or an operator's session, which is not resolved outside /api) as the bearer.
  const OWN_BEARER = new Set(['GET /metrics']);

  it('documents as needing no token exactly the routes declared public', () => {
    const doc = (app as unknown as { swagger(): { paths: Record<string, Record<string, { security?: unknown[] }>> } }).swagger();
    const mismatched: string[] = [];
    const documented = new Set<string>();
    for (const [p, methods] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(methods)) {
        const key = `${method.toUpperCase()} ${p.replace(/\{([^{}]+)\}/g, ':$1')}`;
        documented.add(key);
        const access = listRoutes(app).find((r) => `${r.method} ${r.url}` === key)?.access.access;
        const documentedPublic = Array.isArray(op.security) && op.security.length === 0;
        if (documentedPublic !== (access === 'public' && !OWN_BEARER.has(key)))
          mismatched.push(`${key}: declared ${access}, documented ${documentedPublic ? 'public' : 'with a token'}`);
      }
    }
    expect(documented.size).toBeGreaterThan(100);
    expect(mismatched).toEqual([]);
  });

  it('answers a caller without a session 401 on every route that is not public (the operator console 401 too, before its 404)', async () => {
    const wrong: string[] = [];
    for (const r of listRoutes(app)) {
      if (r.access.access === 'public' || !r.url.startsWith('/api/') || ['POST', 'PATCH', 'PUT', 'DELETE'].includes(r.method)) continue;
      // GETs whose parameters are ids: a number is valid for each.
      const url = r.url.replace(/:[A-Za-z_]+/g, '1');
      const res = await app.inject({ method: r.method as 'GET', url });
      if (res.statusCode !== 401 && res.statusCode !== 400) wrong.push(`${r.method} ${r.url}: ${res.statusCode}`);
    }
    expect(wrong).toEqual([]);
  });
});

// ——— The gates, on a small app: the caller comes from the `x-caller` header. ———

const permissions = { ...PLAN_DEFAULTS.starter, youtube_feed: false };
const orgContext = (over: Partial<OrgContext> = {}): OrgContext => ({
  id: 7,
  name: 'Acme',
  plan: 'starter',
  tierId: 4,
  permissions,
  capabilities: NO_CAPABILITIES,
  trialEndsAt: null,
  stripeCustomerId: null,
  subscriptionStatus: 'active',
  ...over,
});
const caller = (roleId: number | null, o: OrgContext | null): AuthContext => ({
  userId: 3,
  sessionId: 's',
  name: 'Ada',
  email: 'ada@example.test',
  tierId: 4,
  roleId,
  org: o,
});
const CALLERS: Record<string, AuthContext> = {
  member: caller(ROLE.user, orgContext()),
  admin: caller(ROLE.admin, orgContext()),
  kicked: caller(ROLE.kicked, orgContext()),
  orphan: caller(null, null),
  expired: caller(ROLE.admin, orgContext({ plan: 'trial', trialEndsAt: new Date('2020-01-01'), subscriptionStatus: 'trialing' })),
  operatorMember: caller(ROLE.user, orgContext({ id: 1, plan: 'admin', permissions: PLAN_DEFAULTS.admin, capabilities: CAPABILITIES_BY_LEGACY_ID[1] })),
  operatorAdmin: caller(ROLE.admin, orgContext({ id: 1, plan: 'admin', permissions: PLAN_DEFAULTS.admin, capabilities: CAPABILITIES_BY_LEGACY_ID[1] })),
};

async function smallApp(register: (app: FastifyInstance) => void | Promise<void>) {
  const app = Fastify().withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installAccess(app);
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (req) => {
    req.auth = CALLERS[String(req.headers['x-caller'])] ?? null;
  });
  app.setErrorHandler((err, _req, reply) => {
    const { status, errors } = toErrorDocument(err);
    reply.code(status).send({ errors });
  });
  await register(app);
  await app.ready();
  return app;
}

const body = { name: z.string() };

async function gated() {
  return smallApp((app) => {
    const typed = app.withTypeProvider<ZodTypeProvider>();
    const echo = async (req: Parameters<typeof memberOf>[0]) => ({ user: callerOf(req).userId });
    typed.get('/open', { config: PUBLIC }, async (req) => ({ signedIn: req.auth !== null }));
    typed.post('/self', { config: SELF, schema: { body: z.object(body) } }, echo);
    typed.get('/self/member', { config: SELF }, async (req) => ({ org: memberOf(req).orgId }));
    typed.get('/org', { config: org() }, async (req) => ({ org: memberOf(req).orgId, user: callerOf(req).userId }));
    typed.get('/org/closed', { config: org({ closedWorkspace: 'allowed' }) }, async (req) => ({ org: memberOf(req).orgId }));
    typed.get('/org/youtube', { config: org({ action: 'youtube.use' }) }, async () => ({ ok: true }));
    typed.get('/org/admin', { config: org({ action: 'org.admin', closedWorkspace: 'allowed' }) }, async () => ({ ok: true }));
    typed.post('/operator', { config: operator(), schema: { body: z.object(body) } }, async (req) => ({ org: memberOf(req).orgId }));
    typed.get('/websites', { config: operator('websites.read') }, async () => ({ ok: true }));
  });
}

describe('the access gates', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await gated();
  });
  afterAll(() => app.close());

  const call = (method: 'GET' | 'POST', url: string, who?: string, payload?: unknown) =>
    app.inject({ method, url, headers: who ? { 'x-caller': who } : {}, ...(payload === undefined ? {} : { payload: payload as object }) });
  const codeOf = async (res: Awaited<ReturnType<typeof call>>) => [res.statusCode, res.json().errors?.[0]?.code ?? 'ok'];

  it('public: anyone', async () => {
    expect((await call('GET', '/open')).json()).toEqual({ signedIn: false });
    expect((await call('GET', '/open', 'member')).json()).toEqual({ signedIn: true });
  });

  it('self: a signed-in user, checked after validation as the handlers did', async () => {
    expect(await codeOf(await call('POST', '/self', undefined, { name: 'x' }))).toEqual([401, 'unauthorized']);
    expect((await call('POST', '/self', undefined, { name: 'x' })).json().errors[0].detail).toBe(MSG.auth.sessionExpired);
    // Validation first, as when the handler checked the session: the status a caller saw is kept.
    expect((await call('POST', '/self', undefined, {})).statusCode).toBe(422);
    expect((await call('POST', '/self', 'orphan', { name: 'x' })).json()).toEqual({ user: 3 });
  });

  it('org: an active member of an open workspace, then the action', async () => {
    expect(await codeOf(await call('GET', '/org'))).toEqual([401, 'unauthorized']);
    expect(await codeOf(await call('GET', '/org', 'orphan'))).toEqual([403, 'no_org']);
    expect(await codeOf(await call('GET', '/org', 'kicked'))).toEqual([403, 'no_org']);
    expect(await codeOf(await call('GET', '/org', 'expired'))).toEqual([403, 'trial_expired']);
    expect((await call('GET', '/org', 'member')).json()).toEqual({ org: 7, user: 3 });
    expect(await codeOf(await call('GET', '/org/youtube', 'member'))).toEqual([403, 'plan_limit']);
    expect((await call('GET', '/org/youtube', 'operatorMember')).statusCode).toBe(200);
  });

  it("org with closedWorkspace: 'allowed' stays open after a trial ended, and still needs its action", async () => {
    expect((await call('GET', '/org/closed', 'expired')).json()).toEqual({ org: 7 });
    expect(await codeOf(await call('GET', '/org/closed', 'kicked'))).toEqual([403, 'no_org']);
    expect((await call('GET', '/org/admin', 'expired')).statusCode).toBe(200);
    expect(await codeOf(await call('GET', '/org/admin', 'member'))).toEqual([403, 'forbidden']);
  });

  it("operator: anyone but the operator's admins gets 404, before the body is validated", async () => {
    expect(await codeOf(await call('POST', '/operator', 'admin', { malformed: true }))).toEqual([404, 'not_found']);
    expect(await codeOf(await call('POST', '/operator', 'operatorMember', { name: 'x' }))).toEqual([404, 'not_found']);
    expect(await codeOf(await call('POST', '/operator'))).toEqual([401, 'unauthorized']);
    expect((await call('POST', '/operator', 'operatorAdmin', { name: 'x' })).json()).toEqual({ org: 1 });
    expect((await call('POST', '/operator', 'operatorAdmin', {})).statusCode).toBe(422);
    // Another hiding action: the operator's organization, any member.
    expect((await call('GET', '/websites', 'operatorMember')).statusCode).toBe(200);
    expect(await codeOf(await call('GET', '/websites', 'admin'))).toEqual([404, 'not_found']);
  });

  it('a handler that reads a member its route does not declare fails loudly (500), never unchecked', async () => {
    expect((await call('GET', '/self/member', 'member')).statusCode).toBe(500);
  });

  it('HEAD twins of GET routes are gated like them', async () => {
    expect((await app.inject({ method: 'HEAD', url: '/org', headers: { 'x-caller': 'expired' } })).statusCode).toBe(403);
    expect((await app.inject({ method: 'HEAD', url: '/websites', headers: { 'x-caller': 'admin' } })).statusCode).toBe(404);
  });
});

describe('declarations', () => {
  it('a route without one is refused when it is registered, naming it', async () => {
    await expect(smallApp((app) => void app.get('/forgotten', async () => ({})))).rejects.toThrow(/GET \/forgotten declares no access/);
  });

  it('a declaration that is not one is refused', async () => {
    const bad: Record<string, unknown>[] = [
      { access: 'everyone' },
      { access: 'public', action: 'org.admin' },
      { access: 'operator', action: 'youtube.use' },
      { access: 'org', action: 'no.such' },
      { access: 'operator', closedWorkspace: 'allowed' },
    ];
    for (const config of bad) {
      expect(accessProblem(config as RouteAccess), JSON.stringify(config)).not.toBeNull();
      await expect(smallApp((app) => void app.get('/bad', { config: config as object }, async () => ({})))).rejects.toThrow(/GET \/bad /);
    }
  });

  it("a plugin's routes get the default it was registered with, and only they do", async () => {
    const plugin = async (scope: FastifyInstance) => {
      scope.get('/a', async () => ({}));
      await scope.register(async (inner) => void inner.get('/b', async () => ({})), { prefix: '/inner' });
    };
    const app = await smallApp(async (a) => {
      await registerWithAccess(a, PUBLIC, plugin, { prefix: '/plugin' });
      a.get('/declared', { config: SELF }, async () => ({}));
    });
    expect((await app.inject({ method: 'GET', url: '/plugin/inner/b' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/declared' })).statusCode).toBe(401);
    await app.close();
    await expect(
      smallApp(async (a) => {
        await registerWithAccess(a, PUBLIC, plugin, {});
        a.get('/after', async () => ({}));
      }),
    ).rejects.toThrow(/GET \/after declares no access/);
  });
});
