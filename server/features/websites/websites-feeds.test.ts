import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MSG } from '../../../common/messages.js';
import { CAPABILITIES_BY_LEGACY_ID } from '../../../common/plans.js';
import { feeds, websites } from '../../db/schema/coverage.js';
import { createTestContext } from '../../../test/helpers/app.js';
import { makeOrg } from '../../../test/helpers/factories.js';
import { addFeed, addWebsite, admin, ctx, feedBody, pointers, useWebsitesContext, websiteBody } from './websites-setup.js';

// A website's feeds (health, polls, enabling, deleting) and the OPML export and import.
useWebsitesContext();

describe('feeds', () => {
  it('adds a feed once (409 on the same address) and shows its health on the website', async () => {
    const site = await addWebsite();
    const feed = await addFeed(site.id, `${site.attributes.domain}/rss`);
    // The test server has no PUBLIC_URL, so hubs are never subscribed to and every feed says so.
    expect(feed.attributes).toMatchObject({
      feed: `http://${site.attributes.domain}/rss`,
      status: 'never',
      disabled: false,
      'error-count': 0,
      websub_available: false,
    });
    const dup = await ctx.call('POST', '/api/feeds', { token: admin, body: feedBody({ feed: `http://${site.attributes.domain}/rss`, website_id: site.id }) });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().errors[0]).toMatchObject({ code: 'conflict', detail: MSG.websites.feedTaken, source: { pointer: '/data/attributes/feed' } });
    const noSite = await ctx.call('POST', '/api/feeds', { token: admin, body: feedBody({ feed: 'https://other.example/rss', website_id: 999999 }) });
    expect(pointers(noSite)).toEqual({ '/data/attributes/website_id': 'The website was not found' });

    // The crawler's bookkeeping, as it would leave a failing feed.
    const failedAt = new Date('2024-05-01T10:00:00Z');
    await ctx.deps.db
      .update(feeds)
      .set({
        errorCount: 3,
        lastError: 'HTTP 503 from the server',
        lastErrorAt: failedAt,
        lastSuccessAt: new Date('2024-04-30T10:00:00Z'),
        lastCount: 20,
        articlesAdded: 17,
        websubState: 'active',
      })
      .where(eq(feeds.id, Number(feed.id)));
    const listed = await ctx.call('GET', `/api/feeds?filter[website_id]=${site.id}&sort=-last_success_at`, { token: admin });
    expect(listed.json().data.map((f: { id: string }) => f.id)).toEqual([feed.id]);
    expect(listed.json().data[0].attributes).toMatchObject({ status: 'failing', 'error-count': 3 });
    const detail = await ctx.call('GET', `/api/websites/${site.attributes.domain}`, { token: admin });
    expect(detail.statusCode).toBe(200);
    expect(detail.json().data.relationships.feeds.data).toEqual([{ type: 'feed', id: feed.id }]);
    expect(detail.json().data.attributes).toMatchObject({ 'feeds-count': 1, 'feeds-failing': 1 });
    const included = detail.json().included.find((r: { type: string }) => r.type === 'feed');
    expect(included.attributes).toMatchObject({
      status: 'failing',
      'error-count': 3,
      'last-error': 'HTTP 503 from the server',
      'last-error-at': failedAt.toISOString(),
      'last-success-at': '2024-04-30T10:00:00.000Z',
      'last-count': 20,
      'articles-added': 17,
      'websub-state': 'active',
      'next-check-at': expect.any(String),
      'interval-seconds': 1800,
      websub_available: false,
    });
    expect(listed.json().data[0].attributes.websub_available).toBe(false);
  });

  it('tells the page that WebSub push is available when the server has a public URL', async () => {
    const withUrl = await createTestContext({ PUBLIC_URL: 'https://coverwatch.example' });
    try {
      const op = await makeOrg(withUrl, { plan: 'admin', capabilities: CAPABILITIES_BY_LEGACY_ID[1] });
      const site = await withUrl.call('POST', '/api/websites', { token: op.token, body: websiteBody({ domain: 'push.example', reach: 4, language: 'en' }) });
      const siteId = site.json().data.id;
      const created = await withUrl.call('POST', '/api/feeds', { token: op.token, body: feedBody({ feed: 'https://push.example/rss', website_id: siteId }) });
      expect(created.json().data.attributes).toMatchObject({ 'websub-state': 'none', websub_available: true });
      const listed = await withUrl.call('GET', `/api/feeds?filter[website_id]=${siteId}`, { token: op.token });
      expect(listed.json().data[0].attributes.websub_available).toBe(true);
      const detail = await withUrl.call('GET', '/api/websites/push.example', { token: op.token });
      expect(detail.json().included.find((r: { type: string }) => r.type === 'feed').attributes.websub_available).toBe(true);
    } finally {
      await withUrl.close();
    }
  });

  it('asks for a poll after a feed is created or re-enabled', async () => {
    const sent: unknown[] = [];
    ctx.deps.boss = { send: async (queue: string, data: unknown) => void sent.push([queue, data]) } as unknown as typeof ctx.deps.boss;
    try {
      const site = await addWebsite();
      const feed = await addFeed(site.id, `https://${site.attributes.domain}/polled.xml`);
      await ctx.call('PATCH', `/api/feeds/${feed.id}`, { token: admin, body: feedBody({ disabled: true }) });
      await ctx.call('PATCH', `/api/feeds/${feed.id}`, { token: admin, body: feedBody({ disabled: false }) });
      expect(sent).toEqual([
        // The new website's icon, fetched in the background (features/websites/icons.ts).
        ['website-icon', { websiteId: Number(site.id) }],
        ['feeds-poll', { feedId: Number(feed.id) }],
        ['feeds-poll', { feedId: Number(feed.id) }],
      ]);
    } finally {
      ctx.deps.boss = null;
    }
  });

  it('disables, re-enables (resetting the back-off) and deletes a feed', async () => {
    const site = await addWebsite();
    const feed = await addFeed(site.id, `https://${site.attributes.domain}/atom.xml`);
    const later = new Date(Date.now() + 86400_000);
    await ctx.deps.db
      .update(feeds)
      .set({ errorCount: 6, nextCheckAt: later, lastError: 'timeout' })
      .where(eq(feeds.id, Number(feed.id)));
    const off = await ctx.call('PATCH', `/api/feeds/${feed.id}`, { token: admin, body: feedBody({ disabled: true }) });
    expect(off.json().data.attributes).toMatchObject({ disabled: true, status: 'disabled', 'error-count': 6 });
    const on = await ctx.call('PATCH', `/api/feeds/${feed.id}`, { token: admin, body: feedBody({ disabled: false }) });
    expect(on.json().data.attributes).toMatchObject({ disabled: false, 'error-count': 0, 'last-error': null });
    expect(Date.parse(on.json().data.attributes['next-check-at'])).toBeLessThan(later.getTime());

    const other = await addFeed(site.id, `https://${site.attributes.domain}/other.xml`);
    const clash = await ctx.call('PATCH', `/api/feeds/${other.id}`, { token: admin, body: feedBody({ feed: `https://${site.attributes.domain}/atom.xml` }) });
    expect(clash.statusCode).toBe(409);
    const bad = await ctx.call('PATCH', `/api/feeds/${other.id}`, { token: admin, body: feedBody({ feed: 'nope' }) });
    expect(pointers(bad)).toEqual({ '/data/attributes/feed': MSG.websites.invalidFeed });

    expect((await ctx.call('DELETE', `/api/feeds/${feed.id}`, { token: admin })).statusCode).toBe(204);
    expect((await ctx.call('DELETE', `/api/feeds/${feed.id}`, { token: admin })).statusCode).toBe(404);
  });
});

