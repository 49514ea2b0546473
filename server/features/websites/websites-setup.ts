import { afterAll, beforeAll, expect } from 'vitest';
import { ROLE } from '../../../common/limits.js';
import { CAPABILITIES_BY_LEGACY_ID } from '../../../common/plans.js';
import { createTestContext, type TestContext } from '../../../test/helpers/app.js';
import { addMember, makeOrg } from '../../../test/helpers/factories.js';

/**
 * What the websites API tests share (websites.test.ts, websites-feeds.test.ts): a platform
 * operator's admin and member and an outsider, set up by `useWebsitesContext()` in each file, and
 * the helpers that add websites and feeds. `ctx` and the tokens are live bindings, set in the
 * calling file's beforeAll.
 */
export let ctx: TestContext;
export let admin: string; // platform operator admin
export let member: string; // platform operator, role User
export let outsider: string; // admin of an ordinary organization

export function useWebsitesContext() {
  beforeAll(async () => {
    ctx = await createTestContext();
    const operator = await makeOrg(ctx, { plan: 'admin', capabilities: CAPABILITIES_BY_LEGACY_ID[1] });
    admin = operator.token;
    member = (await addMember(ctx, operator.org.id, ROLE.user)).token;
    outsider = (await makeOrg(ctx)).token;
  });
  afterAll(() => ctx.close());
}

export type ErrorBody = { status: string; code: string; detail: string; source?: { pointer?: string } };

export const websiteBody = (attributes: Record<string, unknown>) => ({ data: { type: 'website', attributes } });
export const feedBody = (attributes: Record<string, unknown>) => ({ data: { type: 'feed', attributes } });
export const pointers = (res: { json(): { errors: ErrorBody[] } }) => Object.fromEntries(res.json().errors.map((e) => [e.source?.pointer, e.detail]));

let n = 0;
export async function addWebsite(attrs: Record<string, unknown> = {}) {
  const res = await ctx.call('POST', '/api/websites', {
    token: admin,
    body: websiteBody({ domain: `site${++n}-${Date.now().toString(36)}.example`, reach: 4, language: 'en', ...attrs }),
  });
  expect(res.statusCode).toBe(201);
  return res.json().data as { id: string; attributes: Record<string, unknown> };
}
export async function addFeed(websiteId: string, feed: string) {
  const res = await ctx.call('POST', '/api/feeds', { token: admin, body: feedBody({ feed, website_id: websiteId, language: 'en', reach: 4, type: 0 }) });
  expect(res.statusCode).toBe(201);
  return res.json().data as { id: string; attributes: Record<string, unknown> };
}
