import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import net from 'node:net';
import { SignJWT } from 'jose';
import { solveChallenge } from 'altcha-lib/v1';
import { buildApp, toErrorDocument } from '../app.js';
import { createTestContext, type TestContext } from '../../test/helpers/app.js';
import { makeClient, makeOrg, makeProject, makeTag, makeUpload, makeUser, TEST_PASSWORD } from '../../test/helpers/factories.js';
import { MSG } from '../../common/messages.js';

/** Issue 11: the hostile requests of the security review, one by one (the fuzz suite walks the rest). */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ LOGIN_MAX_FAILURES: '3' });
});
afterAll(() => ctx?.close());

const login = (email: string, password: string, remoteAddress = '203.0.113.7', headers: Record<string, string> = {}) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    remoteAddress,
    headers: { 'content-type': 'application/json', ...headers },
    payload: { email, password },
  });

describe('tokens', () => {
  it('a correctly signed token whose sid is not a UUID is 401, not a query error', async () => {
    const token = await new SignJWT({ sid: "x' or 1=1" })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('1')
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode(ctx.config.jwtSecret!));
    const res = await ctx.call('GET', '/api/projects', { token });
    expect(res.statusCode).toBe(401);
    expect(res.json().errors[0].code).toBe('unauthorized');
  });
});

describe('login limits', () => {
  it('believes no X-Forwarded-For by default: varying it does not get around the limit', async () => {
    const { user } = await makeUser(ctx);
    const codes: number[] = [];
    for (let i = 0; i < 5; i++) codes.push((await login(user.email, 'wrong password', '198.51.100.1', { 'x-forwarded-for': `10.0.0.${i}` })).statusCode);
    expect(codes).toEqual([401, 401, 401, 429, 429]);
  });

  it('a stranger failing from one address does not lock the user out from theirs', async () => {
    const { user } = await makeUser(ctx);
    for (let i = 0; i < 3; i++) expect((await login(user.email, 'guess', '198.51.100.2')).statusCode).toBe(401);
    expect((await login(user.email, 'guess', '198.51.100.2')).statusCode).toBe(429);
    const own = await login(user.email, TEST_PASSWORD, '192.0.2.55');
    expect(own.statusCode).toBe(200);
  });

  it('one address spraying many accounts is stopped; many addresses guessing one account pause it', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 13; i++) codes.push((await login(`nobody-${i}@example.test`, 'guess', '198.51.100.3')).statusCode);
    expect(codes.slice(0, 12).every((c) => c === 401)).toBe(true);
    expect(codes[12]).toBe(429); // 4 × LOGIN_MAX_FAILURES per address
    const { user } = await makeUser(ctx);
    for (let a = 0; a < 10; a++) for (let i = 0; i < 3; i++) await login(user.email, 'guess', `198.51.101.${a}`);
    const res = await login(user.email, TEST_PASSWORD, '192.0.2.99'); // 10 × LOGIN_MAX_FAILURES over all addresses
    expect(res.statusCode).toBe(429);
    expect(res.json().errors[0].detail).toBe(MSG.auth.tooManyAttempts);
  });

  it('past an address’s limits the right password still logs in with a solved captcha; a paused account does not', async () => {
    const solve = async () => {
      const ch = (await ctx.call('GET', '/api/p/captcha')).json();
      const solution = await solveChallenge(ch.challenge, ch.salt, ch.algorithm, ch.maxnumber).promise;
      return Buffer.from(
        JSON.stringify({ algorithm: ch.algorithm, challenge: ch.challenge, number: solution!.number, salt: ch.salt, signature: ch.signature }),
      ).toString('base64');
    };
    // Everyone behind one proxy (TRUST_PROXY unset): someone sprays 12 accounts from the shared address.
    const shared = '198.51.100.77';
    for (let i = 0; i < 12; i++) await login(`sprayed-${i}@example.test`, 'guess', shared);
    const { user } = await makeUser(ctx);
    const blocked = await login(user.email, TEST_PASSWORD, shared);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().errors[0]).toMatchObject({ detail: MSG.auth.captchaRequired, source: { pointer: '/altcha' } });
    const altcha = await solve();
    const ok = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: shared,
      payload: { email: user.email, password: TEST_PASSWORD, altcha },
    });
    expect(ok.statusCode).toBe(200);
    // A solution is spent once; a wrong password with a fresh one is a plain 401 (and still counted).
    const again = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: shared,
      payload: { email: user.email, password: TEST_PASSWORD, altcha },
    });
    expect(again.statusCode).toBe(429);
    const wrong = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: shared,
      payload: { email: user.email, password: 'not it', altcha: await solve() },
    });
    expect(wrong.statusCode).toBe(401);
    // An account guessed at from ten addresses is paused for everyone, captcha or not.
    const { user: target } = await makeUser(ctx);
    for (let a = 0; a < 10; a++) for (let i = 0; i < 3; i++) await login(target.email, 'guess', `198.51.102.${a}`);
    const paused = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: '192.0.2.200',
      payload: { email: target.email, password: TEST_PASSWORD, altcha: await solve() },
    });
    expect(paused.statusCode).toBe(429);
    expect(paused.json().errors[0].detail).toBe(MSG.auth.tooManyAttempts);
  });

  it('says once, in the log, that requests carry X-Forwarded-For while TRUST_PROXY is off', async () => {
    const lines: { level: number; msg: string }[] = [];
    const stream = { write: (line: string) => void lines.push(JSON.parse(line)) };
    const app = await buildApp(ctx.deps, { logger: { level: 'warn', stream }, serveWeb: false });
    try {
      await app.inject({ method: 'GET', url: '/api/health' });
      expect(lines).toEqual([]);
      for (let i = 0; i < 3; i++) await app.inject({ method: 'GET', url: '/api/health', headers: { 'x-forwarded-for': `203.0.113.${i}` } });
      const warnings = lines.filter((l) => /X-Forwarded-For but TRUST_PROXY is off/.test(l.msg));
      expect(warnings).toHaveLength(1);
      expect(warnings[0].level).toBe(40);
    } finally {
      await app.close();
    }
  });

  it('TRUST_PROXY=1 takes the address the nearest proxy saw', async () => {
    const proxied = await createTestContext({ TRUST_PROXY: '1', LOGIN_MAX_FAILURES: '2' });
    try {
      const send = (xff: string) =>
        proxied.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          remoteAddress: '127.0.0.1',
          headers: { 'x-forwarded-for': xff },
          payload: { email: 'a@example.test', password: 'x' },
        });
      expect([(await send('203.0.113.1')).statusCode, (await send('203.0.113.1')).statusCode, (await send('203.0.113.1')).statusCode]).toEqual([401, 401, 429]);
      expect((await send('203.0.113.2')).statusCode).toBe(401);
    } finally {
      await proxied.close();
    }
  });
});

