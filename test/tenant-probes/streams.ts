import type { TenantFixture, TenantProbeSet } from './types.js';

/** The owner's Twitch data the probes aim at. */
const ids = { project: 0, tag: 0, feed: 0, item: 0, saved: 0 };

/**
 * The streams feature's routes in the tenant-isolation suite. The suite runs without Twitch
 * credentials: the owner's feed is created through the API (it waits, not_configured), an item in
 * it is written directly as a poll would, and a saved copy goes through the API.
 */
export const streamsProbes: TenantProbeSet = {
  async setup(f: TenantFixture) {
    ids.project = f.projectId;
    ids.tag = f.tagId;
    const created = await f.ctx.call('POST', '/api/twitch_feed', {
      token: f.owner.token,
      body: { keyword: 'Owner keyword', project_id: f.projectId, game_id: '509658' },
    });
    if (created.statusCode !== 201) throw new Error(`streams probe setup: ${created.body}`);
    ids.feed = Number(created.json().data.id);
    const pool = f.ctx.deps.pool;
    await pool.query(
      `insert into twitch_channels (id, login, display_name, followers) values ('880001', 'ownercaster', 'OwnerCaster', 500) on conflict do nothing`,
    );
    const item = await pool.query(
      `insert into twitch_items (kind, twitch_id, twitch_video_id, broadcaster_id, game_id, title, published_at, view_count)
       values ('video', '880000001', '880000001', '880001', '509658', 'Owner keyword video', now(), 10) returning id`,
    );
    ids.item = Number(item.rows[0].id);
    await pool.query(`insert into twitch_feed_items (feed_id, item_id, organization_id) values ($1, $2, $3)`, [ids.feed, ids.item, f.owner.org.id]);
    const saved = await f.ctx.call('POST', '/api/twitch_feed/save', {
      token: f.owner.token,
      body: { streams: [ids.item], tag_id: f.tagId, keyword_id: ids.feed },
    });
    if (saved.json().data?.attributes?.success !== 1) throw new Error(`streams probe setup: ${saved.body}`);
    ids.saved = Number((await pool.query(`select id from saved_streams where organization_id = $1`, [f.owner.org.id])).rows[0].id);
    // The outsider has a feed of its own, so its empty answers prove scoping.
    const theirs = await pool.query(`select id from projects where organization_id = $1 and twitch_search_id is null limit 1`, [f.outsider.org.id]);
    await f.ctx.call('POST', '/api/twitch_feed', {
      token: f.outsider.token,
      body: { keyword: 'Outsider keyword', project_id: theirs.rows[0].id, game_id: '509658' },
    });
  },
  ownOrganization: [
    // Server state only (credentials configured or not).
    'GET /api/twitch_feed/availability',
    // Twitch's public games and streams: no tenant data.
    'GET /api/twitch_feed/preview',
    'GET /api/twitch_feed/preview_streams',
    // Platform operator only (`twitch.refresh`: any other organization gets 404, routes.test.ts);
    // declared org since it answers the workspace's 403 first, and 202, not the owner check's 200.
    'GET /api/twitch_feed/:id/refresh',
  ],
  byId: {
    'POST /api/twitch_feed': { url: () => '/api/twitch_feed', body: () => ({ keyword: 'Planted', project_id: ids.project, game_id: '509658' }) },
    'GET /api/twitch_feed/:id/info': { url: () => `/api/twitch_feed/${ids.feed}/info` },
    'GET /api/twitch_feed/:id': { url: () => `/api/twitch_feed/${ids.feed}` },
    'PATCH /api/twitch_feed/:id': { url: () => `/api/twitch_feed/${ids.feed}`, body: () => ({ keyword: 'Hijacked', is_enabled: false }) },
    'DELETE /api/twitch_feed': { url: () => '/api/twitch_feed', body: () => ({ videos: [ids.item], keyword_id: ids.feed }) },
    'POST /api/twitch_feed/save': { url: () => '/api/twitch_feed/save', body: () => ({ streams: [ids.item], tag_id: ids.tag, keyword_id: ids.feed }) },
    'GET /api/saved_streams': { url: () => `/api/saved_streams?project_id=${ids.project}` },
    'GET /api/twitch_feed/:id/viewers/:itemId': { url: () => `/api/twitch_feed/${ids.feed}/viewers/${ids.item}` },
    'GET /api/saved_streams/:id/viewers': { url: () => `/api/saved_streams/${ids.saved}/viewers` },
    'PATCH /api/saved_streams/:id': { url: () => `/api/saved_streams/${ids.saved}`, body: () => ({ title: 'Hijacked' }) },
    // Deletes only the caller's rows: success 0.
    'DELETE /api/saved_streams': { url: () => '/api/saved_streams', body: () => ({ stream_ids: [ids.saved] }), status: 200 },
    'DELETE /api/saved_streams/': { url: () => '/api/saved_streams/', body: () => ({ stream_ids: [ids.saved] }), status: 200 },
    // Another organization's tag is refused like an unknown one.
    'POST /api/saved_streams/save_missing_stream': {
      url: () => '/api/saved_streams/save_missing_stream',
      body: () => ({ stream_url: 'https://www.twitch.tv/videos/880000001', tag_id: ids.tag }),
    },
  },
  async snapshot(f: TenantFixture) {
    const q = (sql: string) => f.ctx.deps.pool.query(sql, [f.owner.org.id]).then((r) => JSON.stringify(r.rows));
    return [
      await q('select * from twitch_feeds where organization_id = $1 order by id'),
      await q('select * from twitch_feed_items where organization_id = $1 order by feed_id, item_id'),
      await q('select * from saved_streams where organization_id = $1 order by id'),
    ].join('\n');
  },
};
