import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MSG } from '../../../common/messages.js';
import { tags } from '../../db/schema/workspace.js';
import { createTestContext, type TestContext } from '../../../test/helpers/app.js';
import { makeOrg, makeProject, makeTag } from '../../../test/helpers/factories.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

type ErrorBody = { code: string; detail: string; source?: { pointer?: string; parameter?: string } };
type TagDoc = { id: string; attributes: Record<string, unknown> };

const tagBody = (attributes: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  data: { type: 'tag', attributes, ...extra },
});
const rowsOf = (projectId: number) => ctx.deps.db.select().from(tags).where(eq(tags.projectId, projectId));
const rowOf = async (id: number | string) =>
  (
    await ctx.deps.db
      .select()
      .from(tags)
      .where(eq(tags.id, Number(id)))
  )[0];
const names = (res: { json(): { data: TagDoc[] } }) => res.json().data.map((t) => t.attributes.name);

/** The request's clock bounds a server-chosen "now" (no timing assertion: just ordering). */
async function during<T>(fn: () => Promise<T>) {
  const before = Date.now();
  const result = await fn();
  return { result, before, after: Date.now() };
}

describe('tags', () => {
  it('creates a tag in a project and reads it back', async () => {
    const { token, org } = await makeOrg(ctx);
    const project = await makeProject(ctx, org.id);
    const res = await ctx.call('POST', `/api/projects/${project.id}/tags`, { token, body: tagBody({ name: ' Reviews ' }) });
    expect(res.statusCode).toBe(201);
    const doc = res.json().data;
    expect(doc).toMatchObject({
      type: 'tag',
      attributes: { name: 'Reviews', project_id: String(project.id), locked: false, 'has-highlight': false, 'highlight-date': null },
      relationships: { project: { data: { type: 'project', id: String(project.id) } } },
    });
    expect(doc.attributes['inserted-at']).toEqual(expect.any(String));
    expect(await rowOf(doc.id)).toMatchObject({ organizationId: org.id, projectId: project.id, name: 'Reviews', hasHighlight: false, highlightDate: null });
    const one = await ctx.call('GET', `/api/tags/${doc.id}`, { token });
    expect(one.statusCode).toBe(200);
    expect(one.json().data).toEqual(doc);
  });

  it('dates a highlight: the given date, else now; a plain tag keeps none', async () => {
    const { token, org } = await makeOrg(ctx);
    const project = await makeProject(ctx, org.id);
    const url = `/api/projects/${project.id}/tags`;
    const dated = await ctx.call('POST', url, { token, body: tagBody({ name: 'Dated Tag', has_highlight: true, highlight_date: '2024-03-05' }) });
    expect(dated.json().data.attributes).toMatchObject({ 'has-highlight': true, 'highlight-date': '2024-03-05T00:00:00.000Z' });
    const {
      result: undated,
      before,
      after,
    } = await during(() => ctx.call('POST', url, { token, body: tagBody({ name: 'Undated Tag', has_highlight: true }) }));
    const at = Date.parse(undated.json().data.attributes['highlight-date']);
    expect(at).toBeGreaterThanOrEqual(before - 1000);
    expect(at).toBeLessThanOrEqual(after + 1000);
    const plain = await ctx.call('POST', url, { token, body: tagBody({ name: 'Plain Tag', has_highlight: false, highlight_date: '2024-03-05' }) });
    expect(plain.json().data.attributes).toMatchObject({ 'has-highlight': false, 'highlight-date': null });
    expect((await rowOf(plain.json().data.id)).highlightDate).toBeNull();
  });

  it('reports every invalid field with its pointer and writes nothing', async () => {
    const { token, org } = await makeOrg(ctx);
    const project = await makeProject(ctx, org.id);
    const res = await ctx.call('POST', `/api/projects/${project.id}/tags`, {
      token,
      body: tagBody({ name: 'abc', has_highlight: 'yes', highlight_date: 'not a date' }),
    });
    expect(res.statusCode).toBe(422);
    const details = Object.fromEntries(res.json().errors.map((e: ErrorBody) => [e.source?.pointer, e.detail]));
    expect(Object.keys(details).sort()).toEqual(['/data/attributes/has_highlight', '/data/attributes/highlight_date', '/data/attributes/name']);
    expect(details['/data/attributes/name']).toBe(MSG.validation.tagLength);
    expect(details['/data/attributes/highlight_date']).toBe('Please enter a valid date');
    const missing = await ctx.call('POST', `/api/projects/${project.id}/tags`, { token, body: tagBody({}) });
    expect(missing.json().errors).toEqual([
      expect.objectContaining({ status: '422', detail: MSG.validation.tagLength, source: { pointer: '/data/attributes/name' } }),
    ]);
    const mismatch = await ctx.call('POST', `/api/projects/${project.id}/tags`, {
      token,
      body: tagBody({ name: 'Good Name' }, { relationships: { project: { data: { type: 'project', id: String(project.id + 1000) } } } }),
    });
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json().errors[0].source).toEqual({ pointer: '/data/relationships/project' });
    expect(await rowsOf(project.id)).toEqual([]);
  });

  it('lists with project, locked and search filters, sorts and meta', async () => {
    const { token, org } = await makeOrg(ctx);
    const p1 = await makeProject(ctx, org.id);
    const p2 = await makeProject(ctx, org.id);
    await makeTag(ctx, org.id, p1.id, 'Bravo News');
    await makeTag(ctx, org.id, p1.id, 'alpha reviews');
    const archived = await makeTag(ctx, org.id, p1.id, 'Charlie Old');
    await ctx.deps.db
      .update(tags)
      .set({ locked: true, updatedAt: new Date(Date.now() + 60_000) })
      .where(eq(tags.id, archived.id));
    await makeTag(ctx, org.id, p2.id, 'Delta Elsewhere');

    const forP1 = await ctx.call('GET', `/api/tags?filter[project_id]=${p1.id}`, { token });
    expect(names(forP1)).toEqual(['alpha reviews', 'Bravo News', 'Charlie Old']);
    expect(forP1.json().meta).toEqual({ total_entries: 3, last_page: 1, page_number: 1, page_size: 500 });
    expect(names(await ctx.call('GET', `/api/tags?project_id=${p2.id}`, { token }))).toEqual(['Delta Elsewhere']);
    expect(names(await ctx.call('GET', `/api/tags?filter[project_id]=${p1.id}&filter[locked]=false&sort=-name`, { token }))).toEqual([
      'Bravo News',
      'alpha reviews',
    ]);
    expect(names(await ctx.call('GET', '/api/tags?filter[locked]=true', { token }))).toEqual(['Charlie Old']);
    expect(names(await ctx.call('GET', '/api/tags?filter[search]=REV', { token }))).toEqual(['alpha reviews']);
    expect(names(await ctx.call('GET', '/api/tags?sort=-inserted_at&page[page_size]=2', { token }))).toEqual(['Delta Elsewhere', 'Charlie Old']);
    expect(names(await ctx.call('GET', '/api/tags?sort=-updated_at', { token }))[0]).toBe('Charlie Old');

    const bad = await ctx.call('GET', '/api/tags?filter[project_id]=first', { token });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0]).toMatchObject({ code: 'bad_request', source: { parameter: 'filter[project_id]' } });
    const badSort = await ctx.call('GET', '/api/tags?sort=color', { token });
    expect(badSort.statusCode).toBe(400);
    expect(badSort.json().errors[0].source).toEqual({ parameter: 'sort' });
  });

  it('exports the list as CSV', async () => {
    const { token, org } = await makeOrg(ctx);
    const project = await makeProject(ctx, org.id);
    const tag = await makeTag(ctx, org.id, project.id, 'Quotes, "Mentions"');
    const res = await ctx.call('GET', `/api/tags?filter[project_id]=${project.id}`, { token, headers: { accept: 'text/csv' } });
    expect(res.headers['content-type']).toContain('text/csv');
    const lines = res.body.trim().split('\n');
    expect(lines[0]).toBe('id,name,project_id,locked,has-highlight,highlight-date,inserted-at,updated-at');
    expect(lines[1].startsWith(`${tag.id},"Quotes, ""Mentions""",${project.id},false,false,,`)).toBe(true);
  });

  it('renames, archives, re-activates and toggles the highlight', async () => {
    const { token, org } = await makeOrg(ctx);
    const project = await makeProject(ctx, org.id);
    const tag = await makeTag(ctx, org.id, project.id, 'Original');
    const patch = (attributes: Record<string, unknown>) => ctx.call('PATCH', `/api/tags/${tag.id}`, { token, body: tagBody(attributes) });

    const renamed = await patch({ name: 'Renamed', locked: true });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().data.attributes).toMatchObject({ name: 'Renamed', locked: true });
    expect((await patch({ locked: false })).json().data.attributes.locked).toBe(false);

    // A date alone does not highlight a plain tag.
    expect((await patch({ highlight_date: '2024-01-01' })).json().data.attributes).toMatchObject({ 'has-highlight': false, 'highlight-date': null });
    const { result: on, before, after } = await during(() => patch({ has_highlight: true }));
    const at = Date.parse(on.json().data.attributes['highlight-date']);
    expect(at).toBeGreaterThanOrEqual(before - 1000);
    expect(at).toBeLessThanOrEqual(after + 1000);
    // Saving the form again keeps the date it had.
    expect((await patch({ has_highlight: true, name: 'Renamed Again' })).json().data.attributes['highlight-date']).toBe(
      on.json().data.attributes['highlight-date'],
    );
    expect((await patch({ highlight_date: '2024-06-01T10:00:00Z' })).json().data.attributes['highlight-date']).toBe('2024-06-01T10:00:00.000Z');
    const off = await patch({ has_highlight: false });
    expect(off.json().data.attributes).toMatchObject({ 'has-highlight': false, 'highlight-date': null });
    expect(await rowOf(tag.id)).toMatchObject({ name: 'Renamed Again', locked: false, hasHighlight: false, highlightDate: null });

    const invalid = await patch({ name: 'abc', locked: 'no' });
    expect(invalid.statusCode).toBe(422);
    expect(
      invalid
        .json()
        .errors.map((e: ErrorBody) => e.source?.pointer)
        .sort(),
    ).toEqual(['/data/attributes/locked', '/data/attributes/name']);
    expect((await rowOf(tag.id)).name).toBe('Renamed Again');
  });

  it('answers 404 to another organization on every route and changes nothing', async () => {
    const owner = await makeOrg(ctx);
    const outsider = await makeOrg(ctx);
    const project = await makeProject(ctx, owner.org.id);
    const tag = await makeTag(ctx, owner.org.id, project.id, 'Private Tag');
    const before = await rowsOf(project.id);

    expect((await ctx.call('GET', `/api/tags/${tag.id}`, { token: outsider.token })).statusCode).toBe(404);
    const patch = await ctx.call('PATCH', `/api/tags/${tag.id}`, { token: outsider.token, body: tagBody({ name: 'Hijacked', locked: true }) });
    expect(patch.statusCode).toBe(404);
    expect(patch.json().errors[0].code).toBe('not_found');
    const create = await ctx.call('POST', `/api/projects/${project.id}/tags`, { token: outsider.token, body: tagBody({ name: 'Planted Tag' }) });
    expect(create.statusCode).toBe(404);
    const list = await ctx.call('GET', `/api/tags?filter[project_id]=${project.id}`, { token: outsider.token });
    expect(list.json()).toMatchObject({ data: [], meta: { total_entries: 0 } });
    expect(await rowsOf(project.id)).toEqual(before);

    const nowhere = await ctx.call('POST', '/api/projects/999999/tags', { token: owner.token, body: tagBody({ name: 'Nowhere Tag' }) });
    expect(nowhere.statusCode).toBe(404);
  });

  it('needs a token', async () => {
    for (const [method, url] of [
      ['GET', '/api/tags'],
      ['GET', '/api/tags/1'],
      ['POST', '/api/projects/1/tags'],
      ['PATCH', '/api/tags/1'],
    ] as const) {
      const res = await ctx.call(method, url, { body: method === 'GET' ? undefined : tagBody({ name: 'Whatever' }) });
      expect(res.statusCode).toBe(401);
    }
  });
});
