import type { TenantFixture, TenantProbeSet } from './types.js';

/** The owner's suggestion and the pack the probes aim at. */
const ids = { suggestion: 0 };
const PACK = 'games-en';

/**
 * Sources in the tenant-isolation suite. Packs, discovery and the decision on a suggestion are
 * the platform operator's (every other organization gets the 404 of an unknown route, before its
 * body is read). A suggestion belongs to the organization that made it: the list shows an
 * organization its own only. What is being watched (sources/status) is the installation's, the
 * same for everyone; suggesting creates the caller's own row.
 */
export const sourcesProbes: TenantProbeSet = {
  async setup(f: TenantFixture) {
    await f.ctx.deps.pool.query(
      `insert into source_packs (id, name, language, category) values ($1, 'Games press — English', 'en', 'games') on conflict do nothing`,
      [PACK],
    );
    const owner = await f.ctx.deps.pool.query<{ id: number }>(
      `insert into website_suggestions (organization_id, url, domain, feeds) values ($1, 'owner-outlet.example', 'owner-outlet.example', '[]') returning id`,
      [f.owner.org.id],
    );
    ids.suggestion = owner.rows[0].id;
    // The outsider has one too, so its empty-of-owner list is not empty by accident.
    await f.ctx.deps.pool.query(
      `insert into website_suggestions (organization_id, url, domain, feeds) values ($1, 'outsider-outlet.example', 'outsider-outlet.example', '[]')`,
      [f.outsider.org.id],
    );
  },
  ownOrganization: ['GET /api/sources/status', 'POST /api/website_suggestions'],
  lists: {
    'GET /api/website_suggestions': { url: () => '/api/website_suggestions', forbiddenIds: () => [ids.suggestion] },
  },
  operatorOnly: {
    'GET /api/source_packs': { url: () => '/api/source_packs' },
    'PATCH /api/source_packs/:id': {
      url: () => `/api/source_packs/${PACK}`,
      body: () => ({ data: { type: 'source_pack', id: PACK, attributes: { enabled: true } } }),
    },
    'POST /api/source_packs/first_run': {
      url: () => '/api/source_packs/first_run',
      body: () => ({ data: { type: 'source_first_run', attributes: { done: true } } }),
    },
    'POST /api/feeds/discover': {
      url: () => '/api/feeds/discover',
      body: () => ({ data: { type: 'feed_discovery', attributes: { url: 'owner-outlet.example' } } }),
    },
    'PATCH /api/website_suggestions/:id': {
      url: () => `/api/website_suggestions/${ids.suggestion}`,
      body: () => ({ data: { type: 'website_suggestion', id: String(ids.suggestion), attributes: { status: 'rejected' } } }),
    },
  },
  async snapshot(f: TenantFixture) {
    const rows = await f.ctx.deps.pool.query('select * from website_suggestions where organization_id = $1 order by id', [f.owner.org.id]);
    const packs = await f.ctx.deps.pool.query('select id, enabled, changed_at from source_packs order by id');
    return JSON.stringify([rows.rows, packs.rows]);
  },
};
