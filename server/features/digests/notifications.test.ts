import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationSubscriptions } from '../../db/schema/notifications.js';
import { createTestContext, type TestContext } from '../../../test/helpers/app.js';
import { addMember, makeOrg, makeProject } from '../../../test/helpers/factories.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const createBody = (projectId: number | string, userId: number | string) => ({
  data: { type: 'notification', attributes: { project_id: projectId, user_id: userId } },
});
const patchBody = (id: number | string, subscription: Record<string, unknown>, userId?: number) => ({
  data: { type: 'notification', id: String(id), attributes: { subscription, ...(userId !== undefined && { user_id: userId }) } },
});
const rowOf = async (id: number) => (await ctx.deps.db.select().from(notificationSubscriptions).where(eq(notificationSubscriptions.id, id)))[0];

describe('POST notifications', () => {
  it('creates the caller’s subscription (on, daily, a random token), then flips it', async () => {
    const { org, admin, token } = await makeOrg(ctx);
    const project = await makeProject(ctx, org.id);
    const first = await ctx.call('POST', '/api/notifications', { token, body: createBody(project.id, admin.user.id) });
    expect(first.statusCode, first.body).toBe(201);
    const created = first.json().data;
    expect(created).toMatchObject({
      type: 'notification',
      attributes: { status: true, frequency: 'daily', project_id: String(project.id), user_id: String(admin.user.id) },
      relationships: { project: { data: { type: 'project', id: String(project.id) } } },
    });
    const row = await rowOf(Number(created.id));
    expect(row.unsubscribeToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(row.organizationId).toBe(org.id);

    const second = await ctx.call('POST', '/api/notifications', { token, body: createBody(String(project.id), String(admin.user.id)) });
    expect(second.statusCode).toBe(200);
    expect(second.json().data).toMatchObject({ id: created.id, attributes: { status: false } });
    const third = await ctx.call('POST', '/api/notifications', { token, body: createBody(project.id, admin.user.id) });
    expect(third.json().data.attributes.status).toBe(true);
    // Switched back on: coverage from while it was off is not mailed later.
    expect((await rowOf(Number(created.id))).coveredUntil.getTime()).toBeGreaterThan(row.coveredUntil.getTime());
    expect((await rowOf(Number(created.id))).unsubscribeToken).toBe(row.unsubscribeToken);
  });

  it('answers 404 for another organization’s project and for another user, and writes nothing', async () => {
    const { org, admin, token } = await makeOrg(ctx);
    const other = await makeOrg(ctx);
    const theirs = await makeProject(ctx, other.org.id);
    const mine = await makeProject(ctx, org.id);
    const colleague = await addMember(ctx, org.id);
    const foreign = await ctx.call('POST', '/api/notifications', { token, body: createBody(theirs.id, admin.user.id) });
    expect(foreign.statusCode).toBe(404);
    const forSomeoneElse = await ctx.call('POST', '/api/notifications', { token, body: createBody(mine.id, colleague.user.id) });
    expect(forSomeoneElse.statusCode).toBe(404);
    expect(forSomeoneElse.json().errors[0]).toMatchObject({ code: 'not_found', source: { pointer: '/data/attributes/user_id' } });
    const rows = await ctx.deps.db.select().from(notificationSubscriptions).where(eq(notificationSubscriptions.organizationId, org.id));
    expect(rows).toHaveLength(0);
  });

  it('reports every invalid field with its pointer', async () => {
    const { token } = await makeOrg(ctx);
    const res = await ctx.call('POST', '/api/notifications', {
      token,
      body: { data: { type: 'notification', attributes: { project_id: 'abc', user_id: -1 } } },
    });
    expect(res.statusCode).toBe(422);
    const pointers = res.json().errors.map((e: { source?: { pointer?: string } }) => e.source?.pointer);
    expect(pointers).toEqual(expect.arrayContaining(['/data/attributes/project_id', '/data/attributes/user_id']));
  });

  it('needs a session', async () => {
    const res = await ctx.call('POST', '/api/notifications', { body: createBody(1, 1) });
    expect(res.statusCode).toBe(401);
  });
});

describe('PATCH notifications/{id}', () => {
  it('sets the status and the frequency of the caller’s own subscription', async () => {
    const { org, admin, token } = await makeOrg(ctx);
    const project = await makeProject(ctx, org.id);
    const id = (await ctx.call('POST', '/api/notifications', { token, body: createBody(project.id, admin.user.id) })).json().data.id;
    const off = await ctx.call('PATCH', `/api/notifications/${id}`, { token, body: patchBody(id, { status: false }, admin.user.id) });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().data.attributes).toMatchObject({ status: false, frequency: 'daily' });
    const instant = await ctx.call('PATCH', `/api/notifications/${id}`, { token, body: patchBody(id, { status: true, frequency: 'instant' }) });
    expect(instant.json().data.attributes).toMatchObject({ status: true, frequency: 'instant' });
    expect(await rowOf(Number(id))).toMatchObject({ status: true, frequency: 'instant' });
  });

  it('refuses an unknown frequency, an empty change (422) and a mismatched id (409) with pointers', async () => {
    const { org, admin, token } = await makeOrg(ctx);
    const project = await makeProject(ctx, org.id);
    const id = (await ctx.call('POST', '/api/notifications', { token, body: createBody(project.id, admin.user.id) })).json().data.id;
    const weekly = await ctx.call('PATCH', `/api/notifications/${id}`, { token, body: patchBody(id, { frequency: 'weekly' }) });
    expect(weekly.statusCode).toBe(422);
    expect(weekly.json().errors[0].source.pointer).toBe('/data/attributes/subscription/frequency');
    const empty = await ctx.call('PATCH', `/api/notifications/${id}`, { token, body: patchBody(id, {}) });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors[0].source.pointer).toBe('/data/attributes/subscription');
    const mismatch = await ctx.call('PATCH', `/api/notifications/${id}`, { token, body: patchBody(Number(id) + 1, { status: false }) });
    // JSON:API: a body id that is not the address's is a conflict (the app-wide hook answers it).
    expect(mismatch.statusCode).toBe(409);
    expect(mismatch.json().errors[0].source.pointer).toBe('/data/id');
    expect((await rowOf(Number(id))).status).toBe(true);
  });

  it('answers 404 for a colleague’s subscription and another organization’s, changing nothing', async () => {
    const { org, token } = await makeOrg(ctx);
    const colleague = await addMember(ctx, org.id);
    const project = await makeProject(ctx, org.id);
    const theirs = (await ctx.call('POST', '/api/notifications', { token: colleague.token, body: createBody(project.id, colleague.user.id) })).json().data.id;
    const res = await ctx.call('PATCH', `/api/notifications/${theirs}`, { token, body: patchBody(theirs, { status: false }) });
    expect(res.statusCode).toBe(404);
    const outsider = await makeOrg(ctx);
    expect((await ctx.call('PATCH', `/api/notifications/${theirs}`, { token: outsider.token, body: patchBody(theirs, { status: false }) })).statusCode).toBe(
      404,
    );
    expect((await rowOf(Number(theirs))).status).toBe(true);
  });
});

