import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVITE_TTL_DAYS } from '../../../common/limits.js';
import { MSG } from '../../../common/messages.js';
import { invites, memberships, users } from '../../db/schema/accounts.js';
import { uploads } from '../../db/schema/workspace.js';
import { createTestContext, type TestContext } from '../../../test/helpers/app.js';
import { addMember, makeInvite, makeOrg, makeUser } from '../../../test/helpers/factories.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const countUsers = async () => (await ctx.deps.db.select({ n: sql<number>`count(*)::int` }).from(users))[0].n;
const userByEmail = async (email: string) =>
  (
    await ctx.deps.db
      .select()
      .from(users)
      .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
  )[0];

const signUp = (attributes: Record<string, unknown>) => ctx.call('POST', '/api/p/new_user', { body: { data: { type: 'new_user', attributes } } });

const validAttributes = (inviteKey: string, email: string) => ({
  invite_key: inviteKey,
  name: 'Nina Newcomer',
  email,
  password: 'a long enough password',
  picture: null,
  roles: ['admin'],
});

describe('POST invite', () => {
  it('creates a reusable invitation link for the admin’s organization', async () => {
    const { org, admin, token } = await makeOrg(ctx, { name: 'Invite Org' });
    const before = Date.now();
    const res = await ctx.call('POST', '/api/invite', { token });
    expect(res.statusCode).toBe(201);
    const { data } = res.json();
    expect(data.type).toBe('invite');
    expect(data.id).toMatch(/^[A-Za-z0-9_-]{24,}$/);
    expect(data.attributes).toMatchObject({
      key: data.id,
      url: `/signup/${data.id}`,
      status: 'active',
      organization: { id: String(org.id), name: 'Invite Org' },
    });
    const expires = new Date(data.attributes.expires).getTime();
    expect(expires - before).toBeGreaterThanOrEqual(INVITE_TTL_DAYS * 86400_000 - 1000);
    expect(expires - before).toBeLessThanOrEqual(INVITE_TTL_DAYS * 86400_000 + 60_000);
    const [row] = await ctx.deps.db.select().from(invites).where(eq(invites.key, data.id));
    expect(row).toMatchObject({ organizationId: org.id, createdBy: admin.user.id, status: 'active' });

    const second = await ctx.call('POST', '/api/invite', { token });
    expect(second.json().data.id).not.toBe(data.id);
  });

  it('is for admins only', async () => {
    const { org } = await makeOrg(ctx);
    const member = await addMember(ctx, org.id);
    const res = await ctx.call('POST', '/api/invite', { token: member.token });
    expect(res.statusCode).toBe(403);
    expect(res.json().errors[0].code).toBe('forbidden');
    expect((await ctx.call('POST', '/api/invite')).statusCode).toBe(401);
    expect(await ctx.deps.db.select().from(invites).where(eq(invites.organizationId, org.id))).toHaveLength(0);
  });
});

describe('GET ivs/{key}', () => {
  it('shows a valid invite without a token, under both paths', async () => {
    const { org } = await makeOrg(ctx, { name: 'Public Org' });
    const invite = await makeInvite(ctx, org.id);
    for (const path of [`/api/ivs/${invite.key}`, `/api/p/ivs/${invite.key}`]) {
      const res = await ctx.call('GET', path);
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({
        type: 'invite',
        id: invite.key,
        attributes: { status: 'active', expires: invite.expiresAt.toISOString(), organization: { id: String(org.id), name: 'Public Org' } },
      });
    }
  });

  it('answers 404 "not valid or expired" for unknown, expired and revoked links', async () => {
    const { org } = await makeOrg(ctx);
    const expired = await makeInvite(ctx, org.id, { expiresAt: new Date(Date.now() - 1000) });
    const revoked = await makeInvite(ctx, org.id, { status: 'revoked' });
    for (const key of [expired.key, revoked.key, 'no-such-invite-key-000000', 'bad key!', '%27%20or%201=1']) {
      const res = await ctx.call('GET', `/api/p/ivs/${key}`);
      expect(res.statusCode).toBe(404);
      expect(res.json().errors[0]).toMatchObject({ code: 'not_found', detail: MSG.signup.inviteInvalid });
    }
  });
});

