import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../../common/messages.js';
import { CAPABILITIES_BY_LEGACY_ID, PLAN_DEFAULTS } from '../../../common/plans.js';
import { memberships, organizations, users } from '../../db/schema/accounts.js';
import { createTestContext, type TestContext } from '../../../test/helpers/app.js';
import { addMember, makeOrg, makeUpload } from '../../../test/helpers/factories.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

type Err = { code: string; detail: string; source?: { pointer?: string } };

const roleOf = async (orgId: number, userId: number) =>
  (
    await ctx.deps.db
      .select({ roleId: memberships.roleId })
      .from(memberships)
      .where(and(eq(memberships.organizationId, orgId), eq(memberships.userId, userId)))
  )[0]?.roleId;

const orgRow = async (id: number) => (await ctx.deps.db.select().from(organizations).where(eq(organizations.id, id)))[0];

const memberActions = (list: { id: number | string; action: string }[]) => ({
  data: { type: 'organizationPermission', attributes: { users: list.map((u) => ({ id: String(u.id), action: u.action })) } },
});

describe('GET organizations/{id}', () => {
  it('returns the current organization with its plan, status and members', async () => {
    const { org, admin, token } = await makeOrg(ctx, { plan: 'pro', name: 'Acme Media' });
    const member = await addMember(ctx, org.id, 2, { name: 'Zed Member' });
    const res = await ctx.call('GET', `/api/organizations/${org.id}`, { token });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.data).toMatchObject({ type: 'organization', id: String(org.id) });
    expect(body.data.attributes).toEqual({
      name: 'Acme Media',
      avatar: null,
      plan: 'pro',
      'plan-name': 'Pro plan',
      'tier-name': 'Pro',
      stripe_customer_id: null,
      subscription_status: {
        trial_expired: false,
        trial_ends_at: null,
        status: 'active',
        plan_source: 'signup',
        billing_period: null,
        current_period_end: null,
        payment_failed: false,
      },
      slack_enabled: false,
      slack_channels: [],
      permissions: PLAN_DEFAULTS.pro,
      capabilities: { platform_operator: false, regional_filters: false, ai_headline_tools: false, notification_card: false },
    });
    expect(body.data.relationships.members.data).toEqual([
      { type: 'member', id: String(admin.user.id) },
      { type: 'member', id: String(member.user.id) },
    ]);
    expect(body.included).toHaveLength(2);
    expect(body.included[1]).toMatchObject({
      type: 'member',
      id: String(member.user.id),
      attributes: { name: 'Zed Member', email: member.user.email, avatar: null, 'role-id': 2 },
    });
    expect(typeof body.included[1].attributes['inserted-at']).toBe('string');
  });

  it('reports an ended trial', async () => {
    const { org, token } = await makeOrg(ctx, { plan: 'trial' });
    const ended = new Date(Date.now() - 86400_000);
    await ctx.deps.db.update(organizations).set({ trialEndsAt: ended }).where(eq(organizations.id, org.id));
    const res = await ctx.call('GET', `/api/organizations/${org.id}`, { token });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.attributes).toMatchObject({
      plan: 'trial',
      'plan-name': 'Free trial',
      'tier-name': 'Free',
      subscription_status: { trial_expired: true, trial_ends_at: ended.toISOString(), status: 'trialing', payment_failed: false },
    });
  });

  it('answers 404 for any organization but the current one, 401 without a token', async () => {
    const owner = await makeOrg(ctx);
    const outsider = await makeOrg(ctx);
    const res = await ctx.call('GET', `/api/organizations/${owner.org.id}`, { token: outsider.token });
    expect(res.statusCode).toBe(404);
    expect(res.json().errors[0].code).toBe('not_found');
    expect((await ctx.call('GET', `/api/organizations/${owner.org.id}/members`, { token: outsider.token })).statusCode).toBe(404);
    expect((await ctx.call('GET', `/api/organizations/${owner.org.id}`)).statusCode).toBe(401);
  });
});