describe('OPML', () => {
  it('exports every feed grouped by website and imports it into a fresh database', async () => {
    const site = await addWebsite({ language: 'fr' });
    await addFeed(site.id, `https://${site.attributes.domain}/a.xml`);
    await addFeed(site.id, `https://${site.attributes.domain}/b.xml`);
    const exported = await ctx.call('GET', '/api/feeds/opml', { token: admin });
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toContain('text/x-opml');
    expect(exported.headers['content-disposition']).toMatch(/attachment; filename=".*\.opml"/);
    expect(exported.body).toContain(`<outline text="${site.attributes.domain}"`);

    const fresh = await createTestContext();
    try {
      const op = await makeOrg(fresh, { plan: 'admin', capabilities: CAPABILITIES_BY_LEGACY_ID[1] });
      const imported = await fresh.app.inject({
        method: 'POST',
        url: '/api/feeds/opml',
        headers: { authorization: `Bearer ${op.token}`, 'content-type': 'text/x-opml' },
        payload: exported.body,
      });
      expect(imported.statusCode).toBe(200);
      const total = (await ctx.deps.db.select().from(feeds)).length;
      expect(imported.json().data.attributes).toEqual({ created: total, skipped: 0, invalid: [] });
      const [copy] = await fresh.deps.db
        .select()
        .from(websites)
        .where(eq(websites.domain, String(site.attributes.domain)));
      expect(copy).toMatchObject({ reach: 0.1, language: 'fr' });
      const copied = await fresh.deps.db.select().from(feeds).where(eq(feeds.websiteId, copy.id));
      expect(copied.map((f) => f.feed).sort()).toEqual([`https://${site.attributes.domain}/a.xml`, `https://${site.attributes.domain}/b.xml`]);

      // Importing the same file again changes nothing.
      const again = await fresh.app.inject({
        method: 'POST',
        url: '/api/feeds/opml',
        headers: { authorization: `Bearer ${op.token}`, 'content-type': 'application/xml' },
        payload: exported.body,
      });
      expect(again.json().data.attributes).toMatchObject({ created: 0, skipped: total });
    } finally {
      await fresh.close();
    }
  });

  it('imports nested outlines from a multipart file, reports bad addresses and ignores DOCTYPE entities', async () => {
    const opml = `<?xml version="1.0"?>
<!DOCTYPE opml [<!ENTITY boom "BOOM">]>
<opml version="2.0"><head><title>x</title></head><body>
  <outline text="Games" language="es">
    <outline text="Nested"><outline type="rss" text="&boom;" xmlUrl="https://juegos-test.example/feed" htmlUrl="https://www.juegos-test.example/"/></outline>
    <outline type="rss" text="Bad" xmlUrl="not a url"/>
  </outline>
</body></opml>`;
    const boundary = '----cwtest';
    const payload = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="feeds.opml"\r\nContent-Type: text/x-opml\r\n\r\n${opml}\r\n--${boundary}--\r\n`;
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/feeds/opml',
      headers: { authorization: `Bearer ${admin}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.attributes).toEqual({ created: 1, skipped: 0, invalid: [{ url: 'not a url', reason: MSG.websites.invalidFeed }] });
    const [site] = await ctx.deps.db.select().from(websites).where(eq(websites.domain, 'juegos-test.example'));
    expect(site).toMatchObject({ language: 'es', reach: 0.1 });
    const [feed] = await ctx.deps.db.select().from(feeds).where(eq(feeds.websiteId, site.id));
    expect(feed.title).not.toContain('BOOM');

    const broken = await ctx.app.inject({
      method: 'POST',
      url: '/api/feeds/opml',
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'text/x-opml' },
      payload: 'hello',
    });
    expect(broken.statusCode).toBe(422);
    expect(broken.json().errors[0].detail).toBe(MSG.websites.opmlInvalid);
  });
});
