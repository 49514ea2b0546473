import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MSG } from '../../../common/messages.js';
import { ROLE } from '../../../common/limits.js';
import { PLAN_DEFAULTS, NO_CAPABILITIES } from '../../../common/plans.js';
import { organizations, users } from '../../db/schema/accounts.js';
import { createTestContext, type TestContext } from '../../../test/helpers/app.js';
import { addMember, addMembership, makeOrg, makeProject, makeUser, makeUpload } from '../../../test/helpers/factories.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

type ErrorBody = { code: string; detail: string; source?: { pointer?: string } };

const userRow = async (id: number) => (await ctx.deps.db.select().from(users).where(eq(users.id, id)))[0];
const setDefault = (token: string, userId: number, project: { type: string; id: string } | null) =>
  ctx.call('PATCH', `/api/user/${userId}`, { token, body: { data: { type: 'new_user', relationships: { project: { data: project } } } } });
const switchTo = (token: string, userId: number, orgId: number) =>
  ctx.call('PATCH', `/api/user/${userId}`, {
    token,
    body: { data: { type: 'user', relationships: { organization: { data: { type: 'organization', id: String(orgId) } } } } },
  });

describe('GET user', () => {
  it('describes the caller, their organization and memberships', async () => {
    const { token, org, admin } = await makeOrg(ctx, { name: 'Zulu Media' });
    const other = await makeOrg(ctx, { name: 'Alpha Agency' });
    await addMembership(ctx, other.org.id, admin.user.id, ROLE.user);
    const project = await makeProject(ctx, org.id);
    await ctx.deps.db.update(users).set({ defaultProjectId: project.id }).where(eq(users.id, admin.user.id));

    const res = await ctx.call('GET', '/api/user', { token });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      type: 'user',
      id: String(admin.user.id),
      attributes: {
        name: 'Org Admin',
        email: admin.user.email,
        avatar: null,
        roles: ['admin'],
        'role-id': ROLE.admin,
        // The tier follows the organization's plan (Pro: 5), not the person's sign-up tier.
        'tier-id': 5,
        'default-project-id': String(project.id),
        'inserted-at': admin.user.insertedAt.toISOString(),
        email_verified: true,
        open_projects_first: false,
        status: 'OK',
        organization: {
          id: String(org.id),
          name: 'Zulu Media',
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
          capabilities: NO_CAPABILITIES,
        },
        organizations: [
          { id: String(other.org.id), name: 'Alpha Agency', 'role-id': ROLE.user },
          { id: String(org.id), name: 'Zulu Media', 'role-id': ROLE.admin },
        ],
      },
    });
  });

  it('shows trials, and still answers once the trial has ended', async () => {
    const { token, org } = await makeOrg(ctx, { plan: 'trial' });
    const first = (await ctx.call('GET', '/api/user', { token })).json().data.attributes.organization;
    expect(first).toMatchObject({ plan: 'trial', 'plan-name': 'Free trial', 'tier-name': 'Free' });
    expect(first.subscription_status).toMatchObject({ trial_expired: false, trial_ends_at: org.trialEndsAt!.toISOString(), status: 'trialing' });

    const ended = new Date(Date.now() - 86400_000);
    await ctx.deps.db.update(organizations).set({ trialEndsAt: ended }).where(eq(organizations.id, org.id));
    ctx.deps.authenticator.forgetAll();
    const res = await ctx.call('GET', '/api/user', { token });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.attributes.status).toBe('OK');
    expect(res.json().data.attributes.organization.subscription_status).toMatchObject({ trial_expired: true, trial_ends_at: ended.toISOString() });
    expect((await ctx.call('GET', '/api/projects', { token })).json().errors[0].code).toBe('trial_expired');
  });

  it('answers NO_ORG to a user without an organization or kicked from it', async () => {
    const loner = await makeUser(ctx, { name: 'Lone Wolf' });
    const res = await ctx.call('GET', '/api/user', { token: loner.token });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.attributes).toMatchObject({
      name: 'Lone Wolf',
      status: 'NO_ORG',
      organization: null,
      organizations: [],
      'role-id': null,
      roles: [],
      'default-project-id': null,
    });

    const { org } = await makeOrg(ctx);
    const elsewhere = await makeOrg(ctx, { name: 'Still Member' });
    const kicked = await addMember(ctx, org.id, ROLE.kicked);
    await addMembership(ctx, elsewhere.org.id, kicked.user.id, ROLE.user);
    const attrs = (await ctx.call('GET', '/api/user', { token: kicked.token })).json().data.attributes;
    expect(attrs).toMatchObject({ status: 'NO_ORG', organization: null, 'role-id': ROLE.kicked, roles: [] });
    expect(attrs.organizations).toEqual([{ id: String(elsewhere.org.id), name: 'Still Member', 'role-id': ROLE.user }]);
  });

  it('needs a token', async () => {
    expect((await ctx.call('GET', '/api/user')).statusCode).toBe(401);
    expect((await ctx.call('GET', '/api/tiers')).statusCode).toBe(401);
    expect((await ctx.call('PATCH', '/api/user/1', { body: { data: { type: 'user', attributes: { name: 'Xx' } } } })).statusCode).toBe(401);
  });
});