describe('GET organizations/{id}/members', () => {
  it('lists, searches by name and email, sorts and pages', async () => {
    const { org, token } = await makeOrg(ctx);
    await addMember(ctx, org.id, 2, { name: 'Bella Reporter', email: 'bella@press.test' });
    await addMember(ctx, org.id, 3, { name: 'Carl Kicked' });
    await addMember(ctx, org.id, 1, { name: 'Anna Editor', email: 'anna@desk.test' });

    const all = await ctx.call('GET', `/api/organizations/${org.id}/members?sort=name`, { token });
    expect(all.statusCode).toBe(200);
    expect(all.json().data.map((m: { attributes: { name: string } }) => m.attributes.name)).toEqual([
      'Anna Editor',
      'Bella Reporter',
      'Carl Kicked',
      'Org Admin',
    ]);
    expect(all.json().meta).toEqual({ total_entries: 4, last_page: 1, page_number: 1, page_size: 25 });

    const byEmail = await ctx.call('GET', `/api/organizations/${org.id}/members?filter[search]=PRESS.test`, { token });
    expect(byEmail.json().data.map((m: { attributes: { email: string } }) => m.attributes.email)).toEqual(['bella@press.test']);

    const byRole = await ctx.call('GET', `/api/organizations/${org.id}/members?sort=-role_id,name&page[page]=1&page[page_size]=2`, { token });
    expect(byRole.json().data.map((m: { attributes: { 'role-id': number } }) => m.attributes['role-id'])).toEqual([3, 2]);
    expect(byRole.json().meta).toMatchObject({ total_entries: 4, last_page: 2 });

    const bad = await ctx.call('GET', `/api/organizations/${org.id}/members?sort=password_hash`, { token });
    expect(bad.statusCode).toBe(400);
  });

  it('exports members as CSV', async () => {
    const { org, token } = await makeOrg(ctx);
    await addMember(ctx, org.id, 2, { name: 'Comma, Person' });
    const res = await ctx.call('GET', `/api/organizations/${org.id}/members`, { token, headers: { accept: 'text/csv' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const lines = res.body.trim().split('\n');
    expect(lines[0]).toBe('id,name,email,avatar,role-id,inserted-at');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain('"Comma, Person"');
  });
});

describe('PATCH organizations/{id} members', () => {
  it('kicks a member, who loses access at once, and promotes another', async () => {
    const { org, token } = await makeOrg(ctx);
    const kicked = await addMember(ctx, org.id);
    const promoted = await addMember(ctx, org.id);
    // Warm the session cache: the kick must not wait for it to expire.
    expect((await ctx.call('GET', `/api/organizations/${org.id}`, { token: kicked.token })).statusCode).toBe(200);

    const res = await ctx.call('PATCH', `/api/organizations/${org.id}`, {
      token,
      body: memberActions([
        { id: kicked.user.id, action: 'kick' },
        { id: promoted.user.id, action: 'promote' },
      ]),
    });
    expect(res.statusCode).toBe(200);
    const roles = Object.fromEntries(res.json().included.map((m: { id: string; attributes: { 'role-id': number } }) => [m.id, m.attributes['role-id']]));
    expect(roles[String(kicked.user.id)]).toBe(3);
    expect(roles[String(promoted.user.id)]).toBe(1);
    expect(await roleOf(org.id, kicked.user.id)).toBe(3);
    expect(await roleOf(org.id, promoted.user.id)).toBe(1);

    const after = await ctx.call('GET', `/api/organizations/${org.id}`, { token: kicked.token });
    expect(after.statusCode).toBe(403);
    expect(after.json().errors[0].code).toBe('no_org');
    // The promoted member can now manage the organization.
    const invite = await ctx.call('POST', '/api/invite', { token: promoted.token });
    expect(invite.statusCode).toBe(201);
  });

  it('applies nothing when one listed user is not a member (404)', async () => {
    const { org, token } = await makeOrg(ctx);
    const member = await addMember(ctx, org.id);
    const stranger = await makeOrg(ctx);
    const res = await ctx.call('PATCH', `/api/organizations/${org.id}`, {
      token,
      body: memberActions([
        { id: member.user.id, action: 'kick' },
        { id: stranger.admin.user.id, action: 'kick' },
      ]),
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().errors[0].source.pointer).toBe('/data/attributes/users/1/id');
    expect(await roleOf(org.id, member.user.id)).toBe(2);
    expect(await roleOf(stranger.org.id, stranger.admin.user.id)).toBe(1);
  });

  it('refuses to kick an already kicked member or oneself, reporting each, and applies nothing', async () => {
    const { org, admin, token } = await makeOrg(ctx);
    const gone = await addMember(ctx, org.id, 3);
    const member = await addMember(ctx, org.id);
    const res = await ctx.call('PATCH', `/api/organizations/${org.id}`, {
      token,
      body: memberActions([
        { id: member.user.id, action: 'promote' },
        { id: gone.user.id, action: 'kick' },
        { id: admin.user.id, action: 'kick' },
      ]),
    });
    expect(res.statusCode).toBe(422);
    const errors: Err[] = res.json().errors;
    expect(errors.map((e) => [e.code, e.source?.pointer])).toEqual([
      ['validation_failed', '/data/attributes/users/1/action'],
      ['validation_failed', '/data/attributes/users/2/action'],
    ]);
    expect(errors[1].detail).toBe('You cannot remove yourself from the organization');
    expect(await roleOf(org.id, member.user.id)).toBe(2);
    expect(await roleOf(org.id, admin.user.id)).toBe(1);
  });

  it('rejects an unknown action and a member listed twice', async () => {
    const { org, token } = await makeOrg(ctx);
    const member = await addMember(ctx, org.id);
    const unknown = await ctx.call('PATCH', `/api/organizations/${org.id}`, {
      token,
      body: memberActions([{ id: member.user.id, action: 'ban' }]),
    });
    expect(unknown.statusCode).toBe(422);
    const twice = await ctx.call('PATCH', `/api/organizations/${org.id}`, {
      token,
      body: memberActions([
        { id: member.user.id, action: 'promote' },
        { id: member.user.id, action: 'kick' },
      ]),
    });
    expect(twice.statusCode).toBe(422);
    expect(twice.json().errors[0].source.pointer).toBe('/data/attributes/users/1/id');
    expect(await roleOf(org.id, member.user.id)).toBe(2);
  });

  it('is for admins only (403), and 404 with no change for another organization', async () => {
    const { org, admin } = await makeOrg(ctx);
    const member = await addMember(ctx, org.id);
    const outsider = await makeOrg(ctx);
    const kickAdmin = memberActions([{ id: admin.user.id, action: 'kick' }]);

    const asMember = await ctx.call('PATCH', `/api/organizations/${org.id}`, { token: member.token, body: kickAdmin });
    expect(asMember.statusCode).toBe(403);
    expect(asMember.json().errors[0].code).toBe('forbidden');
    const rename = { data: { type: 'organizations', attributes: { name: 'Taken Over' } } };
    expect((await ctx.call('PATCH', `/api/organizations/${org.id}`, { token: member.token, body: rename })).statusCode).toBe(403);

    const asOutsider = await ctx.call('PATCH', `/api/organizations/${org.id}`, { token: outsider.token, body: kickAdmin });
    expect(asOutsider.statusCode).toBe(404);
    expect((await ctx.call('PATCH', `/api/organizations/${org.id}`, { token: outsider.token, body: rename })).statusCode).toBe(404);

    expect(await roleOf(org.id, admin.user.id)).toBe(1);
    expect((await orgRow(org.id)).name).toBe(org.name);
  });
});

describe('PATCH organizations/{id} details', () => {
  it('renames and changes the logo', async () => {
    const { org, token } = await makeOrg(ctx);
    const avatar = await makeUpload(ctx, org.id);
    const res = await ctx.call('PATCH', `/api/organizations/${org.id}`, {
      token,
      body: { data: { type: 'organizations', id: String(org.id), attributes: { name: '  Renamed Org ', avatar } } },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.attributes).toMatchObject({ name: 'Renamed Org', avatar });
    expect(await orgRow(org.id)).toMatchObject({ name: 'Renamed Org', avatar });
  });

  it('says the name cannot be empty, with every invalid field, and changes nothing', async () => {
    const { org, token } = await makeOrg(ctx);
    const res = await ctx.call('PATCH', `/api/organizations/${org.id}`, {
      token,
      body: { data: { type: 'organizations', attributes: { name: '   ', avatar: 'https://evil.test/x.png' } } },
    });
    expect(res.statusCode).toBe(422);
    const errors: Err[] = res.json().errors;
    expect(errors.find((e) => e.source?.pointer === '/data/attributes/name')?.detail).toBe(MSG.validation.organizationEmpty);
    expect(errors.some((e) => e.source?.pointer === '/data/attributes/avatar')).toBe(true);
    expect((await orgRow(org.id)).name).toBe(org.name);
  });
});

describe('POST settings', () => {
  const create = (token: string, name: string) => ctx.call('POST', '/api/settings', { token, body: { data: { type: 'settings', attributes: { name } } } });

  it('creates an organization on the same plan and makes it current', async () => {
    const { org, admin, token } = await makeOrg(ctx, { plan: 'pro' });
    const res = await create(token, 'Second Desk');
    expect(res.statusCode).toBe(201);
    const created = res.json().data;
    expect(created).toMatchObject({ type: 'organization', attributes: { name: 'Second Desk', plan: 'pro', permissions: PLAN_DEFAULTS.pro } });
    expect(res.json().included.map((m: { id: string }) => m.id)).toEqual([String(admin.user.id)]);
    const newId = Number(created.id);
    expect(await roleOf(newId, admin.user.id)).toBe(1);
    expect((await ctx.deps.db.select().from(users).where(eq(users.id, admin.user.id)))[0].organizationId).toBe(newId);
    // The same token now works in the new organization and no longer sees the old one.
    expect((await ctx.call('GET', `/api/organizations/${newId}`, { token })).statusCode).toBe(200);
    expect((await ctx.call('GET', `/api/organizations/${org.id}`, { token })).statusCode).toBe(404);
  });

  it('is for admins, and the new organization shares the payment customer', async () => {
    const { org, token } = await makeOrg(ctx, { plan: 'pro' });
    await ctx.deps.db.update(organizations).set({ stripeCustomerId: 'cus_shared' }).where(eq(organizations.id, org.id));
    const member = await addMember(ctx, org.id, 2);
    const refused = await create(member.token, 'Member Org');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().errors[0].code).toBe('forbidden');
    expect(await ctx.deps.db.select().from(memberships).where(eq(memberships.userId, member.user.id))).toHaveLength(1);

    const res = await create(token, 'Billing Twin');
    expect(res.statusCode).toBe(201);
    expect(res.json().data.attributes.stripe_customer_id).toBe('cus_shared');
  });

  it('stops at the plan limit (403 plan_limit) and creates nothing', async () => {
    const { admin, token } = await makeOrg(ctx, { plan: 'starter' });
    const res = await create(token, 'One Too Many');
    expect(res.statusCode).toBe(403);
    expect(res.json().errors[0]).toMatchObject({ code: 'plan_limit', detail: MSG.billing.upgrade });
    const mine = await ctx.deps.db.select().from(memberships).where(eq(memberships.userId, admin.user.id));
    expect(mine).toHaveLength(1);

    const pro = await makeOrg(ctx, { plan: 'pro' });
    expect((await create(pro.token, 'Second Org')).statusCode).toBe(201);
    expect((await create(pro.token, 'Third Org')).statusCode).toBe(201);
    expect((await create(pro.token, 'Fourth Org')).statusCode).toBe(403);
  });

  it('refuses when the plan lacks organisations', async () => {
    const { org, token } = await makeOrg(ctx, { plan: 'agency' });
    await ctx.deps.db
      .update(organizations)
      .set({ permissions: { ...PLAN_DEFAULTS.agency, organisations: false } })
      .where(eq(organizations.id, org.id));
    const res = await create(token, 'Not Allowed');
    expect(res.statusCode).toBe(403);
    expect(res.json().errors[0].code).toBe('plan_limit');
  });

  it('passes the admin plan on only from the platform operator, never its capabilities', async () => {
    const operator = await makeOrg(ctx, { plan: 'admin', capabilities: CAPABILITIES_BY_LEGACY_ID[1] });
    const fromOperator = await create(operator.token, 'Operator Two');
    expect(fromOperator.json().data.attributes).toMatchObject({
      plan: 'admin',
      capabilities: { platform_operator: false, ai_headline_tools: false, notification_card: false },
    });
    const granted = await makeOrg(ctx, { plan: 'admin' });
    const fromGranted = await create(granted.token, 'Granted Two');
    expect(fromGranted.statusCode).toBe(201);
    expect(fromGranted.json().data.attributes.plan).toBe('trial');
  });

  it('validates the name', async () => {
    const { admin, token } = await makeOrg(ctx);
    const res = await create(token, '');
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[0]).toMatchObject({ detail: MSG.validation.organizationEmpty, source: { pointer: '/data/attributes/name' } });
    expect(await ctx.deps.db.select().from(memberships).where(eq(memberships.userId, admin.user.id))).toHaveLength(1);
  });
});
