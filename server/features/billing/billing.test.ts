import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { organizations } from '../../db/schema/accounts.js';
import { EXCLUDED_PRODUCT_NAMES, PLAN_DEFAULTS, PRODUCTS, planFeatureList } from '../../../common/plans.js';
import { loadConfig, parseStripePrices } from '../../config.js';
import { createTestContext, type TestContext } from '../../../test/helpers/app.js';
import { makeOrg } from '../../../test/helpers/factories.js';
import { listProducts, planForPriceId } from './service.js';

const PRICES = 'starter_monthly=price_1,starter_annual=price_2,pro_monthly=price_3,pro_annual=price_4';

type Doc = { data: { id: string; type: string; attributes: Record<string, unknown> }[]; meta: { total_entries: number } };

describe('GET /api/products', () => {
  let ctx: TestContext;
  let token: string;
  beforeAll(async () => {
    ctx = await createTestContext({ STRIPE_PRICES: 'starter_monthly=price_1, pro_annual=price_4' });
    token = (await makeOrg(ctx)).token;
  });
  afterAll(() => ctx.close());

  it('lists the plans on sale with prices in minor units and the configured price ids', async () => {
    const res = await ctx.call('GET', '/api/products', { token });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as Doc;
    expect(doc.data.map((p) => [p.type, p.id])).toEqual([
      ['product', 'starter'],
      ['product', 'pro'],
      ['product', 'agency'],
    ]);
    expect(doc.meta.total_entries).toBe(3);
    const [starter, pro, agency] = doc.data;
    expect(starter!.attributes).toMatchObject({
      name: 'Starter',
      monthly_price: 24900,
      annual_price: 267000,
      currency: 'usd',
      monthly_price_id: 'price_1',
      annual_price_id: null,
      contact_sales: false,
    });
    expect(starter!.attributes.features).toContain('6 active projects');
    expect(starter!.attributes.features).toContain('3 months of Super Search history');
    expect(starter!.attributes.missing_features).toContain('YouTube and Twitch feeds');
    expect(pro!.attributes).toMatchObject({ name: 'Pro', monthly_price: 49900, annual_price: 539000, monthly_price_id: null, annual_price_id: 'price_4' });
    expect(pro!.attributes.features).toContain('12 active projects');
    expect(agency!.attributes).toMatchObject({
      name: 'Agency',
      monthly_price: null,
      annual_price: null,
      monthly_price_id: null,
      annual_price_id: null,
      contact_sales: true,
    });
    expect(typeof agency!.attributes.description).toBe('string');
    const names = doc.data.map((p) => String(p.attributes.name).toLowerCase());
    for (const excluded of EXCLUDED_PRODUCT_NAMES) expect(names).not.toContain(excluded.toLowerCase());
    expect(JSON.stringify(doc)).not.toMatch(/Rare Subscription|Historical Supersearch/i);
  });

  it('still answers an organization whose trial has ended (the end-of-trial page shows the plans)', async () => {
    const { token: trialToken, org } = await makeOrg(ctx, { plan: 'trial' });
    await ctx.deps.db
      .update(organizations)
      .set({ trialEndsAt: new Date(Date.now() - 86400_000) })
      .where(eq(organizations.id, org.id));
    ctx.deps.authenticator.forgetAll();
    expect((await ctx.call('GET', '/api/projects', { token: trialToken })).json().errors[0].code).toBe('trial_expired');
    const res = await ctx.call('GET', '/api/products', { token: trialToken });
    expect(res.statusCode).toBe(200);
    expect((res.json() as Doc).data.map((p) => p.id)).toEqual(['starter', 'pro', 'agency']);
  });

  it('answers 401 without a token', async () => {
    const res = await ctx.call('GET', '/api/products');
    expect(res.statusCode).toBe(401);
    expect((res.json() as { errors: { status: string }[] }).errors[0]!.status).toBe('401');
  });
});

