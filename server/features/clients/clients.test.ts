import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helpers/app.js';
import { makeClient, makeOrg } from '../../../test/helpers/factories.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('brands (clients)', () => {
  it('creates, lists, renames, archives and re-activates a brand', async () => {
    const { token } = await makeOrg(ctx);
    const created = await ctx.call('POST', '/api/clients', {
      token,
      body: { data: { type: 'client', attributes: { name: 'Acme Games' } } },
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().data.id;
    expect(created.json().data.attributes).toMatchObject({ name: 'Acme Games', locked: false });

    const renamed = await ctx.call('PATCH', `/api/clients/${id}`, {
      token,
      body: { data: { type: 'client', id, attributes: { name: 'Acme Studios' } } },
    });
    expect(renamed.json().data.attributes.name).toBe('Acme Studios');

    await ctx.call('PATCH', `/api/clients/${id}`, { token, body: { data: { type: 'client', attributes: { locked: true } } } });
    const archived = await ctx.call('GET', '/api/clients?filter[locked]=true', { token });
    expect(archived.json().data.map((c: { id: string }) => c.id)).toEqual([id]);
    const active = await ctx.call('GET', '/api/clients?filter[locked]=false', { token });
    expect(active.json().meta.total_entries).toBe(0);

    await ctx.call('PATCH', `/api/clients/${id}`, { token, body: { data: { type: 'client', attributes: { locked: false } } } });
    const again = await ctx.call('GET', '/api/clients?filter[locked]=false', { token });
    expect(again.json().meta.total_entries).toBe(1);
  });

  it('reports every invalid field with its pointer and writes nothing', async () => {
    const { token, org } = await makeOrg(ctx);
    const res = await ctx.call('POST', '/api/clients', {
      token,
      body: { data: { type: 'client', attributes: { name: 'ab', avatar: 'javascript:alert(1)' } } },
    });
    expect(res.statusCode).toBe(422);
    const pointers = res
      .json()
      .errors.map((e: { source: { pointer: string } }) => e.source.pointer)
      .sort();
    expect(pointers).toEqual(['/data/attributes/avatar', '/data/attributes/name']);
    expect(res.json().errors.find((e: { source: { pointer: string } }) => e.source.pointer.endsWith('name')).detail).toBe(
      'Brand name must be between 3 and 50 characters',
    );
    const list = await ctx.call('GET', '/api/clients', { token });
    expect(list.json().meta.total_entries).toBe(0);
    expect(org.id).toBeGreaterThan(0);
  });

  it('paginates with meta and searches by name', async () => {
    const { token, org } = await makeOrg(ctx);
    for (const n of ['Alpha One', 'Beta Two', 'Gamma Three', 'Delta Four', 'Alpha Five']) await makeClient(ctx, org.id, n);
    const page = await ctx.call('GET', '/api/clients?page[page]=2&page[page_size]=2&sort=name', { token });
    expect(page.json().meta).toEqual({ total_entries: 5, last_page: 3, page_number: 2, page_size: 2 });
    expect(page.json().data.map((c: { attributes: { name: string } }) => c.attributes.name)).toEqual(['Beta Two', 'Delta Four']);
    const search = await ctx.call('GET', '/api/clients?filter[search]=alpha&sort=-name', { token });
    expect(search.json().data.map((c: { attributes: { name: string } }) => c.attributes.name)).toEqual(['Alpha One', 'Alpha Five']);
  });

  it('exports the list as CSV', async () => {
    const { token, org } = await makeOrg(ctx);
    await makeClient(ctx, org.id, 'Comma, Inc');
    const res = await ctx.call('GET', '/api/clients', { token, headers: { accept: 'text/csv' } });
    expect(res.headers['content-type']).toContain('text/csv');
    const lines = res.body.trim().split('\n');
    expect(lines[0]).toBe('id,name,locked,inserted-at,updated-at');
    expect(lines[1]).toContain('"Comma, Inc"');
  });

  it('exports text a spreadsheet would run as a formula as text', async () => {
    const { token, org } = await makeOrg(ctx);
    await makeClient(ctx, org.id, '=HYPERLINK("https://evil.example","Open")');
    await makeClient(ctx, org.id, '@SUM(A1)');
    const res = await ctx.call('GET', '/api/clients', { token, headers: { accept: 'text/csv' } });
    const names = res.body
      .trim()
      .split('\n')
      .slice(1)
      .map((l) => l.split(',').slice(1, -3).join(','));
    expect(names.sort()).toEqual([`"'=HYPERLINK(""https://evil.example"",""Open"")"`, "'@SUM(A1)"]);
  });

  it('answers 404 to another organization and changes nothing', async () => {
    const owner = await makeOrg(ctx);
    const outsider = await makeOrg(ctx);
    const brand = await makeClient(ctx, owner.org.id, 'Private Brand');
    expect((await ctx.call('GET', `/api/clients/${brand.id}`, { token: outsider.token })).statusCode).toBe(404);
    const patch = await ctx.call('PATCH', `/api/clients/${brand.id}`, {
      token: outsider.token,
      body: { data: { type: 'client', attributes: { name: 'Hijacked' } } },
    });
    expect(patch.statusCode).toBe(404);
    const mine = await ctx.call('GET', `/api/clients/${brand.id}`, { token: owner.token });
    expect(mine.json().data.attributes.name).toBe('Private Brand');
  });

  it('needs a token', async () => {
    const res = await ctx.call('GET', '/api/clients');
    expect(res.statusCode).toBe(401);
    expect(res.json().errors[0].code).toBe('unauthorized');
  });
});
