import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../../common/messages.js';
import { createTestContext, type TestContext } from '../../../test/helpers/app.js';
import { makeUser, TEST_PASSWORD } from '../../../test/helpers/factories.js';
import { RESETS_PER_ADDRESS_PER_HOUR, VERIFICATIONS_PER_USER_PER_HOUR } from './recovery-routes.js';
import { hashToken } from './service.js';

let ctx: TestContext;
beforeAll(async () => {
  // Callers are told apart by X-Forwarded-For, so that the per-address limiter is tested on purpose only.
  ctx = await createTestContext({ PUBLIC_URL: 'https://cw.example.test/', TRUST_PROXY: 'true' });
});
afterAll(async () => {
  await ctx?.close();
});

let seq = 0;
const address = (label: string) => `${label}-${Date.now().toString(36)}-${seq++}@example.test`;
/** Each test calls from its own address, so the per-address limiter of one test never meets another's. */
const fromIp = () => ({ 'x-forwarded-for': `198.51.100.${seq++ % 250}` });

const requestReset = (email: unknown, headers: Record<string, string> = {}) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/p/password_reset',
    headers: { 'content-type': 'application/json', ...headers },
    payload: JSON.stringify({ email }),
  });

async function mailsTo(email: string) {
  const { rows } = await ctx.deps.pool.query<{ subject: string; text_body: string; html_body: string; organization_id: number | null }>(
    'select subject, text_body, html_body, organization_id from mail_outbox where lower(to_address) = lower($1) order by id',
    [email],
  );
  return rows;
}

/** The token of the last link of `kind` e-mailed to `email`. */
async function linkToken(email: string, path: 'reset-password' | 'verify-email'): Promise<string> {
  const mails = await mailsTo(email);
  const m = new RegExp(`https://cw\\.example\\.test/${path}/([A-Za-z0-9_-]{43})`).exec(mails.at(-1)?.text_body ?? '');
  expect(m, `a ${path} link was mailed to ${email}`).not.toBeNull();
  return m![1];
}

const login = (email: string, password: string) => ctx.call('POST', '/api/auth/login', { body: { email, password }, headers: fromIp() });

describe('POST /api/p/password_reset', () => {
  it('answers the same for an address with an account and one without, and mails only the account', async () => {
    const { user } = await makeUser(ctx, { email: address('known') });
    const unknown = address('nobody');
    const known = await requestReset(user.email.toUpperCase(), fromIp());
    const none = await requestReset(unknown, fromIp());
    expect(known.statusCode).toBe(202);
    expect(none.statusCode).toBe(202);
    expect(known.body).toBe(none.body);
    expect(known.json()).toEqual({ meta: { message: MSG.identity.resetRequested } });
    expect(await mailsTo(unknown)).toHaveLength(0);
    const [mail] = await mailsTo(user.email);
    expect(mail.subject).toBe(MSG.identity.resetSubject);
    expect(mail.text_body).toContain('30 minutes');
    expect(mail.text_body).toContain("If it wasn't you, ignore this e-mail");
    // Not in the organization's outbox, where admins could read a member's link.
    expect(mail.organization_id).toBeNull();
    const { rows } = await ctx.deps.pool.query('select kind, email, token_hash, expires_at - inserted_at as ttl from user_tokens where user_id = $1', [
      user.id,
    ]);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: 'password_reset', email: user.email, token_hash: hashToken(await linkToken(user.email, 'reset-password')) });
    expect(rows[0].ttl).toMatchObject({ minutes: 30 });
  });

  it('escapes the name in the HTML part', async () => {
    const { user } = await makeUser(ctx, { email: address('html'), name: '<img src=x onerror=alert(1)>' });
    await requestReset(user.email, fromIp());
    const [mail] = await mailsTo(user.email);
    expect(mail.html_body).not.toContain('<img');
    expect(mail.html_body).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });

  it('reads the JSON:API form too and refuses a bad address with a pointer', async () => {
    const { user } = await makeUser(ctx, { email: address('wrapped') });
    const res = await ctx.call('POST', '/api/p/password_reset', {
      body: { data: { type: 'password_reset', attributes: { email: user.email } } },
      headers: fromIp(),
    });
    expect(res.statusCode).toBe(202);
    expect(await mailsTo(user.email)).toHaveLength(1);
    for (const bad of ['not an address', '', 42, null, 'a'.repeat(300) + '@example.test']) {
      const r = await requestReset(bad, fromIp());
      expect(r.statusCode, JSON.stringify(bad)).toBe(422);
      expect(r.json().errors[0].source.pointer).toBe('/email');
    }
    const noBody = await ctx.app.inject({ method: 'POST', url: '/api/p/password_reset', headers: fromIp() });
    expect(noBody.statusCode).toBeLessThan(500);
  });

  it('limits requests per address, known or not, with the same 429', async () => {
    const { user } = await makeUser(ctx, { email: address('limited') });
    const unknown = address('limited-nobody');
    for (let i = 0; i < RESETS_PER_ADDRESS_PER_HOUR; i++) {
      expect((await requestReset(user.email, fromIp())).statusCode).toBe(202);
      expect((await requestReset(unknown, fromIp())).statusCode).toBe(202);
    }
    const a = await requestReset(user.email, fromIp());
    const b = await requestReset(unknown, fromIp());
    expect(a.statusCode).toBe(429);
    expect(b.statusCode).toBe(429);
    expect(a.body).toBe(b.body);
    expect(a.json().errors[0]).toMatchObject({ status: '429', code: 'rate_limited', detail: MSG.identity.resetRateLimited });
    expect(await mailsTo(user.email)).toHaveLength(RESETS_PER_ADDRESS_PER_HOUR);
  });

  it('limits requests per caller address across e-mails', async () => {
    const ip = { 'x-forwarded-for': '203.0.113.77' };
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) statuses.push((await requestReset(address('spray'), ip)).statusCode);
    expect(statuses.slice(0, 20).every((s) => s === 202)).toBe(true);
    expect(statuses[20]).toBe(429);
  });
});