describe('error documents', () => {
  it('431 (headers too large) answers a JSON:API document on the socket', async () => {
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = ctx.app.server.address() as net.AddressInfo;
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.write(`GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(40_000)}\r\n\r\n`);
      });
      let data = '';
      socket.on('data', (d) => (data += d.toString()));
      socket.on('end', () => resolve(data));
      socket.on('close', () => resolve(data));
      socket.on('error', reject);
    });
    expect(raw).toMatch(/^HTTP\/1\.1 431 /);
    expect(raw).toContain('content-type: application/vnd.api+json'.replace('content-type', 'Content-Type'));
    const body = JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4));
    expect(body.errors[0]).toMatchObject({ status: '431', code: 'bad_request' });
  });

  it('a 403 raised by a plugin (the static files’ “..” refusal) has the code forbidden', () => {
    const err = Object.assign(new Error('Forbidden'), { statusCode: 403 });
    expect(toErrorDocument(err)).toEqual({ status: 403, errors: [{ status: '403', code: 'forbidden', title: 'Forbidden', detail: 'Forbidden' }] });
  });

  it('the WebSub callbacks refuse with JSON:API documents', async () => {
    const get = await ctx.call('GET', '/api/p/websub/abc?hub.mode=subscribe');
    expect(get.statusCode).toBe(404);
    expect(get.headers['content-type']).toContain('application/vnd.api+json');
    expect(get.json().errors[0].code).toBe('not_found');
    const push = await ctx.app.inject({ method: 'POST', url: '/api/p/websub/999999', headers: { 'content-type': 'application/rss+xml' }, payload: '<rss/>' });
    expect(push.statusCode).toBe(410);
    expect(push.json().errors[0]).toMatchObject({ status: '410', code: 'gone' });
  });

  it('an id past the integer column (a data exception, raw or wrapped by Drizzle) is a 400, not a 500', async () => {
    const { token } = await makeOrg(ctx);
    for (const body of [{ article_id: 2147483648 }, { data: { type: 'screenshot', attributes: { article_id: '2147483648' } } }]) {
      const res = await ctx.call('POST', '/api/screenshots', { token, body });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().errors[0].code).toBe('bad_request');
    }
    const raw = Object.assign(new Error('integer out of range'), { code: '22003', severity: 'ERROR' });
    expect(toErrorDocument(Object.assign(new Error('Failed query: select …'), { cause: raw })).status).toBe(400);
    expect(toErrorDocument(raw).status).toBe(400);
  });

  it('a URL that is not UTF-8 is a JSON:API 400', async () => {
    const res = await ctx.call('GET', '/api/projects/%C0%AE');
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].code).toBe('bad_request');
  });
});

