import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_CAPABILITIES } from '../../../common/plans.js';
import { organizations } from '../../db/schema/accounts.js';
import { startFakeStripe, type FakeStripe } from '../../../test/fakes/stripe.js';
import { createTestContext, type TestContext } from '../../../test/helpers/app.js';
import { makeOrg } from '../../../test/helpers/factories.js';
import { createMissingCustomers, ensureCustomer } from './service.js';

/** Stripe customers: created at sign-up, and by the hourly job for whoever still lacks one (issue 14). */

let fake: FakeStripe;
let ctx: TestContext;
beforeAll(async () => {
  fake = await startFakeStripe({ secretKey: 'sk_test_customer_suite', webhookSecret: 'whsec_customer_suite', prices: { pro_monthly: 'price_c_pro_m' } });
  ctx = await createTestContext(fake.env);
});
afterAll(async () => {
  await ctx?.close();
  await fake?.close();
});

const silent = { info() {}, warn() {}, error() {} };
const customerOf = async (orgId: number) => (await ctx.deps.db.select().from(organizations).where(eq(organizations.id, orgId)))[0].stripeCustomerId;

/** The sign-up form's proof of work, solved the way the browser widget does (SHA-256 of salt + n). */
async function solveCaptcha(): Promise<string> {
  const ch = (await ctx.call('GET', '/api/p/captcha')).json();
  let n = 0;
  while (createHash('sha256').update(`${ch.salt}${n}`).digest('hex') !== ch.challenge) n++;
  return Buffer.from(JSON.stringify({ algorithm: ch.algorithm, challenge: ch.challenge, number: n, salt: ch.salt, signature: ch.signature })).toString(
    'base64',
  );
}

let seq = 0;
async function signUp() {
  const email = `grace-${Date.now().toString(36)}-${seq++}@example.test`;
  const body = {
    name: 'Grace Hopper',
    email,
    password: 'compiler pioneer',
    organization_name: `Harvard Mark ${seq}`,
    client_name: 'Navy',
    project_name: 'COBOL',
    altcha: await solveCaptcha(),
  };
  const res = await ctx.call('POST', '/api/p/free_user', { body, headers: { 'content-type': 'application/json' } });
  expect(res.statusCode).toBe(201);
  const { rows } = await ctx.deps.pool.query<{ organization_id: number }>('select organization_id from users where email = $1', [email]);
  return { email, orgId: rows[0].organization_id };
}

describe('Stripe customers', () => {
  it('are created at sign-up with the organization name, the admin e-mail and the organization id', async () => {
    const { email, orgId } = await signUp();
    const customerId = await customerOf(orgId);
    expect(customerId).toMatch(/^cus_/);
    expect(fake.customers.get(customerId!)).toMatchObject({ email, name: `Harvard Mark ${seq}`, metadata: { organization_id: String(orgId) } });
    const request = fake.requests.filter((r) => r.path === '/v1/customers').at(-1)!;
    expect(request.headers['idempotency-key']).toBe(`org-${orgId}-customer`);
  });

  it('do not fail a sign-up while Stripe is down; the hourly job creates them later', async () => {
    fake.failNext(2); // the SDK retries once
    const { orgId } = await signUp();
    expect(await customerOf(orgId)).toBeNull();
    const { customersCreated } = await createMissingCustomers({ ...ctx.deps, log: silent });
    expect(customersCreated).toBeGreaterThanOrEqual(1);
    expect(await customerOf(orgId)).toMatch(/^cus_/);
  });

  it('are created once per organization, never for the platform operator', async () => {
    const o = await makeOrg(ctx, { plan: 'trial' });
    const first = await ensureCustomer(ctx.deps, o.org.id);
    const before = fake.requests.length;
    expect(await ensureCustomer(ctx.deps, o.org.id)).toBe(first);
    expect(fake.requests.length).toBe(before);

    const op = await makeOrg(ctx, { plan: 'admin', capabilities: { ...NO_CAPABILITIES, platform_operator: true } });
    expect(await ensureCustomer(ctx.deps, op.org.id)).toBeNull();
    await createMissingCustomers({ ...ctx.deps, log: silent });
    expect(await customerOf(op.org.id)).toBeNull();
  });

  it('the job counts failures without throwing and stops the run while Stripe is unreachable', async () => {
    const a = await makeOrg(ctx, { plan: 'trial' });
    const b = await makeOrg(ctx, { plan: 'trial' });
    fake.failNext(2);
    const warnings: unknown[] = [];
    const { customersCreated } = await createMissingCustomers({ ...ctx.deps, log: { ...silent, warn: (o: unknown) => warnings.push(o) } });
    expect(customersCreated).toBe(0);
    expect(warnings).toHaveLength(1);
    expect([await customerOf(a.org.id), await customerOf(b.org.id)]).toEqual([null, null]);
    expect((await createMissingCustomers({ ...ctx.deps, log: silent })).customersCreated).toBeGreaterThanOrEqual(2);
    expect(await customerOf(a.org.id)).toMatch(/^cus_/);
    expect(await customerOf(b.org.id)).toMatch(/^cus_/);
  });

  it('nothing happens without Stripe', async () => {
    const bare = await createTestContext();
    try {
      const o = await makeOrg(bare, { plan: 'trial' });
      expect(await ensureCustomer(bare.deps, o.org.id)).toBeNull();
      expect(await createMissingCustomers({ ...bare.deps, log: silent })).toEqual({ customersCreated: 0 });
    } finally {
      await bare.close();
    }
  });
});
