import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPETITOR_MESSAGES } from '../../../common/schemas/projects.js';
import { createTestContext, type TestContext } from '../../../test/helpers/app.js';
import { makeOrg, makeProject } from '../../../test/helpers/factories.js';

/** A project's competitors (issue 32): up to five named Super Search queries, checked as Super Search checks a query. */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

type ErrorBody = { errors: { detail: string; source?: { pointer?: string } }[] };
const patch = (token: string, id: number, competitors: unknown) =>
  ctx.call('PATCH', `/api/projects/${id}`, { token, body: { data: { type: 'project', attributes: { competitors } } } });
const pointers = (body: ErrorBody) => Object.fromEntries(body.errors.map((e) => [e.source?.pointer, e.detail]));

describe('project competitors', () => {
  it('saves up to five, trimmed and with curly quotes straightened, and answers them on the project and the list', async () => {
    const { org, token } = await makeOrg(ctx);
    const project = await makeProject(ctx, org.id);
    expect((await ctx.call('GET', `/api/projects/${project.id}`, { token })).json().data.attributes.competitors).toEqual([]);
    const res = await patch(token, project.id, [
      { name: '  Halcyon ', query: '“Halcyon Forge”' },
      { name: 'Umbra', query: 'umbra AND (drift OR "dark tide")' },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const saved = [
      { name: 'Halcyon', query: '"Halcyon Forge"' },
      { name: 'Umbra', query: 'umbra AND (drift OR "dark tide")' },
    ];
    expect(res.json().data.attributes.competitors).toEqual(saved);
    const list = await ctx.call('GET', '/api/projects', { token });
    expect(list.json().data.find((p: { id: string }) => p.id === String(project.id)).attributes.competitors).toEqual(saved);
    // Another change leaves them as they are; an empty list clears them.
    const renamed = await ctx.call('PATCH', `/api/projects/${project.id}`, { token, body: { data: { type: 'project', attributes: { name: 'Renamed' } } } });
    expect(renamed.json().data.attributes.competitors).toEqual(saved);
    expect((await patch(token, project.id, [])).json().data.attributes.competitors).toEqual([]);
  });

  it('refuses a bad name, a bad query and a sixth competitor at the field, and changes nothing', async () => {
    const { org, token } = await makeOrg(ctx);
    const project = await makeProject(ctx, org.id);
    await patch(token, project.id, [{ name: 'Kept', query: 'kept' }]);
    const res = await patch(token, project.id, [
      { name: '', query: 'fine' },
      { name: 'x'.repeat(61), query: 'fine' },
      { name: 'Unbalanced', query: '"halcyon forge' },
      { name: 'Empty', query: '   ' },
      { name: 'Only not', query: 'NOT umbra' },
    ]);
    expect(res.statusCode, res.body).toBe(422);
    const p = pointers(res.json());
    expect(p['/data/attributes/competitors/0/name']).toBe(COMPETITOR_MESSAGES.name);
    expect(p['/data/attributes/competitors/1/name']).toBe(COMPETITOR_MESSAGES.name);
    expect(p['/data/attributes/competitors/2/query']).toBeTruthy();
    expect(p['/data/attributes/competitors/3/query']).toBe(COMPETITOR_MESSAGES.queryRequired);
    expect(p['/data/attributes/competitors/4/query']).toBeTruthy();
    const nameless = await patch(token, project.id, [{ name: 'Fine', query: 'fine' }, { query: 'no name' }]);
    expect(pointers(nameless.json())).toEqual({ '/data/attributes/competitors/1/name': COMPETITOR_MESSAGES.name });
    const six = await patch(
      token,
      project.id,
      Array.from({ length: 6 }, (_, i) => ({ name: `C${i}`, query: `word${i}` })),
    );
    expect(six.statusCode).toBe(422);
    expect(pointers(six.json())['/data/attributes/competitors']).toBe(COMPETITOR_MESSAGES.tooMany);
    for (const bad of ['halcyon', [{ name: 'A', query: 5 }], [null]]) {
      const r = await patch(token, project.id, bad);
      expect(r.statusCode, JSON.stringify(bad)).toBe(422);
      expect(Object.keys(pointers(r.json()))[0]).toMatch(/^\/data\/attributes\/competitors/);
    }
    expect((await ctx.call('GET', `/api/projects/${project.id}`, { token })).json().data.attributes.competitors).toEqual([{ name: 'Kept', query: 'kept' }]);
  });

  it('answers 404 for another organization’s project and leaves it alone', async () => {
    const a = await makeOrg(ctx);
    const b = await makeOrg(ctx);
    const theirs = await makeProject(ctx, b.org.id);
    expect((await patch(a.token, theirs.id, [{ name: 'Mine', query: 'mine' }])).statusCode).toBe(404);
    expect((await ctx.call('GET', `/api/projects/${theirs.id}`, { token: b.token })).json().data.attributes.competitors).toEqual([]);
  });
});
