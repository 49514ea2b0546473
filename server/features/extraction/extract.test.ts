import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../../common/messages.js';
import { loadConfig } from '../../config.js';
import { FetchError } from '../../net/errors.js';
import { createTestContext, type TestContext } from '../../../test/helpers/app.js';
import { makeOrg, makeProject } from '../../../test/helpers/factories.js';
import { addToFeed, makeAlert, makeArchiveArticle } from '../../../test/helpers/coverage-factories.js';
import { extractPage, NotHtmlError } from '../../net/extract.js';
import { articleHtml, startTestSite, type TestSite } from '../../../test/helpers/test-site.js';

const FRENCH =
  '<p>Le studio a confirmé la date de sortie du jeu pendant une émission en direct mardi soir. Les joueurs pourront explorer un monde plus grand, ' +
  'rencontrer de nouveaux personnages et relever des quêtes plus difficiles que dans le jeu précédent. Les précommandes ouvrent la semaine prochaine ' +
  'dans toutes les boutiques et la presse a salué une direction artistique remarquable.</p>';

let site: TestSite;
let ctx: TestContext; // ALLOW_PRIVATE_NETWORK=true: the local site is reachable
let guarded: TestContext; // the default: private addresses refused

beforeAll(async () => {
  site = await startTestSite({
    '/og': articleHtml({
      title: 'Studio announces sequel',
      lang: 'en-GB',
      published: '2024-05-01T10:00:00Z',
      image: '/img/cover.jpg',
      description: 'The sequel arrives next spring.',
      siteName: 'Game News',
    }),
    '/jsonld': articleHtml({ title: 'Sortie confirmée', lang: null, jsonLdDate: '2023-11-20T09:30:00+01:00', body: FRENCH.repeat(3) }),
    '/bad-date': articleHtml({
      title: 'Undated story',
      published: 'not a date',
      body: `<p><time datetime="2022-02-03">Feb 3</time></p>${'<p>Plenty of readable words in this paragraph about the game and its launch.</p>'.repeat(8)}`,
    }),
    '/no-date': articleHtml({ title: 'Timeless story', published: '0000-00-00' }),
    '/empty': '<!doctype html><html lang="en"><head><title>Nothing here</title></head><body><div id="app"></div></body></html>',
    '/pdf': { body: Buffer.from('%PDF-1.4 fake'), type: 'application/pdf' },
    '/latin1': {
      body: Buffer.from(articleHtml({ title: 'Café déjà vu', body: '<p>Crème brûlée à la carte, naïve façade. </p>'.repeat(20) }), 'latin1'),
      type: 'text/html; charset=iso-8859-1',
    },
  });
  ctx = await createTestContext({ ALLOW_PRIVATE_NETWORK: 'true' });
  guarded = await createTestContext();
});
afterAll(async () => {
  await Promise.all([ctx?.close(), guarded?.close(), site?.close()]);
});

const open = { config: loadConfig({ NODE_ENV: 'test', ALLOW_PRIVATE_NETWORK: 'true' }) };
const closed = { config: loadConfig({ NODE_ENV: 'test' }) };

describe('extractPage', () => {
  it('reads Open Graph metadata, the readable text and an absolute image', async () => {
    const page = await extractPage(open, site.url('/og'));
    expect(page).toMatchObject({
      url: site.url('/og'),
      title: 'Studio announces sequel',
      excerpt: 'The sequel arrives next spring.',
      image: site.url('/img/cover.jpg'),
      language: 'en',
      siteName: 'Game News',
    });
    expect(page.publishedAt?.toISOString()).toBe('2024-05-01T10:00:00.000Z');
    expect(page.text).toContain('The studio confirmed the release date');
    expect(page.text).not.toContain('Home');
    expect(page.text).not.toMatch(/\s{2,}/);
  });

  it('takes the date from JSON-LD and detects the language when the page declares none', async () => {
    const page = await extractPage(open, site.url('/jsonld'));
    expect(page.title).toBe('Sortie confirmée');
    expect(page.publishedAt?.toISOString()).toBe('2023-11-20T08:30:00.000Z');
    expect(page.language).toBe('fr');
  });

  it('ignores invalid dates: a <time> element is the fallback, else no date', async () => {
    expect((await extractPage(open, site.url('/bad-date'))).publishedAt?.toISOString()).toBe('2022-02-03T00:00:00.000Z');
    expect((await extractPage(open, site.url('/no-date'))).publishedAt).toBeNull();
  });

  it('decodes the charset the server declares', async () => {
    const page = await extractPage(open, site.url('/latin1'));
    expect(page.title).toBe('Café déjà vu');
    expect(page.text).toContain('Crème brûlée');
  });

  it('returns no text for a page with nothing readable, and refuses what is not HTML', async () => {
    const empty = await extractPage(open, site.url('/empty'));
    expect(empty.text).toBe('');
    expect(empty.title).toBe('Nothing here');
    await expect(extractPage(open, site.url('/pdf'))).rejects.toBeInstanceOf(NotHtmlError);
    await expect(extractPage(open, site.url('/missing'))).rejects.toMatchObject({ code: 'http_status', status: 404 });
  });

  it('refuses private addresses unless the configuration allows them', async () => {
    const err = await extractPage(closed, site.url('/og')).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(FetchError);
    expect(err).toMatchObject({ code: 'blocked_address' });
  });
});