describe('stored links and avatars', () => {
  it.each(['javascript:alert(1)', 'data:text/html,<script>alert(1)</script>', 'vbscript:x', 'file:///etc/passwd'])(
    'an article link %s is refused with its pointer',
    async (link) => {
      const { org, token } = await makeOrg(ctx);
      const project = await makeProject(ctx, org.id);
      const tag = await makeTag(ctx, org.id, project.id);
      for (const field of ['url', 'fullUrl']) {
        const attributes = { url: 'https://news.example/story', title: 'A story', language: 'en', date: '2026-11-01', [field]: link };
        const res = await ctx.call('POST', '/api/articles', {
          token,
          body: { data: { type: 'article', attributes, relationships: { tag: { data: { type: 'tag', id: String(tag.id) } } } } },
        });
        expect(res.statusCode).toBe(422);
        expect(res.json().errors.map((e: { source: { pointer: string } }) => e.source.pointer)).toContain(`/data/attributes/${field}`);
      }
    },
  );

  it("an avatar must be an upload of the caller's organization (project, brand, organization, user)", async () => {
    const owner = await makeOrg(ctx);
    const other = await makeOrg(ctx);
    const foreign = await makeUpload(ctx, other.org.id, other.admin.user.id);
    const own = await makeUpload(ctx, owner.org.id, owner.admin.user.id);
    const client = await makeClient(ctx, owner.org.id);
    const project = await makeProject(ctx, owner.org.id, { clientId: client.id });
    const attempts = (avatar: string) => [
      ctx.call('PATCH', `/api/projects/${project.id}`, { token: owner.token, body: { data: { type: 'project', attributes: { avatar } } } }),
      ctx.call('PATCH', `/api/clients/${client.id}`, { token: owner.token, body: { data: { type: 'client', attributes: { avatar } } } }),
      ctx.call('PATCH', `/api/organizations/${owner.org.id}`, { token: owner.token, body: { data: { type: 'organizations', attributes: { avatar } } } }),
      ctx.call('PATCH', `/api/user/${owner.admin.user.id}`, { token: owner.token, body: { data: { type: 'user', attributes: { avatar } } } }),
      ctx.call('POST', '/api/clients', { token: owner.token, body: { data: { type: 'client', attributes: { name: 'Borrowed logo', avatar } } } }),
    ];
    for (const res of await Promise.all(attempts(foreign))) {
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().errors[0]).toMatchObject({ source: { pointer: '/data/attributes/avatar' }, detail: MSG.validation.avatarNotUploaded });
    }
    for (const res of await Promise.all(attempts(own))) expect(res.statusCode, res.body).toBeLessThan(300);
  });
});

describe('JSON:API documents', () => {
  it('a PATCH whose data.id differs from the URL is 409 and changes nothing', async () => {
    const { org, token } = await makeOrg(ctx);
    const a = await makeProject(ctx, org.id, { name: 'Project A' });
    const b = await makeProject(ctx, org.id, { name: 'Project B' });
    const res = await ctx.call('PATCH', `/api/projects/${a.id}`, {
      token,
      body: { data: { type: 'project', id: String(b.id), attributes: { name: 'Renamed' } } },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().errors[0]).toMatchObject({ code: 'conflict', source: { pointer: '/data/id' } });
    const names = (await ctx.deps.pool.query('select name from projects where id = any($1) order by id', [[a.id, b.id]])).rows.map((r) => r.name);
    expect(names).toEqual(['Project A', 'Project B']);
    const same = await ctx.call('PATCH', `/api/projects/${a.id}`, {
      token,
      body: { data: { type: 'project', id: String(a.id), attributes: { name: 'Renamed' } } },
    });
    expect(same.statusCode).toBe(200);
  });
});

describe('caching and framing (issue 27)', () => {
  it('an answer to a request with credentials is never stored by a cache; a route’s own policy stays', async () => {
    const { token, org } = await makeOrg(ctx);
    for (const url of ['/api/user', '/api/mail_outbox', '/api/csv/projects', '/api/projects', '/api/does-not-exist']) {
      const res = await ctx.call('GET', url, { token });
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
    // An upload's image is public and immutable by its content-addressed name.
    const image = await ctx.call('GET', await makeUpload(ctx, org.id), { token });
    expect(image.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // Without credentials nothing is added (the public report's own answers set theirs).
    expect((await ctx.call('GET', '/api/health')).headers['cache-control']).toBeUndefined();
  });

  it('the API explorer has a page policy and is never framed', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['content-security-policy']).toMatch(/frame-ancestors 'none'/);
    expect(res.headers['content-security-policy']).toMatch(/script-src 'self'(;|$)/);
  });
});
