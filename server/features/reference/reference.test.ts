import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COUNTRIES, LANGUAGES, REGIONS } from '../../../common/reference.js';
import { mediatypes } from '../../db/schema/coverage.js';
import { createTestContext, type TestContext } from '../../../test/helpers/app.js';
import { makeOrg } from '../../../test/helpers/factories.js';
import { DEFAULT_MEDIATYPES, ensureMediatypes } from './service.js';

let ctx: TestContext;
let token: string;
beforeAll(async () => {
  ctx = await createTestContext();
  token = (await makeOrg(ctx)).token;
});
afterAll(() => ctx.close());

type Doc = { data: { id: string; type: string; attributes: Record<string, unknown> }[]; meta: { total_entries: number; page_size: number } };
const get = async (url: string) => {
  const res = await ctx.call('GET', url, { token });
  expect(res.statusCode).toBe(200);
  return res.json() as Doc;
};

describe('reference lists', () => {
  it('lists languages with their page size, searchable by name', async () => {
    const doc = await get('/api/languages');
    expect(doc.meta).toMatchObject({ total_entries: LANGUAGES.length, page_size: 150 });
    expect(doc.data).toContainEqual({ type: 'language', id: 'en', attributes: { code: 'en', name: 'English' } });
    expect(doc.data.map((l) => l.id)).toContain('unknown');
    const found = await get('/api/languages?filter[search]=germ');
    expect(found.data.map((l) => l.id)).toEqual(['de']);
  });

  it('lists countries with ISO codes and regions, filterable by region', async () => {
    const doc = await get('/api/countries');
    expect(doc.meta).toMatchObject({ total_entries: COUNTRIES.length, page_size: 250 });
    expect(doc.data).toContainEqual({ type: 'country', id: 'DE', attributes: { 'iso-code': 'DE', name: 'Germany', region: 'Europe', numeric: '276' } });
    const oceania = await get('/api/countries?filter[region]=Oceania');
    expect(oceania.data.every((c) => c.attributes.region === 'Oceania')).toBe(true);
    expect(oceania.data.map((c) => c.id)).toContain('AU');
    for (const c of COUNTRIES) expect(REGIONS).toContain(c.region);
    expect(new Set(COUNTRIES.map((c) => c.code)).size).toBe(COUNTRIES.length);
  });

  it('lists the regions', async () => {
    const doc = await get('/api/regions');
    expect(doc.data.map((r) => r.attributes.name)).toEqual([...REGIONS]);
    expect(doc.meta.page_size).toBe(150);
  });

  it('seeds media types idempotently and lists them', async () => {
    await ensureMediatypes(ctx.deps.db);
    await ensureMediatypes(ctx.deps.db);
    expect(await ctx.deps.db.select().from(mediatypes)).toHaveLength(DEFAULT_MEDIATYPES.length);
    const doc = await get('/api/mediatypes');
    expect(doc.meta).toMatchObject({ total_entries: DEFAULT_MEDIATYPES.length, page_size: 150 });
    expect(doc.data.map((m) => m.attributes.name)).toEqual([...DEFAULT_MEDIATYPES].sort((a, b) => a.localeCompare(b)));
    expect(doc.data[0].type).toBe('mediatype');
  });

  it('needs a signed-in member', async () => {
    expect((await ctx.call('GET', '/api/languages')).statusCode).toBe(401);
  });
});
