import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import pg from 'pg';
import { MSG } from '../../../common/messages.js';
import { PLAN_DEFAULTS } from '../../../common/plans.js';
import { organizations, users } from '../../db/schema/accounts.js';
import { projects } from '../../db/schema/workspace.js';
import { createTestContext, type TestContext } from '../../../test/helpers/app.js';
import { makeClient, makeOrg, makeProject, makeUpload } from '../../../test/helpers/factories.js';
import { body, type ErrorBody } from './projects-setup.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const rowsOf = (orgId: number) => ctx.deps.db.select().from(projects).where(eq(projects.organizationId, orgId));
const activeCount = async (orgId: number) =>
  (
    await ctx.deps.db
      .select()
      .from(projects)
      .where(and(eq(projects.organizationId, orgId), eq(projects.locked, false)))
  ).length;
async function waitForLockWaiter(client: pg.Client) {
  for (let i = 0; i < 500; i++) {
    const { rows } = await client.query("select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'");
    if (rows[0].n > 0) return;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error('the request never waited for the organization lock');
}

describe('projects', () => {
  it('creates a project under a brand and answers with the brand included', async () => {
    const { token, org } = await makeOrg(ctx);
    const brand = await makeClient(ctx, org.id, 'Acme Games');
    const res = await ctx.call('POST', '/api/projects', { token, body: body({ name: '  Launch Week ' }, brand.id) });
    expect(res.statusCode).toBe(201);
    const doc = res.json();
    expect(doc.data).toMatchObject({
      type: 'project',
      attributes: {
        name: 'Launch Week',
        avatar: null,
        locked: false,
        client_id: String(brand.id),
        client: { id: String(brand.id), name: 'Acme Games' },
        'alert-id': null,
        'youtube-search-id': null,
        'twitch-search-id': null,
        'total-articles': 0,
        'total-reports': 0,
      },
      relationships: { client: { data: { type: 'client', id: String(brand.id) } } },
    });
    expect(doc.data.attributes['inserted-at']).toEqual(expect.any(String));
    expect(doc.included).toEqual([
      expect.objectContaining({ type: 'client', id: String(brand.id), attributes: expect.objectContaining({ name: 'Acme Games', locked: false }) }),
    ]);
    const [row] = await rowsOf(org.id);
    expect(row).toMatchObject({ id: Number(doc.data.id), name: 'Launch Week', clientId: brand.id, locked: false });

    const one = await ctx.call('GET', `/api/projects/${doc.data.id}`, { token });
    expect(one.statusCode).toBe(200);
    expect(one.json().data).toEqual(doc.data);
    expect(one.json().included[0].id).toBe(String(brand.id));
  });

  it('reports every invalid field, the brand at /data/relationships/client, and writes nothing', async () => {
    const { token, org } = await makeOrg(ctx);
    const missing = await ctx.call('POST', '/api/projects', { token, body: body({ name: 'ab', avatar: 'http://x/y.png' }) });
    expect(missing.statusCode).toBe(422);
    const details = Object.fromEntries(missing.json().errors.map((e: ErrorBody) => [e.source?.pointer, e.detail]));
    expect(details).toEqual({
      '/data/attributes/name': MSG.validation.projectLength,
      '/data/attributes/avatar': 'Avatar must be an image uploaded to Coverwatch',
      '/data/relationships/client': MSG.validation.projectNeedsBrand,
    });
    for (const client of [{ data: null }, { data: { type: 'brand', id: '1' } }, { data: { type: 'client', id: 'x' } }, 'nope']) {
      const res = await ctx.call('POST', '/api/projects', {
        token,
        body: { data: { type: 'project', attributes: { name: 'Fine Name' }, relationships: { client } } },
      });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual([
        expect.objectContaining({ code: 'validation_failed', detail: MSG.validation.projectNeedsBrand, source: { pointer: '/data/relationships/client' } }),
      ]);
    }
    const long = await ctx.call('POST', '/api/projects', { token, body: body({ name: 'x'.repeat(31) }, 1) });
    expect(long.json().errors[0]).toMatchObject({ detail: MSG.validation.projectLength, source: { pointer: '/data/attributes/name' } });
    expect(await rowsOf(org.id)).toEqual([]);
  });

  it('needs an active brand of the organization', async () => {
    const { token, org } = await makeOrg(ctx);
    const other = await makeOrg(ctx);
    const archived = await makeClient(ctx, org.id, 'Old Brand');
    await ctx.call('PATCH', `/api/clients/${archived.id}`, { token, body: { data: { type: 'client', attributes: { locked: true } } } });
    const foreign = await makeClient(ctx, other.org.id, 'Their Brand');
    for (const clientId of [archived.id, foreign.id, 999999]) {
      const res = await ctx.call('POST', '/api/projects', { token, body: body({ name: 'New Project' }, clientId) });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual([
        expect.objectContaining({ status: '422', detail: MSG.validation.projectNeedsBrand, source: { pointer: '/data/relationships/client' } }),
      ]);
    }
    expect(await rowsOf(org.id)).toEqual([]);
    expect(await rowsOf(other.org.id)).toEqual([]);
  });

  it('enforces the plan limit on create and on re-activation (trial: 3 active projects)', async () => {
    expect(PLAN_DEFAULTS.trial.max_projects).toBe(3);
    const { token, org } = await makeOrg(ctx, { plan: 'trial' });
    const brand = await makeClient(ctx, org.id);
    await makeProject(ctx, org.id, { clientId: brand.id, locked: true });
    const ids: string[] = [];
    for (const name of ['One Project', 'Two Project', 'Three Project']) {
      const res = await ctx.call('POST', '/api/projects', { token, body: body({ name }, brand.id) });
      expect(res.statusCode).toBe(201);
      ids.push(res.json().data.id);
    }
    const over = await ctx.call('POST', '/api/projects', { token, body: body({ name: 'Four Project' }, brand.id) });
    expect(over.statusCode).toBe(403);
    expect(over.json().errors).toEqual([expect.objectContaining({ status: '403', code: 'plan_limit', detail: MSG.billing.upgrade })]);
    expect(await rowsOf(org.id)).toHaveLength(4);

    // Archiving makes room; re-activating the archived one then counts against the limit.
    const archive = await ctx.call('PATCH', `/api/projects/${ids[0]}`, { token, body: { data: { type: 'project', attributes: { locked: true } } } });
    expect(archive.json().data.attributes.locked).toBe(true);
    expect((await ctx.call('POST', '/api/projects', { token, body: body({ name: 'Four Project' }, brand.id) })).statusCode).toBe(201);
    const reactivate = await ctx.call('PATCH', `/api/projects/${ids[0]}`, {
      token,
      body: { data: { type: 'project', attributes: { locked: false, name: 'Renamed Too' } } },
    });
    expect(reactivate.statusCode).toBe(403);
    expect(reactivate.json().errors[0]).toMatchObject({ code: 'plan_limit', detail: MSG.billing.upgrade });
    const [kept] = await ctx.deps.db
      .select()
      .from(projects)
      .where(eq(projects.id, Number(ids[0])));
    expect(kept).toMatchObject({ locked: true, name: 'One Project' });
    expect(await activeCount(org.id)).toBe(3);
    // Saving an already active project with locked: false is not a re-activation.
    const noop = await ctx.call('PATCH', `/api/projects/${ids[1]}`, { token, body: { data: { type: 'project', attributes: { locked: false } } } });
    expect(noop.statusCode).toBe(200);
  });

  it('counts active projects only after taking the organization lock (create and re-activate)', async () => {
    const { token, org } = await makeOrg(ctx, { plan: 'trial' });
    const brand = await makeClient(ctx, org.id);
    await makeProject(ctx, org.id, { clientId: brand.id });
    await makeProject(ctx, org.id, { clientId: brand.id });
    const archived = await makeProject(ctx, org.id, { clientId: brand.id, locked: true });
    const requests = [
      () => ctx.call('POST', '/api/projects', { token, body: body({ name: 'Late Comer' }, brand.id) }),
      () => ctx.call('PATCH', `/api/projects/${archived.id}`, { token, body: { data: { type: 'project', attributes: { locked: false } } } }),
    ];
    for (const send of requests) {
      // Another writer holds the lock and takes the last slot while the request waits for it.
      const blocker = new pg.Client({ connectionString: ctx.dbUrl });
      await blocker.connect();
      try {
        await blocker.query('begin');
        await blocker.query('select id from organizations where id = $1 for update', [org.id]);
        const pending = send();
        await waitForLockWaiter(blocker);
        await blocker.query('insert into projects (organization_id, client_id, name) values ($1, $2, $3)', [org.id, brand.id, 'Slot Taker']);
        await blocker.query('commit');
        const res = await pending;
        expect(res.statusCode).toBe(403);
        expect(res.json().errors[0].code).toBe('plan_limit');
        expect(await activeCount(org.id)).toBe(3);
      } finally {
        await blocker.end();
      }
      // Free one slot for the next request.
      await ctx.deps.db
        .update(projects)
        .set({ locked: true })
        .where(and(eq(projects.organizationId, org.id), eq(projects.name, 'Slot Taker')));
    }
    const [row] = await ctx.deps.db.select().from(projects).where(eq(projects.id, archived.id));
    expect(row.locked).toBe(true);
    expect((await rowsOf(org.id)).map((r) => r.name)).not.toContain('Late Comer');
  });

  it('refuses projects when the plan has none', async () => {
    const { token, org } = await makeOrg(ctx);
    await ctx.deps.db
      .update(organizations)
      .set({ permissions: { ...PLAN_DEFAULTS.pro, projects: false } })
      .where(eq(organizations.id, org.id));
    ctx.deps.authenticator.forgetAll();
    const brand = await makeClient(ctx, org.id);
    const res = await ctx.call('POST', '/api/projects', { token, body: body({ name: 'Not Allowed' }, brand.id) });
    expect(res.statusCode).toBe(403);
    expect(res.json().errors[0]).toMatchObject({ code: 'plan_limit', detail: MSG.billing.upgrade });
    expect(await rowsOf(org.id)).toEqual([]);
  });

  it('edits name, avatar, alert and brand, and archives a default project', async () => {
    const { token, org, admin } = await makeOrg(ctx);
    const first = await makeClient(ctx, org.id, 'First Brand');
    const second = await makeClient(ctx, org.id, 'Second Brand');
    const archivedBrand = await makeClient(ctx, org.id, 'Gone Brand');
    const p = await makeProject(ctx, org.id, { clientId: first.id, name: 'Original' });
    await ctx.deps.db.update(users).set({ defaultProjectId: p.id }).where(eq(users.id, admin.user.id));
    const avatar = await makeUpload(ctx, org.id);
    const res = await ctx.call('PATCH', `/api/projects/${p.id}`, {
      token,
      body: body({ name: 'Renamed', avatar, alert_id: '42' }, second.id),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.attributes).toMatchObject({
      name: 'Renamed',
      avatar,
      'alert-id': '42',
      client_id: String(second.id),
      client: { id: String(second.id), name: 'Second Brand' },
    });
    expect(res.json().included[0].id).toBe(String(second.id));

    await ctx.deps.db.update(projects).set({ clientId: archivedBrand.id }).where(eq(projects.id, p.id));
    await ctx.call('PATCH', `/api/clients/${archivedBrand.id}`, { token, body: { data: { type: 'client', attributes: { locked: true } } } });
    // The brand it already has passes even though archived; moving to an archived one does not.
    const same = await ctx.call('PATCH', `/api/projects/${p.id}`, { token, body: body({ alert_id: null }, archivedBrand.id) });
    expect(same.statusCode).toBe(200);
    expect(same.json().data.attributes['alert-id']).toBeNull();
    await ctx.deps.db.update(projects).set({ clientId: second.id }).where(eq(projects.id, p.id));
    const moved = await ctx.call('PATCH', `/api/projects/${p.id}`, { token, body: body({}, archivedBrand.id) });
    expect(moved.statusCode).toBe(422);
    expect(moved.json().errors[0]).toMatchObject({ detail: MSG.validation.projectNeedsBrand, source: { pointer: '/data/relationships/client' } });

    const invalid = await ctx.call('PATCH', `/api/projects/${p.id}`, { token, body: body({ name: 'x', locked: 'yes' }) });
    expect(invalid.statusCode).toBe(422);
    expect(
      invalid
        .json()
        .errors.map((e: ErrorBody) => e.source?.pointer)
        .sort(),
    ).toEqual(['/data/attributes/locked', '/data/attributes/name']);

    const archived = await ctx.call('PATCH', `/api/projects/${p.id}`, { token, body: { data: { type: 'project', attributes: { locked: true } } } });
    expect(archived.statusCode).toBe(200);
    const [row] = await ctx.deps.db.select().from(projects).where(eq(projects.id, p.id));
    expect(row).toMatchObject({ name: 'Renamed', locked: true, clientId: second.id, alertId: null });
    const [user] = await ctx.deps.db.select().from(users).where(eq(users.id, admin.user.id));
    expect(user.defaultProjectId).toBe(p.id);
  });

  it('answers 404 to another organization on every route and changes nothing', async () => {
    const owner = await makeOrg(ctx);
    const outsider = await makeOrg(ctx);
    const brand = await makeClient(ctx, owner.org.id, 'Private Brand');
    const p = await makeProject(ctx, owner.org.id, { clientId: brand.id, name: 'Private' });
    const before = await rowsOf(owner.org.id);
    expect((await ctx.call('GET', `/api/projects/${p.id}`, { token: outsider.token })).statusCode).toBe(404);
    const patch = await ctx.call('PATCH', `/api/projects/${p.id}`, {
      token: outsider.token,
      body: body({ name: 'Hijacked', locked: true }),
    });
    expect(patch.statusCode).toBe(404);
    expect(patch.json().errors[0].code).toBe('not_found');
    const list = await ctx.call('GET', `/api/projects?filter[client_id]=${brand.id}`, { token: outsider.token });
    expect(list.json()).toMatchObject({ data: [], meta: { total_entries: 0 } });
    // Creating under their brand is refused like any brand that is not ours.
    const create = await ctx.call('POST', '/api/projects', { token: outsider.token, body: body({ name: 'Sneaky' }, brand.id) });
    expect(create.statusCode).toBe(422);
    expect(await rowsOf(owner.org.id)).toEqual(before);
    expect(await rowsOf(outsider.org.id)).toEqual([]);
  });

  it('needs a token', async () => {
    for (const [method, url] of [
      ['GET', '/api/projects'],
      ['GET', '/api/projects/1'],
      ['POST', '/api/projects'],
      ['PATCH', '/api/projects/1'],
    ] as const) {
      const res = await ctx.call(method, url, { body: method === 'GET' ? undefined : body({ name: 'Whatever' }, 1) });
      expect(res.statusCode).toBe(401);
    }
  });
});
