import type { TenantFixture, TenantProbeSet } from './types.js';

/**
 * Websites and feeds in the tenant-isolation suite: they are the platform operator's, so every
 * other organization gets the 404 of an unknown route and changes nothing.
 */
const ids = { website: 0, feed: 0 };

export const websitesProbes: TenantProbeSet = {
  async setup({ ctx, operator }: TenantFixture) {
    const website = await ctx.call('POST', '/api/websites', {
      token: operator.token,
      body: { data: { type: 'website', attributes: { domain: 'operator-site.example', reach: 5, language: 'en' } } },
    });
    ids.website = Number(website.json().data.id);
    const feed = await ctx.call('POST', '/api/feeds', {
      token: operator.token,
      body: { data: { type: 'feed', attributes: { feed: 'https://operator-site.example/feed', language: 'en', reach: 5, website_id: ids.website, type: 0 } } },
    });
    ids.feed = Number(feed.json().data.id);
  },
  operatorOnly: {
    'GET /api/websites': { url: () => '/api/websites' },
    'GET /api/csv/websites': { url: () => '/api/csv/websites' },
    'POST /api/websites': {
      url: () => '/api/websites',
      body: () => ({ data: { type: 'website', attributes: { domain: 'planted.example', reach: 1, language: 'en' } } }),
    },
    'GET /api/websites/:id': { url: () => `/api/websites/${ids.website}` },
    'PATCH /api/websites/:id': { url: () => `/api/websites/${ids.website}`, body: () => ({ data: { type: 'website', attributes: { reach: 9 } } }) },
    'GET /api/websites/:id/articles': { url: () => `/api/websites/${ids.website}/articles` },
    'GET /api/feeds': { url: () => `/api/feeds?filter[website_id]=${ids.website}` },
    'POST /api/feeds': {
      url: () => '/api/feeds',
      body: () => ({
        data: { type: 'feed', attributes: { feed: 'https://planted.example/feed', language: 'en', reach: 1, website_id: ids.website, type: 0 } },
      }),
    },
    'PATCH /api/feeds/:id': { url: () => `/api/feeds/${ids.feed}`, body: () => ({ data: { type: 'feed', attributes: { disabled: true } } }) },
    'DELETE /api/feeds/:id': { url: () => `/api/feeds/${ids.feed}` },
    'GET /api/feeds/opml': { url: () => '/api/feeds/opml' },
    'POST /api/feeds/opml': { url: () => '/api/feeds/opml', body: () => ({ data: { type: 'opml', attributes: { opml: '<opml/>' } } }) },
  },
  async snapshot({ ctx }) {
    const q = (sql: string) => ctx.deps.pool.query(sql).then((r) => JSON.stringify(r.rows));
    return [await q('select id, domain, reach from websites order by id'), await q('select id, feed, disabled from feeds order by id')].join('\n');
  },
};