describe('PATCH user', () => {
  it('sets and clears the default project of the current organization only', async () => {
    const { token, org, admin } = await makeOrg(ctx);
    const outsider = await makeOrg(ctx);
    const project = await makeProject(ctx, org.id);
    const archived = await makeProject(ctx, org.id, { locked: true });
    const foreign = await makeProject(ctx, outsider.org.id);

    const set = await setDefault(token, admin.user.id, { type: 'project', id: String(project.id) });
    expect(set.statusCode).toBe(200);
    expect(set.json().data.attributes['default-project-id']).toBe(String(project.id));
    expect((await userRow(admin.user.id)).defaultProjectId).toBe(project.id);

    for (const id of [archived.id, foreign.id, 999999]) {
      const res = await setDefault(token, admin.user.id, { type: 'project', id: String(id) });
      expect(res.statusCode).toBe(404);
      expect(res.json().errors[0].code).toBe('not_found');
    }
    expect((await userRow(admin.user.id)).defaultProjectId).toBe(project.id);

    const cleared = await setDefault(token, admin.user.id, null);
    expect(cleared.json().data.attributes['default-project-id']).toBeNull();
    expect((await userRow(admin.user.id)).defaultProjectId).toBeNull();

    const bad = await setDefault(token, admin.user.id, { type: 'client', id: 'x' });
    expect(bad.statusCode).toBe(422);
    expect(
      bad
        .json()
        .errors.map((e: ErrorBody) => e.source?.pointer)
        .sort(),
    ).toEqual(['/data/relationships/project/data/id', '/data/relationships/project/data/type']);
  });

  it('edits the profile and reports every invalid field', async () => {
    const { token, admin, org } = await makeOrg(ctx);
    const avatar = await makeUpload(ctx, org.id, null, 'jpeg');
    const res = await ctx.call('PATCH', `/api/user/${admin.user.id}`, {
      token,
      body: { data: { type: 'user', id: String(admin.user.id), attributes: { name: ' Ada Lovelace ', avatar } } },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.attributes).toMatchObject({ name: 'Ada Lovelace', avatar, status: 'OK' });
    expect(await userRow(admin.user.id)).toMatchObject({ name: 'Ada Lovelace', avatar });

    const invalid = await ctx.call('PATCH', `/api/user/${admin.user.id}`, {
      token,
      body: { data: { type: 'user', attributes: { name: 'A', avatar: 'https://evil.test/a.png' } } },
    });
    expect(invalid.statusCode).toBe(422);
    const details = Object.fromEntries(invalid.json().errors.map((e: ErrorBody) => [e.source?.pointer, e.detail]));
    expect(details).toEqual({
      '/data/attributes/name': MSG.validation.nameLength,
      '/data/attributes/avatar': 'Avatar must be an image uploaded to Coverwatch',
    });
    expect((await userRow(admin.user.id)).name).toBe('Ada Lovelace');
  });

  it('keeps the `/` preference (open_projects_first) per user, and refuses anything but a boolean', async () => {
    const { token, admin, org } = await makeOrg(ctx);
    const colleague = await addMember(ctx, org.id);
    const setFlag = (value: unknown) =>
      ctx.call('PATCH', `/api/user/${admin.user.id}`, { token, body: { data: { type: 'user', attributes: { open_projects_first: value } } } });

    const on = await setFlag(true);
    expect(on.statusCode).toBe(200);
    expect(on.json().data.attributes).toMatchObject({ open_projects_first: true, name: 'Org Admin' });
    expect((await userRow(admin.user.id)).openProjectsFirst).toBe(true);
    expect((await ctx.call('GET', '/api/user', { token })).json().data.attributes.open_projects_first).toBe(true);
    // Another member's preference is theirs alone.
    expect((await userRow(colleague.user.id)).openProjectsFirst).toBe(false);

    for (const bad of ['yes', null, 1]) {
      const res = await setFlag(bad);
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.map((e: ErrorBody) => e.source?.pointer)).toEqual(['/data/attributes/open_projects_first']);
    }
    expect((await userRow(admin.user.id)).openProjectsFirst).toBe(true);

    expect((await setFlag(false)).json().data.attributes.open_projects_first).toBe(false);
    expect((await userRow(admin.user.id)).openProjectsFirst).toBe(false);
  });

  it('switches the current organization at once, only to one the user is active in', async () => {
    const home = await makeOrg(ctx, { name: 'Home Org' });
    const second = await makeOrg(ctx, { name: 'Second Org' });
    const barred = await makeOrg(ctx, { name: 'Barred Org' });
    const stranger = await makeOrg(ctx, { name: 'Stranger Org' });
    const userId = home.admin.user.id;
    await addMembership(ctx, second.org.id, userId, ROLE.user);
    await addMembership(ctx, barred.org.id, userId, ROLE.kicked);
    const homeProject = await makeProject(ctx, home.org.id, { name: 'Home Project' });
    await makeProject(ctx, second.org.id, { name: 'Second Project' });
    await setDefault(home.token, userId, { type: 'project', id: String(homeProject.id) });
    // Warm the cached auth context so the switch has to drop it.
    expect((await ctx.call('GET', '/api/projects', { token: home.token })).json().data[0].attributes.name).toBe('Home Project');

    for (const orgId of [barred.org.id, stranger.org.id, 999999]) {
      const res = await switchTo(home.token, userId, orgId);
      expect(res.statusCode).toBe(404);
      expect(res.json().errors[0].code).toBe('not_found');
    }
    expect((await userRow(userId)).organizationId).toBe(home.org.id);

    const res = await switchTo(home.token, userId, second.org.id);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.attributes).toMatchObject({
      status: 'OK',
      'role-id': ROLE.user,
      roles: ['user'],
      organization: { id: String(second.org.id), name: 'Second Org' },
      // The default project stays with the organization it belongs to.
      'default-project-id': null,
    });
    expect((await userRow(userId)).organizationId).toBe(second.org.id);
    const list = await ctx.call('GET', '/api/projects', { token: home.token });
    expect(list.json().data.map((p: { attributes: { name: string } }) => p.attributes.name)).toEqual(['Second Project']);

    const back = await switchTo(home.token, userId, home.org.id);
    expect(back.json().data.attributes['default-project-id']).toBe(String(homeProject.id));
  });

  it('answers 404 for any other user and changes nothing', async () => {
    const owner = await makeOrg(ctx);
    const outsider = await makeOrg(ctx);
    const colleague = await addMember(ctx, owner.org.id, ROLE.user, { name: 'Colleague' });
    const project = await makeProject(ctx, owner.org.id);
    for (const target of [owner.admin.user.id, colleague.user.id]) {
      const before = await userRow(target);
      const rename = await ctx.call('PATCH', `/api/user/${target}`, {
        token: outsider.token,
        body: { data: { type: 'user', attributes: { name: 'Hijacked' } } },
      });
      expect(rename.statusCode).toBe(404);
      expect((await setDefault(outsider.token, target, { type: 'project', id: String(project.id) })).statusCode).toBe(404);
      expect((await switchTo(outsider.token, target, outsider.org.id)).statusCode).toBe(404);
      expect(await userRow(target)).toEqual(before);
    }
    // A colleague in the same organization is no different.
    expect((await switchTo(colleague.token, owner.admin.user.id, owner.org.id)).statusCode).toBe(404);
    // Nor can the outsider point their own default project at the owner's project.
    expect((await setDefault(outsider.token, outsider.admin.user.id, { type: 'project', id: String(project.id) })).statusCode).toBe(404);
    expect((await userRow(outsider.admin.user.id)).defaultProjectId).toBeNull();
  });
});

