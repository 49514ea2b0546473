import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { ROLE, TRIAL_DAYS } from '../../../common/limits.js';
import { CAPABILITIES_BY_LEGACY_ID, PLAN_DEFAULTS } from '../../../common/plans.js';
import { organizations } from '../../db/schema/accounts.js';
import { reports } from '../../db/schema/reports.js';
import { createTestContext, type TestContext } from '../../../test/helpers/app.js';
import { makeAlert } from '../../../test/helpers/coverage-factories.js';
import { addMember, makeOrg, makeProject } from '../../../test/helpers/factories.js';

const DAY = 86_400_000;

type Err = { code: string; detail: string; source?: { pointer?: string } };
type Doc = {
  data: { type: string; id: string; attributes: Record<string, unknown> & { usage: Record<string, unknown>; subscription_status: Record<string, unknown> } }[];
  meta: { total_entries: number; last_page: number; page_number: number; page_size: number };
};

let ctx: TestContext;
let operator: Awaited<ReturnType<typeof makeOrg>>;
beforeAll(async () => {
  ctx = await createTestContext();
  operator = await makeOrg(ctx, { plan: 'admin', name: 'Coverwatch HQ', capabilities: CAPABILITIES_BY_LEGACY_ID[1] });
});
afterAll(() => ctx?.close());

const list = (query = '', token = operator.token) => ctx.call('GET', `/api/operator/organizations${query}`, { token });
const patch = (id: number | string, attributes: Record<string, unknown>, token = operator.token) =>
  ctx.call('PATCH', `/api/operator/organizations/${id}`, { token, body: { data: { type: 'operator_organization', id: String(id), attributes } } });
const orgRow = async (id: number) => (await ctx.deps.db.select().from(organizations).where(eq(organizations.id, id)))[0]!;
const setTrialEnd = (id: number, at: Date, status = 'trialing') =>
  ctx.deps.db.update(organizations).set({ trialEndsAt: at, subscriptionStatus: status }).where(eq(organizations.id, id));

async function makeReport(orgId: number, projectId: number) {
  await ctx.deps.db.insert(reports).values({
    id: randomUUID(),
    organizationId: orgId,
    projectId,
    name: 'Coverage',
    dateStart: new Date('2026-01-01'),
    dateEnd: new Date('2026-01-31'),
  });
}

describe('GET operator/organizations', () => {
  it('lists an organization with its plan, status and usage against its limits', async () => {
    const { org } = await makeOrg(ctx, { plan: 'starter', name: 'Usage Corp' });
    const p1 = await makeProject(ctx, org.id);
    await makeProject(ctx, org.id);
    await makeProject(ctx, org.id, { locked: true }); // over a past limit: not an active project
    await makeReport(org.id, p1.id);
    await makeReport(org.id, p1.id);
    await makeReport(org.id, p1.id);
    await makeAlert(ctx, org.id, { projectId: p1.id });
    await addMember(ctx, org.id, ROLE.user);
    await addMember(ctx, org.id, ROLE.kicked);
    // Another organization's things are not counted.
    const other = await makeOrg(ctx, { plan: 'pro', name: 'Usage Neighbour' });
    await makeAlert(ctx, other.org.id, {});

    const res = await list('?filter[search]=usage');
    expect(res.statusCode).toBe(200);
    const doc = res.json() as Doc;
    expect(doc.data.map((d) => d.attributes.name)).toEqual(['Usage Corp', 'Usage Neighbour']);
    const [row] = doc.data;
    expect(row).toMatchObject({ type: 'operator_organization', id: String(org.id) });
    expect(row!.attributes).toEqual({
      name: 'Usage Corp',
      plan: 'starter',
      'plan-name': 'Starter plan',
      subscription_status: {
        trial_expired: false,
        trial_ends_at: null,
        status: 'active',
        plan_source: 'signup',
        billing_period: null,
        current_period_end: null,
        payment_failed: false,
      },
      stripe_customer_id: null,
      platform_operator: false,
      inserted_at: org.insertedAt.toISOString(),
      members: 2,
      usage: {
        projects: { used: 2, limit: PLAN_DEFAULTS.starter.max_projects },
        reports: { used: 3, limit: PLAN_DEFAULTS.starter.max_reports },
        highlights_limit: PLAN_DEFAULTS.starter.max_screenshots,
        alerts: 1,
        data_months: PLAN_DEFAULTS.starter.max_data,
      },
    });
    expect(doc.data[1]!.attributes.usage).toMatchObject({ projects: { used: 1, limit: 12 }, reports: { used: 0, limit: 200 }, alerts: 1 });
    expect(doc.data[1]!.attributes.members).toBe(1);
  });

  it('pages, searches (LIKE characters taken literally) and sorts', async () => {
    for (const name of ['Paging Alpha', 'Paging Beta', 'Paging Gamma', 'Paging 100% Delta']) await makeOrg(ctx, { plan: 'trial', name });
    const first = (await list('?filter[search]=paging&page[number]=1&page[size]=3')).json() as Doc;
    expect(first.meta).toEqual({ total_entries: 4, last_page: 2, page_number: 1, page_size: 3 });
    expect(first.data.map((d) => d.attributes.name)).toEqual(['Paging 100% Delta', 'Paging Alpha', 'Paging Beta']);
    const second = (await list('?filter[search]=paging&page[number]=2&page[size]=3')).json() as Doc;
    expect(second.data.map((d) => d.attributes.name)).toEqual(['Paging Gamma']);
    const desc = (await list('?filter[search]=paging&sort=-name')).json() as Doc;
    expect(desc.data.map((d) => d.attributes.name)).toEqual(['Paging Gamma', 'Paging Beta', 'Paging Alpha', 'Paging 100% Delta']);
    const percent = (await list(`?filter[search]=${encodeURIComponent('100%')}`)).json() as Doc;
    expect(percent.data.map((d) => d.attributes.name)).toEqual(['Paging 100% Delta']);
    expect((await list('?filter[search]=nothing-like-this')).json()).toMatchObject({ data: [], meta: { total_entries: 0 } });
  });

  it('sorts plans by what they give and lists the operator as such', async () => {
    const doc = (await list('?sort=-plan&page[size]=100')).json() as Doc;
    const plans = doc.data.map((d) => d.attributes.plan);
    expect(plans[0]).toBe('admin');
    const rank = ['trial', 'starter', 'pro', 'agency', 'admin'];
    expect(plans.map((p) => rank.indexOf(String(p)))).toEqual([...plans.map((p) => rank.indexOf(String(p)))].sort((a, b) => b - a));
    expect(doc.data.find((d) => d.id === String(operator.org.id))!.attributes.platform_operator).toBe(true);
  });

  it('answers 400 with the parameter for a bad sort or page size', async () => {
    const res = await list('?sort=password');
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].source).toEqual({ parameter: 'sort' });
    expect((await list('?page[size]=1001')).statusCode).toBe(400);
  });

  it('is a 404 for everybody but the platform operator’s admins', async () => {
    const plainOperatorMember = await addMember(ctx, operator.org.id, ROLE.user);
    const customer = await makeOrg(ctx, { plan: 'agency' });
    for (const token of [plainOperatorMember.token, customer.token]) {
      const res = await list('', token);
      expect(res.statusCode).toBe(404);
      expect(res.json().errors[0].code).toBe('not_found');
      // A malformed write is the same 404, not a 422 that would reveal the route.
      const write = await ctx.call('PATCH', `/api/operator/organizations/${customer.org.id}`, { token, body: { nonsense: true } });
      expect(write.statusCode).toBe(404);
    }
    expect((await ctx.call('GET', '/api/operator/organizations')).statusCode).toBe(401);
    expect((await orgRow(customer.org.id)).plan).toBe('agency');
  });
});