describe('POST p/new_user', () => {
  it('creates a User member of the invite’s organization and signs them in', async () => {
    const { org } = await makeOrg(ctx);
    const invite = await makeInvite(ctx, org.id);
    const [upload] = await ctx.deps.db
      .insert(uploads)
      .values({ organizationId: org.id, scope: 'avatar', contentType: 'image/png', size: 10, key: 'images/x.png' })
      .returning();
    const picture = `/api/f/${upload.id}.png`;
    const res = await signUp({ ...validAttributes(invite.key, 'Nina@Example.TEST'), picture });
    expect(res.statusCode).toBe(201);
    const { data } = res.json();
    expect(data).toMatchObject({ type: 'user', attributes: { status: 'OK', email: 'nina@example.test' } });
    expect(Date.parse(data.attributes.expires_at)).toBeGreaterThan(Date.now());

    const user = await userByEmail('nina@example.test');
    expect(String(user.id)).toBe(data.id);
    expect(user).toMatchObject({ name: 'Nina Newcomer', organizationId: org.id, avatar: picture });
    expect(user.passwordHash).toMatch(/^\$argon2id\$/);
    // Invited members count as verified (issue 15): no banner, no confirmation e-mail.
    expect(user.emailVerifiedAt).toBeInstanceOf(Date);
    const [membership] = await ctx.deps.db.select().from(memberships).where(eq(memberships.userId, user.id));
    // `roles: ['admin']` in the request does not make an admin.
    expect(membership).toMatchObject({ organizationId: org.id, roleId: 2 });

    const me = await ctx.call('GET', `/api/organizations/${org.id}`, { token: data.attributes.token });
    expect(me.statusCode).toBe(200);
    const login = await ctx.call('POST', '/api/auth/login', { body: { email: 'nina@example.test', password: 'a long enough password' } });
    expect(login.statusCode).toBe(200);
  });

  it('keeps the link usable for the whole team until it expires', async () => {
    const { org } = await makeOrg(ctx);
    const invite = await makeInvite(ctx, org.id);
    expect((await signUp(validAttributes(invite.key, 'first@team.test'))).statusCode).toBe(201);
    expect((await signUp(validAttributes(invite.key, 'second@team.test'))).statusCode).toBe(201);
    const members = await ctx.deps.db.select().from(memberships).where(eq(memberships.organizationId, org.id));
    expect(members).toHaveLength(3);
    expect((await ctx.call('GET', `/api/p/ivs/${invite.key}`)).statusCode).toBe(200);
  });

  it('ignores a picture that is not an image uploaded for this organization', async () => {
    const { org } = await makeOrg(ctx);
    const other = await makeOrg(ctx);
    const invite = await makeInvite(ctx, org.id);
    const [foreign] = await ctx.deps.db
      .insert(uploads)
      .values({ organizationId: other.org.id, scope: 'avatar', contentType: 'image/png', size: 10, key: 'images/y.png' })
      .returning();
    for (const [email, picture] of [
      ['pic1@team.test', `/api/f/${foreign.id}.png`],
      ['pic2@team.test', 'https://tracker.test/pixel.png'],
      ['pic3@team.test', ''],
    ]) {
      expect((await signUp({ ...validAttributes(invite.key, email), picture })).statusCode).toBe(201);
      expect((await userByEmail(email)).avatar).toBeNull();
    }
  });

  it('answers 409 for a taken email (any case) and writes nothing', async () => {
    const { org } = await makeOrg(ctx);
    const invite = await makeInvite(ctx, org.id);
    const existing = await makeUser(ctx, { email: 'taken@example.test' });
    const before = await countUsers();
    const res = await signUp(validAttributes(invite.key, 'TAKEN@example.test'));
    expect(res.statusCode).toBe(409);
    expect(res.json().errors[0]).toMatchObject({
      code: 'conflict',
      detail: MSG.auth.emailTaken,
      source: { pointer: '/data/attributes/email' },
    });
    expect(await countUsers()).toBe(before);
    expect(await ctx.deps.db.select().from(memberships).where(eq(memberships.userId, existing.user.id))).toHaveLength(0);
  });

  it('lets only one of two simultaneous sign-ups with one email through', async () => {
    const { org } = await makeOrg(ctx);
    const invite = await makeInvite(ctx, org.id);
    const results = await Promise.all([signUp(validAttributes(invite.key, 'race@team.test')), signUp(validAttributes(invite.key, 'RACE@team.test'))]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const rows = await ctx.deps.db
      .select()
      .from(users)
      .where(sql`lower(${users.email}) = 'race@team.test'`);
    expect(rows).toHaveLength(1);
    expect(await ctx.deps.db.select().from(memberships).where(eq(memberships.organizationId, org.id))).toHaveLength(2);
  });

  it('answers 404 for an expired or unknown invite and writes nothing', async () => {
    const { org } = await makeOrg(ctx);
    const expired = await makeInvite(ctx, org.id, { expiresAt: new Date(Date.now() - 60_000) });
    const before = await countUsers();
    for (const key of [expired.key, 'unknown-invite-key-0000000']) {
      const res = await signUp(validAttributes(key, `late-${key.length}@team.test`));
      expect(res.statusCode).toBe(404);
      expect(res.json().errors[0].detail).toBe(MSG.signup.inviteInvalid);
    }
    expect(await countUsers()).toBe(before);
  });

  it('reports every invalid field', async () => {
    const before = await countUsers();
    const res = await signUp({ invite_key: 'short', name: 'N', email: 'not-an-email', password: 'short' });
    expect(res.statusCode).toBe(422);
    const pointers = res
      .json()
      .errors.map((e: { source: { pointer: string } }) => e.source.pointer)
      .sort();
    expect(pointers).toEqual(['/data/attributes/email', '/data/attributes/invite_key', '/data/attributes/name', '/data/attributes/password']);
    expect(await countUsers()).toBe(before);
  });
});
