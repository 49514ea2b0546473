import type { TenantFixture, TenantProbeSet } from './types.js';

/** The owner's YouTube data the probes aim at. */
const ids = { project: 0, tag: 0, feed: 0, video: 0, saved: 0 };

/**
 * The videos feature's routes in the tenant-isolation suite. The suite runs without a YouTube
 * key: the owner's feed, a video in it and a saved copy are written in setup (the feed through
 * the API, the shared video rows directly, as a poll would).
 */
export const videosProbes: TenantProbeSet = {
  async setup(f: TenantFixture) {
    ids.project = f.projectId;
    ids.tag = f.tagId;
    const created = await f.ctx.call('POST', '/api/youtube_feed', { token: f.owner.token, body: { keyword: 'Owner keyword', project_id: f.projectId } });
    ids.feed = Number(created.json().data.id);
    const pool = f.ctx.deps.pool;
    await pool.query(
      `insert into youtube_channels (id, title, subscribers) values ('UCownerchannel00000000000', 'Owner channel', 1000) on conflict do nothing`,
    );
    const video = await pool.query(
      `insert into youtube_videos (video_id, channel_id, title, published_at, views) values ('ownervideo1', 'UCownerchannel00000000000', 'Owner video', now(), 10) returning id`,
    );
    ids.video = Number(video.rows[0].id);
    await pool.query(`insert into youtube_feed_videos (feed_id, video_id, organization_id) values ($1, $2, $3)`, [ids.feed, ids.video, f.owner.org.id]);
    const saved = await f.ctx.call('POST', '/api/youtube_feed/save', {
      token: f.owner.token,
      body: { youtube_videos: [{ video_id: ids.video, tag_id: f.tagId }] },
    });
    if (saved.json().data.attributes.success !== 1) throw new Error(`videos probe setup: ${saved.body}`);
    ids.saved = Number((await pool.query(`select id from saved_videos where organization_id = $1`, [f.owner.org.id])).rows[0].id);
    // The outsider has a feed of its own, so its empty answers prove scoping.
    const theirs = await pool.query(`select id from projects where organization_id = $1 limit 1`, [f.outsider.org.id]);
    await f.ctx.call('POST', '/api/youtube_feed', { token: f.outsider.token, body: { keyword: 'Outsider keyword', project_id: theirs.rows[0].id } });
  },
  ownOrganization: [
    // Server state only (key configured, searches left today).
    'GET /api/youtube_feed/availability',
    // The keyword's public YouTube results: no tenant data.
    'POST /api/youtube_feed/preview',
    // Platform operator only (`youtube.refresh`: any other organization gets 404, routes.test.ts);
    // declared org since it answers the workspace's 403 first, and 202, not the owner check's 200.
    'GET /api/youtube_feed/:id/refresh',
  ],
  byId: {
    'POST /api/youtube_feed': { url: () => '/api/youtube_feed', body: () => ({ keyword: 'Planted', project_id: ids.project }) },
    'GET /api/youtube_feed/:id/info': { url: () => `/api/youtube_feed/${ids.feed}/info` },
    'GET /api/youtube_feed/:id': { url: () => `/api/youtube_feed/${ids.feed}` },
    'PATCH /api/youtube_feed/:id': { url: () => `/api/youtube_feed/${ids.feed}`, body: () => ({ keyword: 'Hijacked', is_enabled: false }) },
    'DELETE /api/youtube_feed': { url: () => '/api/youtube_feed', body: () => ({ videos: [ids.video], keyword_id: ids.feed }) },
    // Bulk saves answer per row: the owner's video and tag are KO for anyone else.
    'POST /api/youtube_feed/save': {
      url: () => '/api/youtube_feed/save',
      body: () => ({ youtube_videos: [{ video_id: ids.video, tag_id: ids.tag }] }),
      status: 200,
    },
    'GET /api/saved_videos': { url: () => `/api/saved_videos?project_id=${ids.project}` },
    'PATCH /api/saved_videos/:id': { url: () => `/api/saved_videos/${ids.saved}`, body: () => ({ title: 'Hijacked' }) },
    // Deletes only the caller's rows: success 0.
    'DELETE /api/saved_videos': { url: () => '/api/saved_videos', body: () => ({ video_ids: [ids.saved] }), status: 200 },
    // Another organization's tag is refused like an unknown one.
    'POST /api/saved_videos/save_missing_video': {
      url: () => '/api/saved_videos/save_missing_video',
      body: () => ({ youtube_video_url: 'https://youtu.be/ownervideo1', tag_id: ids.tag }),
      status: 422,
    },
  },
  async snapshot(f: TenantFixture) {
    const q = (sql: string) => f.ctx.deps.pool.query(sql, [f.owner.org.id]).then((r) => JSON.stringify(r.rows));
    return [
      await q('select * from youtube_feeds where organization_id = $1 order by id'),
      await q('select * from youtube_feed_videos where organization_id = $1 order by feed_id, video_id'),
      await q('select * from saved_videos where organization_id = $1 order by id'),
    ].join('\n');
  },
};
