import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../../common/messages.js';
import { oidcLogins, userIdentities } from '../../db/schema/accounts.js';
import { createTestContext, type TestContext } from '../../../test/helpers/app.js';
import { makeUser } from '../../../test/helpers/factories.js';
import { startFakeOidcProvider, type FakeOidcProvider } from '../../../test/fakes/oidc-provider.js';
import { APP, LABEL, ssoError, useOidcSuite } from './oidc-setup.js';

/** Single sign-on: the code flow, its state and the browser that started it. Its edges: oidc-edges.test.ts. */

const suite = useOidcSuite();
let ctx: TestContext;
let idp: FakeOidcProvider;
beforeAll(() => {
  ({ ctx, idp } = suite);
});

/** GET /api/p/oidc/login: the provider's authorization URL it redirects to. */
async function startLogin(c: TestContext = ctx, returnTo?: string): Promise<URL> {
  const res = await c.call('GET', `/api/p/oidc/login${returnTo === undefined ? '' : `?return_to=${encodeURIComponent(returnTo)}`}`);
  expect(res.statusCode).toBe(302);
  return new URL(res.headers.location as string);
}

let lastCallback: { ctx: TestContext; handoff: string | null } | null = null;

const setCookies = (res: { headers: Record<string, unknown> }) => ([] as string[]).concat((res.headers['set-cookie'] as string | string[] | undefined) ?? []);
const cookieValue = (res: { headers: Record<string, unknown> }, name: string) => {
  const found = setCookies(res)
    .filter((c) => c.startsWith(`${name}=`))
    .pop();
  return found ? found.slice(name.length + 1).split(';')[0] || null : null;
};

/**
 * The app's answer to the provider's redirect back, from the browser that started that login
 * (it holds the login's state cookie) unless `stateCookie` says otherwise (null: none).
 */
async function callback(url: URL, c: TestContext = ctx, opts: { stateCookie?: string | null } = {}) {
  expect(url.origin + url.pathname).toBe(`${APP}/api/p/oidc/callback`);
  const stateCookie = opts.stateCookie === undefined ? url.searchParams.get('state') : opts.stateCookie;
  const res = await c.call('GET', url.pathname + url.search, { headers: stateCookie ? { cookie: `cw_sso_state=${stateCookie}` } : {} });
  expect(res.statusCode).toBe(302);
  lastCallback = { ctx: c, handoff: cookieValue(res, 'cw_sso_handoff') };
  return res.headers.location as string;
}

/** What /loading/callback does with a successful callback: takes the session with the hand-off cookie. */
async function fragmentOf(location: string) {
  expect(location.startsWith('/loading/callback#')).toBe(true);
  const fragment = new URLSearchParams(location.split('#')[1]);
  expect(fragment.get('sso')).toBe('1');
  expect(fragment.has('token')).toBe(false);
  const { ctx: c, handoff } = lastCallback!;
  expect(handoff).toMatch(/^[\w-]{43}$/);
  const res = await c.call('POST', '/api/p/oidc/session', { headers: { cookie: `cw_sso_handoff=${handoff}` } });
  expect(res.statusCode, res.body).toBe(200);
  const { token, expires_at } = res.json().data.attributes;
  fragment.set('token', token);
  fragment.set('expires_at', expires_at);
  return fragment;
}

async function signInAs(email: string, returnTo?: string) {
  return callback(await idp.signIn((await startLogin(ctx, returnTo)).href, { email }));
}

describe('GET /api/p/oidc', () => {
  it('says single sign-on is offered, with its label and login address', async () => {
    const res = await ctx.call('GET', '/api/p/oidc');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { type: 'oidc', id: 'oidc', attributes: { enabled: true, label: LABEL, login_url: '/api/p/oidc/login' } } });
  });
});

