import type { TenantFixture, TenantProbeSet } from './types.js';

/** The owner's subscription the probes aim at. */
const ids = { project: 0, user: 0, subscription: 0 };

/**
 * The digests routes in the tenant-isolation suite: the owner subscribes to their project through
 * the API; the outsider names the owner's user, project and subscription and gets 404 each time
 * (one's own notifications only: another user's id is not found, whatever the organization).
 */
export const digestsProbes: TenantProbeSet = {
  async setup(f: TenantFixture) {
    ids.project = f.projectId;
    ids.user = f.owner.admin.user.id;
    const body = { data: { type: 'notification', attributes: { project_id: f.projectId, user_id: ids.user } } };
    const created = await f.ctx.call('POST', '/api/notifications', { token: f.owner.token, body });
    if (created.statusCode !== 201) throw new Error(`digests probe setup: ${created.body}`);
    ids.subscription = Number(created.json().data.id);
  },
  byId: {
    'GET /api/notifications': { url: () => `/api/notifications?id=${ids.user}` },
    'POST /api/notifications': {
      url: () => '/api/notifications',
      body: () => ({ data: { type: 'notification', attributes: { project_id: ids.project, user_id: ids.user } } }),
    },
    'PATCH /api/notifications/:id': {
      url: () => `/api/notifications/${ids.subscription}`,
      body: () => ({ data: { type: 'notification', id: String(ids.subscription), attributes: { subscription: { status: false } } } }),
    },
  },
  async snapshot(f: TenantFixture) {
    const rows = await f.ctx.deps.pool.query('select * from notification_subscriptions where organization_id = $1 order by id', [f.owner.org.id]);
    return JSON.stringify(rows.rows);
  },
};