describe('GET /api/extract', () => {
  it('previews a URL as an extraction resource', async () => {
    const { token } = await makeOrg(ctx);
    const res = await ctx.call('GET', `/api/extract?url=${encodeURIComponent(site.url('/og'))}`, { token });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      type: 'extraction',
      attributes: {
        title: 'Studio announces sequel',
        excerpt: 'The sequel arrives next spring.',
        image: site.url('/img/cover.jpg'),
        published_at: '2024-05-01T10:00:00.000Z',
        language: 'en',
        site_name: 'Game News',
      },
    });
    expect(res.json().data.attributes.text).toContain('release date');
  });

  it('answers the catalogue 404 when nothing is readable or the page cannot be fetched', async () => {
    const { token } = await makeOrg(ctx);
    for (const path of ['/empty', '/pdf', '/missing']) {
      const res = await ctx.call('GET', `/api/extract?url=${encodeURIComponent(site.url(path))}`, { token });
      expect(res.statusCode).toBe(404);
      expect(res.json().errors[0]).toMatchObject({ code: 'not_found', detail: MSG.articles.noPreview });
    }
  });

  it('refuses the local site without ALLOW_PRIVATE_NETWORK, and never fetches it', async () => {
    const { token } = await makeOrg(guarded);
    const before = site.hits.length;
    const res = await guarded.call('GET', `/api/extract?url=${encodeURIComponent(site.url('/og'))}`, { token });
    expect(res.statusCode).toBe(404);
    expect(res.json().errors[0].detail).toBe(MSG.articles.noPreview);
    expect(site.hits.length).toBe(before);
  });

  it('previews a feed article of the organization by id, and 404s for anyone else', async () => {
    const owner = await makeOrg(ctx);
    const outsider = await makeOrg(ctx);
    const project = await makeProject(ctx, owner.org.id);
    const alert = await makeAlert(ctx, owner.org.id, { projectId: project.id });
    const article = await makeArchiveArticle(ctx, { url: site.url('/og'), fullUrl: site.url('/og') });
    await addToFeed(ctx, alert, [article]);
    const mine = await ctx.call('GET', `/api/extract?id=${article.id}`, { token: owner.token });
    expect(mine.statusCode).toBe(200);
    expect(mine.json().data).toMatchObject({ id: String(article.id), attributes: { title: 'Studio announces sequel' } });
    const theirs = await ctx.call('GET', `/api/extract?id=${article.id}&url=${encodeURIComponent(site.url('/og'))}`, { token: outsider.token });
    expect(theirs.statusCode).toBe(404);
  });

  it('needs an id or a valid url, and a token', async () => {
    const { token } = await makeOrg(ctx);
    const none = await ctx.call('GET', '/api/extract', { token });
    expect(none.statusCode).toBe(400);
    expect(none.json().errors[0].source).toEqual({ parameter: 'id' });
    const bad = await ctx.call('GET', '/api/extract?url=not%20a%20link', { token });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0]).toMatchObject({ detail: MSG.articles.invalidUrl, source: { parameter: 'url' } });
    expect((await ctx.call('GET', `/api/extract?url=${encodeURIComponent(site.url('/og'))}`)).statusCode).toBe(401);
  });
});
