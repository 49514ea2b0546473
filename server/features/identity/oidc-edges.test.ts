import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../../common/messages.js';
import { oidcLogins } from '../../db/schema/accounts.js';
import { createTestContext, type TestContext } from '../../../test/helpers/app.js';
import type { FakeOidcProvider } from '../../../test/fakes/oidc-provider.js';
import { MAX_PENDING_OIDC_LOGINS, OIDC_LOGIN_TTL_MS } from './oidc.js';
import { OIDC_STARTS_PER_IP_PER_MINUTE } from './oidc-routes.js';
import { APP, LABEL, ssoError, useOidcSuite } from './oidc-setup.js';

/**
 * Single sign-on at its edges: logout, the bounds on starts, a provider that cannot be reached or
 * is not configured, hostile input. The code flow itself: oidc.test.ts.
 */

const suite = useOidcSuite();
let ctx: TestContext;
let idp: FakeOidcProvider;
beforeAll(() => {
  ({ ctx, idp } = suite);
});

describe('GET /api/p/oidc/logout', () => {
  it("sends the browser to the provider's end-session endpoint, returning to /authentication/basic/logout", async () => {
    const res = await ctx.call('GET', '/api/p/oidc/logout');
    expect(res.statusCode).toBe(302);
    const url = new URL(res.headers.location as string);
    expect(url.origin).toBe(idp.issuer);
    expect(url.searchParams.get('client_id')).toBe(idp.clientId);
    expect(url.searchParams.get('post_logout_redirect_uri')).toBe(`${APP}/authentication/basic/logout`);
    // The provider accepts it (an unregistered return address would answer 400).
    const page = await fetch(url, { redirect: 'manual' });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('logout');
  });
});

describe('starts are bounded (the start is public and writes a row)', () => {
  let bounded: TestContext;
  beforeAll(async () => {
    // Behind a proxy, so each test's requests come from an address of its own.
    bounded = await createTestContext({ PUBLIC_URL: APP, ...idp.env, OIDC_LABEL: LABEL, TRUST_PROXY: '1' });
  });
  afterAll(() => bounded?.close());
  const pending = async () => (await bounded.deps.db.select().from(oidcLogins)).length;
  const start = (ip: string) => bounded.call('GET', '/api/p/oidc/login', { headers: { 'x-forwarded-for': ip } });

  it('refuses a start past the pending-login cap with a message, and writes nothing', async () => {
    const later = new Date(Date.now() + OIDC_LOGIN_TTL_MS).toISOString();
    await bounded.deps.db.execute(sql`
      insert into oidc_logins (state, nonce, code_verifier, expires_at)
      select 'filler-' || g, 'n', 'v', ${later}::timestamptz from generate_series(1, ${MAX_PENDING_OIDC_LOGINS}) g`);
    const res = await start('198.51.100.1');
    expect(res.statusCode).toBe(302);
    expect(ssoError(res.headers.location as string)).toBe(MSG.oidc.tooManyPending);
    expect(await pending()).toBe(MAX_PENDING_OIDC_LOGINS);
    // Expired logins are swept by the next start, which then goes through.
    await bounded.deps.db.execute(sql`update oidc_logins set expires_at = now() - interval '1 second' where state like 'filler-%'`);
    expect(new URL((await start('198.51.100.1')).headers.location as string).origin).toBe(idp.issuer);
    expect(await pending()).toBe(1);
  });

  it('refuses the starts of one address past its allowance per minute, with a message', async () => {
    const before = await pending();
    for (let i = 0; i < OIDC_STARTS_PER_IP_PER_MINUTE; i++) {
      expect((await start('203.0.113.7')).headers.location).not.toMatch(/^\/login/);
    }
    const res = await start('203.0.113.7');
    expect(ssoError(res.headers.location as string)).toBe(MSG.oidc.tooManyFromHere);
    expect(await pending()).toBe(before + OIDC_STARTS_PER_IP_PER_MINUTE);
    // Another address is not held back by this one.
    expect(new URL((await start('203.0.113.8')).headers.location as string).origin).toBe(idp.issuer);
  });
});

describe('a provider that cannot be reached', () => {
  let down: TestContext;
  beforeAll(async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    down = await createTestContext({ OIDC_ISSUER: `http://127.0.0.1:${port}`, OIDC_CLIENT_ID: 'x', OIDC_LABEL: LABEL });
  });
  afterAll(() => down?.close());

  it('is still offered, and the login explains that it is unreachable', async () => {
    expect((await down.call('GET', '/api/p/oidc')).json().data.attributes.enabled).toBe(true);
    const res = await down.call('GET', '/api/p/oidc/login');
    expect(res.statusCode).toBe(302);
    expect(ssoError(res.headers.location as string)).toBe(MSG.oidc.unreachable(LABEL));
  });

  it('logs out locally only', async () => {
    const res = await down.call('GET', '/api/p/oidc/logout');
    expect(res.headers.location).toBe('/authentication/basic/logout');
  });
});

describe('without OIDC settings', () => {
  let plain: TestContext;
  beforeAll(async () => {
    plain = await createTestContext();
  });
  afterAll(() => plain?.close());

  it('says it is not offered, and the login explains why', async () => {
    expect((await plain.call('GET', '/api/p/oidc')).json().data.attributes).toEqual({
      enabled: false,
      label: 'Single sign-on',
      login_url: '/api/p/oidc/login',
    });
    const res = await plain.call('GET', '/api/p/oidc/login');
    expect(ssoError(res.headers.location as string)).toBe(MSG.oidc.notConfigured);
    expect((await plain.call('GET', '/api/p/oidc/callback?code=x&state=y')).headers.location).toMatch(/^\/login\?sso_error=/);
  });
});

describe('hostile input', () => {
  it('never answers a 5xx, and every 4xx is a JSON:API error document', async () => {
    const value = fc.oneof(fc.string(), fc.string({ unit: 'binary', maxLength: 300 }), fc.constantFrom('//evil', '/\\x', '%00', '%ZZ', 'a'.repeat(10_000)));
    const routes = ['/api/p/oidc', '/api/p/oidc/login', '/api/p/oidc/callback', '/api/p/oidc/logout'];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...routes),
        fc.array(fc.tuple(fc.constantFrom('return_to', 'state', 'code', 'error', 'iss', 'x'), value), { maxLength: 4 }),
        async (route, pairs) => {
          const query = pairs.map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('&');
          const res = await ctx.call('GET', `${route}?${query}`);
          expect(res.statusCode).toBeLessThan(500);
          if (res.statusCode >= 400) expect(res.json().errors[0].status).toBe(String(res.statusCode));
        },
      ),
      { numRuns: 150, seed: 20261124 },
    );
  });
});