describe('user document meta', () => {
  it('tells the web the link-analysis address, or null when ANALYSIS_URL is unset', async () => {
    const { token, admin } = await makeOrg(ctx);
    expect((await ctx.call('GET', '/api/user', { token })).json().meta).toMatchObject({ analysis_url: null });

    const saved = ctx.deps.config.analysisUrl;
    ctx.deps.config.analysisUrl = 'https://analysis.example.test/analyse';
    try {
      expect((await ctx.call('GET', '/api/user', { token })).json().meta).toMatchObject({ analysis_url: 'https://analysis.example.test/analyse' });
      const patched = await ctx.call('PATCH', `/api/user/${admin.user.id}`, { token, body: { data: { type: 'user', attributes: { name: 'Ada' } } } });
      expect(patched.json().meta).toMatchObject({ analysis_url: 'https://analysis.example.test/analyse' });
    } finally {
      ctx.deps.config.analysisUrl = saved;
    }
  });
});

describe('GET tiers', () => {
  it('lists the six tiers with meta, also for users without an organization', async () => {
    const { token } = await makeUser(ctx);
    const res = await ctx.call('GET', '/api/tiers', { token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      data: ['Admin', 'User', 'Free', 'Starter', 'Pro', 'Agency'].map((name, i) => ({ type: 'tier', id: String(i + 1), attributes: { name } })),
      meta: { total_entries: 6, last_page: 1, page_number: 1, page_size: 6 },
    });
  });
});