describe('GET notifications?id={userId}', () => {
  it('lists only the caller’s subscriptions in the current organization', async () => {
    const { org, admin, token } = await makeOrg(ctx);
    const colleague = await addMember(ctx, org.id);
    const [a, b] = [await makeProject(ctx, org.id), await makeProject(ctx, org.id)];
    await ctx.call('POST', '/api/notifications', { token, body: createBody(a.id, admin.user.id) });
    await ctx.call('POST', '/api/notifications', { token, body: createBody(b.id, admin.user.id) });
    await ctx.call('POST', '/api/notifications', { token: colleague.token, body: createBody(a.id, colleague.user.id) });
    const res = await ctx.call('GET', `/api/notifications?id=${admin.user.id}`, { token });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.map((d: { relationships: { project: { data: { id: string } } } }) => d.relationships.project.data.id)).toEqual([String(a.id), String(b.id)]);
    expect(data.every((d: { attributes: { user_id: string; status: boolean } }) => d.attributes.user_id === String(admin.user.id) && d.attributes.status)).toBe(
      true,
    );
  });

  it('answers 404 for another user’s id and 400 without one', async () => {
    const { org, token } = await makeOrg(ctx);
    const colleague = await addMember(ctx, org.id);
    const other = await ctx.call('GET', `/api/notifications?id=${colleague.user.id}`, { token });
    expect(other.statusCode).toBe(404);
    const missing = await ctx.call('GET', '/api/notifications', { token });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors[0]).toMatchObject({ code: 'bad_request', source: { parameter: 'id' } });
  });
});
