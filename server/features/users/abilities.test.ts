import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MSG } from '../../../common/messages.js';
import { ROLE } from '../../../common/limits.js';
import { PLAN_DEFAULTS } from '../../../common/plans.js';
import { ACTIONS } from '../../../common/policy.js';
import { organizations } from '../../db/schema/accounts.js';
import { createTestContext, type TestContext } from '../../../test/helpers/app.js';
import { addMember, addMembership, makeClient, makeOrg, makeProject, makeUser } from '../../../test/helpers/factories.js';

// `meta.abilities` of the user document (issue 29): every action of the policy decided for the
// caller in their current organization, limits with the counts the server read.
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const abilitiesOf = async (token: string) => {
  const res = await ctx.call('GET', '/api/user', { token });
  expect(res.statusCode).toBe(200);
  return res.json().meta.abilities;
};
const UPGRADE = { allowed: false, refusal: 'plan', code: 'plan_limit', message: MSG.billing.upgrade };

describe('GET user: meta.abilities', () => {
  it('decides every action for an admin, with the plan’s limits and the counts read', async () => {
    const { token, org, admin } = await makeOrg(ctx, { plan: 'starter' });
    const brand = await makeClient(ctx, org.id);
    await makeProject(ctx, org.id, { clientId: brand.id });
    await makeProject(ctx, org.id, { clientId: brand.id });
    await makeProject(ctx, org.id, { clientId: brand.id, locked: true });

    const abilities = await abilitiesOf(token);
    expect(Object.keys(abilities).sort()).toEqual([...ACTIONS].sort());
    expect(abilities['workspace.use']).toEqual({ allowed: true });
    expect(abilities['org.admin']).toEqual({ allowed: true });
    expect(abilities['billing.manage']).toEqual({ allowed: true });
    expect(abilities['supersearch.use']).toEqual({ allowed: true });
    // Starter has no videos, no monthly visitors and no competitor comparison.
    expect(abilities['youtube.use']).toEqual(UPGRADE);
    expect(abilities['feed.umv']).toEqual(UPGRADE);
    expect(abilities['supersearch.competitors']).toEqual(UPGRADE);
    // The operator's areas and the capabilities are hidden from everyone else.
    expect(abilities['operator.console']).toEqual({ allowed: false, refusal: 'hidden', code: 'not_found', message: 'No such API route' });
    expect(abilities['feed.regionalFilters']).toMatchObject({ allowed: false, refusal: 'hidden', code: 'not_found' });
    // Active projects only: the archived one does not count.
    expect(abilities['projects.create']).toEqual({ allowed: true, limit: PLAN_DEFAULTS.starter.max_projects, used: 2 });
    expect(abilities['reports.create']).toEqual({ allowed: true, limit: PLAN_DEFAULTS.starter.max_reports, used: 0 });
    // Starter admins one organization: this one.
    expect(abilities['organizations.create']).toEqual({ ...UPGRADE, limit: 1, used: 1 });
    // Counted per project or report: the plan's limit, decided for the first one, without a count.
    expect(abilities['alerts.create']).toEqual({ allowed: true, limit: 1 });
    expect(abilities['reports.highlight']).toEqual({ allowed: true, limit: PLAN_DEFAULTS.starter.max_screenshots });

    // Admin of a second organization elsewhere: counted for organizations.create.
    const other = await makeOrg(ctx);
    await addMembership(ctx, other.org.id, admin.user.id, ROLE.admin);
    expect((await abilitiesOf(token))['organizations.create']).toEqual({ ...UPGRADE, limit: 1, used: 2 });
  });

  it('refuses a full plan with the count, as creating the project would', async () => {
    const { token, org } = await makeOrg(ctx, { plan: 'starter' });
    await ctx.deps.db
      .update(organizations)
      .set({ permissions: { ...PLAN_DEFAULTS.starter, max_projects: 1 } })
      .where(eq(organizations.id, org.id));
    ctx.deps.authenticator.forgetAll();
    const brand = await makeClient(ctx, org.id);
    await makeProject(ctx, org.id, { clientId: brand.id });

    const ability = (await abilitiesOf(token))['projects.create'];
    expect(ability).toEqual({ ...UPGRADE, limit: 1, used: 1 });
    const res = await ctx.call('POST', '/api/projects', {
      token,
      body: { data: { type: 'project', attributes: { name: 'One more' }, relationships: { client: { data: { type: 'client', id: String(brand.id) } } } } },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().errors[0]).toMatchObject({ code: ability.code, detail: ability.message });
  });

  it('refuses what needs an admin to a member, with the policy’s sentence', async () => {
    const { org } = await makeOrg(ctx);
    const member = await addMember(ctx, org.id, ROLE.user);
    const abilities = await abilitiesOf(member.token);
    expect(abilities['workspace.use']).toEqual({ allowed: true });
    expect(abilities['youtube.use']).toEqual({ allowed: true });
    expect(abilities['org.admin']).toEqual({ allowed: false, refusal: 'role', code: 'forbidden', message: 'Only an admin of the organization can do this' });
    expect(abilities['billing.manage']).toEqual({ allowed: false, refusal: 'role', code: 'forbidden', message: MSG.billing.contactAdmin });
    expect(abilities['mail.read']).toMatchObject({ allowed: false, refusal: 'role' });
  });

  it('opens the operator’s areas to its admins only', async () => {
    const operator = await makeOrg(ctx, {
      plan: 'admin',
      capabilities: { platform_operator: true, regional_filters: true, ai_headline_tools: true, notification_card: true },
    });
    const admin = await abilitiesOf(operator.token);
    for (const action of [
      'operator.console',
      'platform.operate',
      'websites.read',
      'websites.write',
      'feed.regionalFilters',
      'ai.headlineTools',
      'mail.read',
    ] as const) {
      expect(admin[action], action).toEqual({ allowed: true });
    }
    // The operator's organization has nothing to pay.
    expect(admin['billing.manage']).toMatchObject({ allowed: false, refusal: 'role' });

    const member = await addMember(ctx, operator.org.id, ROLE.user);
    const abilities = await abilitiesOf(member.token);
    expect(abilities['platform.operate']).toEqual({ allowed: true });
    expect(abilities['operator.console']).toMatchObject({ allowed: false, refusal: 'hidden' });
  });

  it('closes the workspace after the trial, and refuses everything without an organization', async () => {
    const { token, org } = await makeOrg(ctx, { plan: 'trial' });
    expect((await abilitiesOf(token))['workspace.use']).toEqual({ allowed: true });
    await ctx.deps.db
      .update(organizations)
      .set({ trialEndsAt: new Date(Date.now() - 86400_000) })
      .where(eq(organizations.id, org.id));
    ctx.deps.authenticator.forgetAll();
    const ended = await abilitiesOf(token);
    expect(ended['workspace.use']).toEqual({ allowed: false, refusal: 'plan', code: 'trial_expired', message: MSG.billing.upgrade });
    // Still an admin: upgrading is what is left.
    expect(ended['billing.manage']).toEqual({ allowed: true });

    const loner = await makeUser(ctx);
    const none = await abilitiesOf(loner.token);
    expect(none['org.member']).toEqual({ allowed: false, refusal: 'role', code: 'no_org', message: MSG.pages.noOrg });
    expect(none['workspace.use']).toEqual(none['org.member']);
    // Only a count is compared for alerts (a missing limit counts as one); the routes need an organization first.
    expect(
      Object.entries(none)
        .filter(([, a]) => (a as { allowed: boolean }).allowed)
        .map(([action]) => action),
    ).toEqual(['alerts.create']);
  });

  it('follows a switch of organization in the PATCH answer', async () => {
    const { token, admin } = await makeOrg(ctx, { plan: 'starter' });
    const agency = await makeOrg(ctx, { plan: 'agency' });
    await addMembership(ctx, agency.org.id, admin.user.id, ROLE.user);
    expect((await abilitiesOf(token))['youtube.use']).toEqual(UPGRADE);

    const res = await ctx.call('PATCH', `/api/user/${admin.user.id}`, {
      token,
      body: { data: { type: 'user', relationships: { organization: { data: { type: 'organization', id: String(agency.org.id) } } } } },
    });
    expect(res.statusCode).toBe(200);
    const { abilities } = res.json().meta;
    expect(abilities['youtube.use']).toEqual({ allowed: true });
    expect(abilities['org.admin']).toMatchObject({ allowed: false, refusal: 'role' });
    expect(abilities['alerts.create']).toEqual({ allowed: true, limit: PLAN_DEFAULTS.agency.max_alerts_per_project });
  });
});