describe('GET /api/p/oidc/login', () => {
  it('redirects to the authorization endpoint with state, nonce and an S256 PKCE challenge, kept for ten minutes', async () => {
    const before = Date.now();
    const url = await startLogin(ctx, '/projects');
    expect(url.origin).toBe(idp.issuer);
    const p = url.searchParams;
    expect(p.get('response_type')).toBe('code');
    expect(p.get('client_id')).toBe(idp.clientId);
    expect(p.get('redirect_uri')).toBe(`${APP}/api/p/oidc/callback`);
    expect(p.get('scope')).toBe('openid email profile');
    expect(p.get('code_challenge_method')).toBe('S256');
    expect(p.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    const [row] = await ctx.deps.db
      .select()
      .from(oidcLogins)
      .where(eq(oidcLogins.state, p.get('state')!));
    expect(row).toMatchObject({ nonce: p.get('nonce'), returnTo: '/projects' });
    // The verifier stays here: only its hash travelled.
    expect(p.get('code_challenge')).not.toBe(row.codeVerifier);
    expect(row.expiresAt.getTime() - before).toBeGreaterThanOrEqual(10 * 60_000 - 1000);
    expect(row.expiresAt.getTime() - before).toBeLessThanOrEqual(10 * 60_000 + 5000);
  });

  it.each(['//evil.test/x', 'https://evil.test/', '/\\evil.test', 'projects', '/ok path', '/tab\there'])(
    'refuses return_to=%s (no open redirect)',
    async (returnTo) => {
      const res = await ctx.call('GET', `/api/p/oidc/login?return_to=${encodeURIComponent(returnTo)}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[0]).toMatchObject({ code: 'bad_request', detail: MSG.oidc.returnTo, source: { parameter: 'return_to' } });
    },
  );
});

describe('the code flow through the provider', () => {
  it('signs a verified address into its local account, links the identity, and returns to return_to', async () => {
    const alice = await makeUser(ctx, { email: 'Alice@Example.test', name: 'Alice Local' });
    const location = await signInAs('alice@example.test', '/projects?tab=all');
    const fragment = await fragmentOf(location);
    expect(fragment.get('return_to')).toBe('/projects?tab=all');
    expect(new Date(fragment.get('expires_at')!).getTime()).toBeGreaterThan(Date.now());
    const me = await ctx.call('GET', '/api/user', { token: fragment.get('token')! });
    expect(me.statusCode).toBe(200);
    expect(me.json().data.id).toBe(String(alice.user.id));
    const links = await ctx.deps.db.select().from(userIdentities).where(eq(userIdentities.userId, alice.user.id));
    expect(links).toHaveLength(1);
    expect(links[0]).toMatchObject({ issuer: idp.issuer, subject: 'sub-alice', email: 'alice@example.test' });
    expect(links[0].lastLoginAt).toBeInstanceOf(Date);
  });

  it('finds a linked identity by issuer and subject even after the address changed at the provider', async () => {
    const erin = await makeUser(ctx, { email: 'erin@example.test' });
    await fragmentOf(await signInAs('erin@example.test'));
    const account = idp.accounts.find((a) => a.sub === 'sub-erin')!;
    account.email = 'erin.new@example.test';
    account.emailVerified = false; // linking is done: the address no longer matters
    const fragment = await fragmentOf(await signInAs('erin.new@example.test'));
    expect(fragment.get('return_to')).toBeNull();
    const me = await ctx.call('GET', '/api/user', { token: fragment.get('token')! });
    expect(me.json().data.id).toBe(String(erin.user.id));
    const [link] = await ctx.deps.db.select().from(userIdentities).where(eq(userIdentities.subject, 'sub-erin'));
    expect(link).toMatchObject({ userId: erin.user.id, email: 'erin.new@example.test' });
  });

  it('never links an address the provider has not verified', async () => {
    const bob = await makeUser(ctx, { email: 'bob@example.test' });
    expect(ssoError(await signInAs('bob@example.test'))).toBe(MSG.oidc.unverifiedEmail('bob@example.test'));
    expect(await ctx.deps.db.select().from(userIdentities).where(eq(userIdentities.userId, bob.user.id))).toEqual([]);
  });

  it('does not link to a local account that never confirmed its address (a pre-registered account cannot be taken over)', async () => {
    const dave = await makeUser(ctx, { email: 'dave@example.test', verified: false });
    expect(ssoError(await signInAs('dave@example.test'))).toBe(MSG.oidc.accountUnverified('dave@example.test'));
    expect(await ctx.deps.db.select().from(userIdentities).where(eq(userIdentities.userId, dave.user.id))).toEqual([]);
  });

  it('creates no account for an unknown address', async () => {
    expect(ssoError(await signInAs('carol@example.test'))).toBe(MSG.oidc.noAccount('carol@example.test'));
    expect(await ctx.deps.db.select().from(userIdentities).where(eq(userIdentities.subject, 'sub-carol'))).toEqual([]);
  });

  it('explains that a provider sharing no address cannot be matched', async () => {
    expect(ssoError(await signInAs('sub-ghost'))).toBe(MSG.oidc.noEmail(LABEL));
  });

  it('explains a sign-in cancelled at the provider', async () => {
    const back = await idp.signIn((await startLogin()).href, 'cancel');
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(ssoError(await callback(back))).toBe(MSG.oidc.refused(LABEL));
  });
});

describe('a provider that puts the address in the ID token', () => {
  let idp2: FakeOidcProvider;
  let ctx2: TestContext;
  beforeAll(async () => {
    idp2 = await startFakeOidcProvider({ appOrigin: APP, claimsInIdToken: true, accounts: [{ sub: 'gina', email: 'gina@example.test', emailVerified: true }] });
    ctx2 = await createTestContext({ PUBLIC_URL: APP, ...idp2.env });
  });
  afterAll(async () => {
    await ctx2?.close();
    await idp2?.close();
  });

  it('signs in the same way', async () => {
    const gina = await makeUser(ctx2, { email: 'gina@example.test' });
    const back = await idp2.signIn((await startLogin(ctx2)).href, { email: 'gina@example.test' });
    const fragment = await fragmentOf(await callback(back, ctx2));
    expect((await ctx2.call('GET', '/api/user', { token: fragment.get('token')! })).json().data.id).toBe(String(gina.user.id));
  });
});

describe('state', () => {
  it('is single use: replaying the provider redirect is refused', async () => {
    await makeUser(ctx, { email: 'frank@example.test' });
    const back = await idp.signIn((await startLogin()).href, { email: 'frank@example.test' });
    await fragmentOf(await callback(back));
    expect(ssoError(await callback(back))).toBe(MSG.oidc.loginExpired);
  });

  it('is refused when unknown (tampered) or missing, and the pending login is untouched', async () => {
    const back = await idp.signIn((await startLogin()).href, { email: 'frank@example.test' });
    const state = back.searchParams.get('state')!;
    const tampered = new URL(back);
    tampered.searchParams.set('state', `${state}x`);
    expect(ssoError(await callback(tampered))).toBe(MSG.oidc.loginExpired);
    const missing = new URL(back);
    missing.searchParams.delete('state');
    expect(ssoError(await callback(missing))).toBe(MSG.oidc.loginExpired);
    const hostile = new URL(back);
    hostile.searchParams.set('state', `${state}\ud800${'x'.repeat(5000)}`);
    expect(ssoError(await callback(hostile))).toBe(MSG.oidc.loginExpired);
    expect(await ctx.deps.db.select().from(oidcLogins).where(eq(oidcLogins.state, state))).toHaveLength(1);
    await fragmentOf(await callback(back));
  });

  it('is refused after ten minutes, and deleted', async () => {
    const back = await idp.signIn((await startLogin()).href, { email: 'frank@example.test' });
    const state = back.searchParams.get('state')!;
    await ctx.deps.db
      .update(oidcLogins)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(oidcLogins.state, state));
    expect(ssoError(await callback(back))).toBe(MSG.oidc.loginExpired);
    expect(await ctx.deps.db.select().from(oidcLogins).where(eq(oidcLogins.state, state))).toEqual([]);
  });

  it("cannot redeem another login's code: the PKCE verifier of the state's own login does not match", async () => {
    const first = (await startLogin()).searchParams.get('state')!;
    const back = await idp.signIn((await startLogin()).href, { email: 'frank@example.test' });
    const swapped = new URL(back);
    swapped.searchParams.set('state', first);
    expect(ssoError(await callback(swapped))).toBe(MSG.oidc.invalidAnswer(LABEL));
  });
});

describe('the browser that started the login', () => {
  it('holds the state in an HttpOnly, SameSite=Lax cookie scoped to the single sign-on routes', async () => {
    const res = await ctx.call('GET', '/api/p/oidc/login');
    const state = new URL(res.headers.location as string).searchParams.get('state');
    const set = setCookies(res).find((c) => c.startsWith('cw_sso_state='))!;
    expect(set).toContain(`cw_sso_state=${state};`);
    expect(set).toMatch(/; Path=\/api\/p\/oidc; Max-Age=600; HttpOnly; SameSite=Lax$/); // Secure only behind https
  });

  it("refuses a callback opened in another browser (no state cookie, or another login's), and the login stays its own", async () => {
    await makeUser(ctx, { email: 'hana@example.test' });
    const back = await idp.signIn((await startLogin()).href, { email: 'hana@example.test' });
    expect(ssoError(await callback(back, ctx, { stateCookie: null }))).toBe(MSG.oidc.loginExpired);
    expect(ssoError(await callback(back, ctx, { stateCookie: 'someone-elses-state' }))).toBe(MSG.oidc.loginExpired);
    expect(lastCallback!.handoff).toBeNull();
    const fragment = await fragmentOf(await callback(back));
    expect(fragment.get('token')).toBeTruthy();
  });

  it('takes the session once, only with the hand-off cookie; the callback puts no session in the address', async () => {
    await makeUser(ctx, { email: 'ivan@example.test' });
    const location = await signInAs('ivan@example.test');
    expect(location).not.toMatch(/token=/);
    const handoff = lastCallback!.handoff!;
    const first = await ctx.call('POST', '/api/p/oidc/session', { headers: { cookie: `cw_sso_handoff=${handoff}` } });
    expect(first.statusCode).toBe(200);
    expect(cookieValue(first, 'cw_sso_handoff')).toBeNull(); // cleared
    const again = await ctx.call('POST', '/api/p/oidc/session', { headers: { cookie: `cw_sso_handoff=${handoff}` } });
    expect(again.statusCode).toBe(401);
    expect(again.json().errors[0].detail).toBe(MSG.oidc.loginExpired);
    expect((await ctx.call('POST', '/api/p/oidc/session')).statusCode).toBe(401);
    expect((await ctx.call('POST', '/api/p/oidc/session', { headers: { cookie: 'cw_sso_handoff=x' } })).statusCode).toBe(401);
  });
});