describe('products definition', () => {
  it('never lists an excluded product name and derives features from the plan limits', () => {
    for (const p of PRODUCTS) expect(EXCLUDED_PRODUCT_NAMES.map((n) => n.toLowerCase())).not.toContain(p.name.toLowerCase());
    expect(PRODUCTS.find((p) => p.key === 'pro')!.features).toEqual(planFeatureList(PLAN_DEFAULTS.pro).included);
    expect(planFeatureList(PLAN_DEFAULTS.agency).included).toContain('Unlimited reports');
    expect(planFeatureList(PLAN_DEFAULTS.starter).included).toContain('1 organization');
  });

  it('names what a plan lacks in the words of the plans that have it, apart from what it includes (issue 27)', () => {
    const starter = planFeatureList(PLAN_DEFAULTS.starter);
    expect(starter.missing).toEqual([
      'YouTube and Twitch feeds',
      'Unique monthly visitors (UMV) per outlet',
      'Several alerts per project',
      'Custom branding of public reports',
    ]);
    expect(starter.included).toContain('Slack and Discord alerts');
    expect(planFeatureList(PLAN_DEFAULTS.pro).included).toContain('YouTube and Twitch feeds');
    const agency = planFeatureList(PLAN_DEFAULTS.agency);
    expect(agency.missing).toEqual([]);
    expect(agency.included).toEqual(expect.arrayContaining(['Up to 5 alerts per project', 'Custom branding of public reports']));
    // Half a family: what the plan has is included, the rest missing.
    expect(planFeatureList({ ...PLAN_DEFAULTS.pro, twitch_feed: false })).toMatchObject({
      included: expect.arrayContaining(['YouTube feeds']),
      missing: expect.arrayContaining(['Twitch feeds']),
    });
    // Nothing reads as a negation: the mark says it is missing.
    for (const p of PRODUCTS) expect([...p.features, ...p.missing_features].filter((f) => /^No |only$/.test(f))).toEqual([]);
  });

  it('lists null price ids when none are configured', () => {
    const products = listProducts({ stripePrices: {} });
    expect(products.every((p) => p.attributes.monthly_price_id === null && p.attributes.annual_price_id === null)).toBe(true);
  });
});

describe('planForPriceId', () => {
  const config = { stripePrices: parseStripePrices(PRICES) as Exclude<ReturnType<typeof parseStripePrices>, string> };
  it('maps every configured price id back to its plan and period', () => {
    expect(planForPriceId(config, 'price_1')).toEqual({ plan: 'starter', period: 'monthly' });
    expect(planForPriceId(config, 'price_2')).toEqual({ plan: 'starter', period: 'annual' });
    expect(planForPriceId(config, 'price_3')).toEqual({ plan: 'pro', period: 'monthly' });
    expect(planForPriceId(config, 'price_4')).toEqual({ plan: 'pro', period: 'annual' });
  });
  it('answers null for an unknown, empty or missing price id', () => {
    expect(planForPriceId(config, 'price_9')).toBeNull();
    expect(planForPriceId(config, '')).toBeNull();
    expect(planForPriceId(config, null)).toBeNull();
    expect(planForPriceId({ stripePrices: {} }, 'price_1')).toBeNull();
  });
});

describe('STRIPE_PRICES', () => {
  it('parses plan_period=price_id pairs, spaces and empty allowed', () => {
    expect(parseStripePrices(PRICES)).toEqual({ starter_monthly: 'price_1', starter_annual: 'price_2', pro_monthly: 'price_3', pro_annual: 'price_4' });
    expect(parseStripePrices('')).toEqual({});
    expect(parseStripePrices(' pro_monthly = price_3 ,')).toEqual({ pro_monthly: 'price_3' });
    expect(loadConfig({}).stripePrices).toEqual({});
    expect(loadConfig({ STRIPE_PRICES: PRICES }).stripePrices.pro_annual).toBe('price_4');
  });

  it('refuses a bad value at startup with a clear message', () => {
    expect(parseStripePrices('starter_monthly')).toMatch(/not plan_period=price_id/);
    expect(parseStripePrices('agency_monthly=price_1')).toMatch(/unknown "agency_monthly"/);
    expect(parseStripePrices('pro_monthly=price_1,pro_monthly=price_2')).toMatch(/given twice/);
    expect(parseStripePrices('pro_monthly=price_1,pro_annual=price_1')).toMatch(/two plans/);
    expect(parseStripePrices('pro_monthly=price 1')).toMatch(/not plan_period/);
    expect(() => loadConfig({ STRIPE_PRICES: 'gold=price_1' })).toThrow(/Invalid configuration:\n {2}STRIPE_PRICES: unknown "gold"/);
  });
});