describe('POST /api/p/password_reset/{token}', () => {
  const reset = (token: string, body: unknown) => ctx.call('POST', `/api/p/password_reset/${encodeURIComponent(token)}`, { body });

  it('sets the password once, ends every session, confirms the address and signs the person in', async () => {
    const { user, token: oldSession } = await makeUser(ctx, { email: address('reset'), verified: false });
    const { token: otherSession } = await (async () => {
      const r = await login(user.email, TEST_PASSWORD);
      return { token: r.json().data.attributes.token as string };
    })();
    expect((await ctx.call('GET', '/api/user', { token: oldSession })).statusCode).toBe(200);
    await requestReset(user.email, fromIp());
    const token = await linkToken(user.email, 'reset-password');

    const res = await reset(token, { password: 'a brand new secret' });
    expect(res.statusCode).toBe(200);
    const session = res.json().data;
    expect(session.type).toBe('session');
    for (const old of [oldSession, otherSession]) expect((await ctx.call('GET', '/api/user', { token: old })).statusCode).toBe(401);
    const me = await ctx.call('GET', '/api/user', { token: session.attributes.token });
    expect(me.statusCode).toBe(200);
    expect(me.json().data.attributes.email_verified).toBe(true);

    expect((await login(user.email, TEST_PASSWORD)).statusCode).toBe(401);
    expect((await login(user.email, 'a brand new secret')).statusCode).toBe(200);

    const again = await reset(token, { password: 'yet another secret' });
    expect(again.statusCode).toBe(410);
    expect(again.json().errors[0]).toMatchObject({ code: 'gone', detail: MSG.identity.resetLinkExpired, source: { pointer: '/token' } });
    expect((await login(user.email, 'yet another secret')).statusCode).toBe(401);
  });

  it('refuses an expired link, an earlier link once a newer one is sent, and an unknown one', async () => {
    const { user } = await makeUser(ctx, { email: address('expiry') });
    await requestReset(user.email, fromIp());
    const first = await linkToken(user.email, 'reset-password');
    await requestReset(user.email, fromIp());
    const second = await linkToken(user.email, 'reset-password');
    expect(first).not.toBe(second);
    expect((await reset(first, { password: 'a brand new secret' })).statusCode).toBe(410);

    await ctx.deps.pool.query(`update user_tokens set expires_at = now() - interval '1 second' where token_hash = $1`, [hashToken(second)]);
    const expired = await reset(second, { password: 'a brand new secret' });
    expect(expired.statusCode).toBe(410);
    expect(expired.json().errors[0].source.pointer).toBe('/token');

    for (const unknown of ['x'.repeat(43), 'nope', '%00', 'a'.repeat(100)]) {
      const r = await reset(unknown, { password: 'a brand new secret' });
      expect(r.statusCode, unknown).toBe(404);
      expect(r.json().errors[0]).toMatchObject({ detail: MSG.identity.resetLinkUnknown, source: { pointer: '/token' } });
    }
    // Longer than any route parameter may be: refused by the router, still a JSON:API 4xx.
    const long = await reset('a'.repeat(5000), { password: 'a brand new secret' });
    expect(long.statusCode).toBe(414);
    expect(long.json().errors).toHaveLength(1);
    expect((await login(user.email, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('applies the sign-up password rules and keeps the link usable after a refusal', async () => {
    const { user } = await makeUser(ctx, { email: address('rules') });
    await requestReset(user.email, fromIp());
    const token = await linkToken(user.email, 'reset-password');
    for (const [body, detail] of [
      [{ password: 'short' }, MSG.validation.passwordLength],
      [{ password: '' }, MSG.validation.passwordRequired],
      [{}, MSG.validation.passwordRequired],
      [{ password: 12345678 }, MSG.validation.passwordRequired],
      [{ password: 'x'.repeat(1000) }, MSG.validation.passwordLength],
    ] as const) {
      const r = await reset(token, body);
      expect(r.statusCode, JSON.stringify(body)).toBe(422);
      expect(r.json().errors[0]).toMatchObject({ detail, source: { pointer: '/password' } });
    }
    expect((await reset(token, { data: { type: 'password_reset', attributes: { password: 'long enough now' } } })).statusCode).toBe(200);
  });

  it('ends a lock-out by failed logins: the person proved they own the address', async () => {
    const { user } = await makeUser(ctx, { email: address('locked') });
    // Guessers from many addresses paused the account (login's per-e-mail ceiling).
    await ctx.deps.pool.query(`insert into login_failures (email, ip) select $1, '192.0.2.' || (i % 200) from generate_series(1, $2::int) i`, [
      user.email,
      ctx.config.loginMaxFailures * 10,
    ]);
    expect((await login(user.email, TEST_PASSWORD)).statusCode).toBe(429);
    await requestReset(user.email, fromIp());
    expect((await reset(await linkToken(user.email, 'reset-password'), { password: 'a brand new secret' })).statusCode).toBe(200);
    expect((await login(user.email, 'a brand new secret')).statusCode).toBe(200);
  });

  it('refuses a link sent to an address the account no longer uses', async () => {
    const { user } = await makeUser(ctx, { email: address('moved') });
    await requestReset(user.email, fromIp());
    const token = await linkToken(user.email, 'reset-password');
    await ctx.deps.pool.query('update users set email = $1 where id = $2', [address('moved-to'), user.id]);
    expect((await reset(token, { password: 'a brand new secret' })).statusCode).toBe(410);
  });
});

describe('e-mail verification', () => {
  const verify = (token: string) => ctx.app.inject({ method: 'POST', url: `/api/p/verify_email/${encodeURIComponent(token)}` });

  it('sends a link to a signed-in unverified user, confirms the address once, then refuses more', async () => {
    const { user, token: session } = await makeUser(ctx, { email: address('verify'), verified: false });
    expect((await ctx.call('GET', '/api/user', { token: session })).json().data.attributes.email_verified).toBe(false);

    const sent = await ctx.call('POST', '/api/verify_email', { token: session });
    expect(sent.statusCode).toBe(202);
    expect(sent.json().meta.message).toBe(MSG.identity.verificationSent(user.email));
    const [mail] = await mailsTo(user.email);
    expect(mail.subject).toBe(MSG.identity.verifySubject);
    expect(mail.organization_id).toBeNull();
    const token = await linkToken(user.email, 'verify-email');

    const res = await verify(token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      data: { type: 'email_verification', id: String(user.id), attributes: { email: user.email } },
      meta: { message: MSG.identity.emailVerified },
    });
    expect((await ctx.call('GET', '/api/user', { token: session })).json().data.attributes.email_verified).toBe(true);

    expect((await verify(token)).statusCode).toBe(410);
    const more = await ctx.call('POST', '/api/verify_email', { token: session });
    expect(more.statusCode).toBe(409);
    expect(more.json().errors[0].detail).toBe(MSG.identity.alreadyVerified);
    expect((await ctx.call('POST', '/api/verify_email')).statusCode).toBe(401);
  });

  it('ignores a link once the account uses another address, and an unknown link', async () => {
    const { user, token: session } = await makeUser(ctx, { email: address('changed'), verified: false });
    await ctx.call('POST', '/api/verify_email', { token: session });
    const token = await linkToken(user.email, 'verify-email');
    await ctx.deps.pool.query('update users set email = $1 where id = $2', [address('changed-to'), user.id]);
    const res = await verify(token);
    expect(res.statusCode).toBe(410);
    expect(res.json().errors[0]).toMatchObject({ detail: MSG.identity.verifyEmailChanged, source: { pointer: '/token' } });
    expect((await ctx.call('GET', '/api/user', { token: session })).json().data.attributes.email_verified).toBe(false);
    expect((await verify('x'.repeat(43))).statusCode).toBe(404);
    // A reset token is not a verification token.
    await requestReset((await ctx.deps.pool.query('select email from users where id = $1', [user.id])).rows[0].email, fromIp());
    const { rows } = await ctx.deps.pool.query<{ n: number }>(`select count(*)::int as n from user_tokens where user_id = $1 and kind = 'password_reset'`, [
      user.id,
    ]);
    expect(rows[0].n).toBe(1);
  });

  it('limits how many links a user may ask for', async () => {
    const { token: session } = await makeUser(ctx, { email: address('resend'), verified: false });
    for (let i = 0; i < VERIFICATIONS_PER_USER_PER_HOUR; i++) expect((await ctx.call('POST', '/api/verify_email', { token: session })).statusCode).toBe(202);
    const res = await ctx.call('POST', '/api/verify_email', { token: session });
    expect(res.statusCode).toBe(429);
    expect(res.json().errors[0].detail).toBe(MSG.identity.verificationRateLimited);
  });
});