describe('PATCH operator/organizations/{id}', () => {
  it("changes the plan: the plan's permissions, active, and the organization sees it at once", async () => {
    const { org, token } = await makeOrg(ctx, { plan: 'trial' });
    await makeProject(ctx, org.id);
    expect((await ctx.call('GET', '/api/user', { token })).json().data.attributes.organization.plan).toBe('trial'); // cached now

    const res = await patch(org.id, { plan: 'pro' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      type: 'operator_organization',
      id: String(org.id),
      attributes: {
        plan: 'pro',
        'plan-name': 'Pro plan',
        subscription_status: { status: 'active', plan_source: 'operator' },
        usage: { projects: { used: 1, limit: 12 } },
      },
    });
    expect((await orgRow(org.id)).permissions).toEqual(PLAN_DEFAULTS.pro);
    const seen = (await ctx.call('GET', '/api/user', { token })).json().data.attributes.organization;
    expect(seen).toMatchObject({ plan: 'pro', permissions: PLAN_DEFAULTS.pro, subscription_status: { status: 'active', trial_expired: false } });
  });

  it('a downgrade deletes nothing', async () => {
    const { org } = await makeOrg(ctx, { plan: 'pro' });
    for (let i = 0; i < 7; i++) await makeProject(ctx, org.id);
    const res = await patch(org.id, { plan: 'starter' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.attributes.usage.projects).toEqual({ used: 7, limit: 6 });
  });

  it('back to trial keeps a running trial end, or gives a fresh one', async () => {
    const before = Date.now();
    const { org } = await makeOrg(ctx, { plan: 'starter' });
    const res = await patch(org.id, { plan: 'trial' });
    expect(res.statusCode).toBe(200);
    const row = await orgRow(org.id);
    expect(row).toMatchObject({ plan: 'trial', subscriptionStatus: 'trialing', permissions: PLAN_DEFAULTS.trial });
    expect(row.trialEndsAt!.getTime()).toBeGreaterThanOrEqual(before + TRIAL_DAYS * DAY - 1000);
    expect(row.trialEndsAt!.getTime()).toBeLessThanOrEqual(Date.now() + TRIAL_DAYS * DAY);

    const trial = await makeOrg(ctx, { plan: 'trial' });
    const running = new Date(Date.now() + 3 * DAY);
    await setTrialEnd(trial.org.id, running);
    await patch(trial.org.id, { plan: 'trial' });
    expect((await orgRow(trial.org.id)).trialEndsAt).toEqual(running);
  });

  it('a new trial end reopens an expired trial', async () => {
    const { org, token } = await makeOrg(ctx, { plan: 'trial' });
    await setTrialEnd(org.id, new Date(Date.now() - DAY), 'expired');
    expect((await ctx.call('GET', '/api/projects', { token })).json().errors[0].code).toBe('trial_expired');

    const until = new Date(Date.now() + 10 * DAY);
    const res = await patch(org.id, { trial_ends_at: until.toISOString() });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.attributes.subscription_status).toMatchObject({ status: 'trialing', trial_expired: false, trial_ends_at: until.toISOString() });
    const seen = (await ctx.call('GET', '/api/user', { token })).json().data.attributes.organization.subscription_status;
    expect(seen).toMatchObject({ trial_expired: false, status: 'trialing', trial_ends_at: until.toISOString() });
    expect((await ctx.call('GET', '/api/projects', { token })).statusCode).toBe(200);
  });

  it('refuses bad trial ends with pointers, and changes nothing', async () => {
    const { org } = await makeOrg(ctx, { plan: 'trial' });
    const before = await orgRow(org.id);
    const cases: [Record<string, unknown>, string][] = [
      [{ trial_ends_at: new Date(Date.now() - DAY).toISOString() }, 'The trial end must be in the future'],
      [{ trial_ends_at: new Date(Date.now() + 366 * DAY).toISOString() }, 'The trial end can be at most 365 days ahead'],
      [{ trial_ends_at: 'next tuesday' }, 'Trial end must be a date and time (ISO 8601)'],
      [{ trial_ends_at: 12 }, 'Trial end must be a date and time (ISO 8601)'],
      [{ plan: 'pro', trial_ends_at: new Date(Date.now() + DAY).toISOString() }, 'Only the trial plan has an end date'],
    ];
    for (const [attributes, detail] of cases) {
      const res = await patch(org.id, attributes);
      expect(res.statusCode, JSON.stringify(attributes)).toBe(422);
      expect(res.json().errors).toEqual([
        expect.objectContaining({ code: 'validation_failed', detail, source: { pointer: '/data/attributes/trial_ends_at' } }),
      ]);
    }
    expect(await orgRow(org.id)).toEqual(before);
  });

  it('refuses unknown plans (admin included), empty changes and wrong types', async () => {
    const { org } = await makeOrg(ctx, { plan: 'trial' });
    for (const plan of ['admin', 'gold', 3]) {
      const res = await patch(org.id, { plan });
      expect(res.statusCode).toBe(422);
      expect((res.json().errors as Err[])[0]!.source).toEqual({ pointer: '/data/attributes/plan' });
    }
    const empty = await patch(org.id, {});
    expect(empty.statusCode).toBe(422);
    expect((empty.json().errors as Err[])[0]!.source).toEqual({ pointer: '/data/attributes' });
    const wrongType = await ctx.call('PATCH', `/api/operator/organizations/${org.id}`, {
      token: operator.token,
      body: { data: { type: 'organizations', attributes: { plan: 'pro' } } },
    });
    expect(wrongType.statusCode).toBe(422);
    expect((await orgRow(org.id)).plan).toBe('trial');
  });

  it("refuses to change the platform operator's organization", async () => {
    for (const attributes of [{ plan: 'starter' }, { trial_ends_at: new Date(Date.now() + DAY).toISOString() }]) {
      const res = await patch(operator.org.id, attributes);
      expect(res.statusCode).toBe(422);
      const [err] = res.json().errors as Err[];
      expect(err!.detail).toBe("The platform operator's organization keeps its plan");
      expect(err!.source!.pointer).toBe(attributes.plan ? '/data/attributes/plan' : '/data/attributes/trial_ends_at');
    }
    expect(await orgRow(operator.org.id)).toMatchObject({ plan: 'admin', permissions: PLAN_DEFAULTS.admin });
  });

  it('answers 404 for an unknown id and 409 for a body naming another id', async () => {
    const missing = await patch(999999, { plan: 'pro' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().errors[0].code).toBe('not_found');
    expect((await patch('abc', { plan: 'pro' })).statusCode).toBe(400);
    const { org } = await makeOrg(ctx, { plan: 'trial' });
    const mismatch = await ctx.call('PATCH', `/api/operator/organizations/${org.id}`, {
      token: operator.token,
      body: { data: { type: 'operator_organization', id: String(org.id + 1), attributes: { plan: 'pro' } } },
    });
    expect(mismatch.statusCode).toBe(409);
    expect((await orgRow(org.id)).plan).toBe('trial');
  });
});

describe('OpenAPI', () => {
  it('documents both routes with the request schema', () => {
    const spec = (ctx.app as unknown as { swagger(): { paths: Record<string, Record<string, { requestBody?: unknown }>> } }).swagger();
    expect(spec.paths['/api/operator/organizations']?.get).toBeTruthy();
    const body = JSON.stringify(spec.paths['/api/operator/organizations/{id}']?.patch?.requestBody);
    expect(body).toContain('trial_ends_at');
    expect(body).toContain('agency');
  });
});
