import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeGdelt, type FakeGdelt } from '../../../test/fakes/gdelt.js';
import { GdeltError, gdeltDateTime, gdeltSearchUrl, parseArtList, parseSeenDate, searchArticles } from './client.js';

let fake: FakeGdelt;
beforeAll(async () => {
  fake = await startFakeGdelt({
    corpus: [
      {
        url: 'https://www.semana.com/nacion/articulo/urgente-123/',
        title: 'Capturan en México , ayer',
        seen: new Date(Date.now() - 3_600_000),
        language: 'Spanish',
      },
    ],
  });
});
afterAll(() => fake.close());

const failure = async (p: Promise<unknown>) => {
  try {
    await p;
  } catch (err) {
    return err as GdeltError;
  }
  throw new Error('expected a GdeltError');
};

describe('GDELT DOC 2.0 client', () => {
  it('asks for an ArtList JSON, newest first, at most 250, with a timespan or a window', () => {
    const u = new URL(
      gdeltSearchUrl('https://api.gdeltproject.org/api/v2/doc/doc', { query: '"acme corp" (launch OR recall)', timespan: '4w', maxRecords: 900 }),
    );
    expect(Object.fromEntries(u.searchParams)).toEqual({
      query: '"acme corp" (launch OR recall)',
      mode: 'ArtList',
      format: 'json',
      maxrecords: '250',
      sort: 'DateDesc',
      timespan: '4w',
    });
    const w = new URL(gdeltSearchUrl('https://x.test/doc', { query: 'acme', start: new Date('2026-11-20T10:15:00Z'), end: new Date('2026-11-20T10:30:05Z') }));
    expect(w.searchParams.get('startdatetime')).toBe('20261120101500');
    expect(w.searchParams.get('enddatetime')).toBe('20261120103005');
    expect(w.searchParams.has('timespan')).toBe(false);
    expect(gdeltDateTime(new Date('2026-01-02T03:04:05.678Z'))).toBe('20260102030405');
  });

  it('reads articles, {} as none, and each kind of failure', () => {
    expect(parseSeenDate('20230918T030000Z')?.toISOString()).toBe('2023-09-18T03:00:00.000Z');
    expect(parseSeenDate('yesterday')).toBeNull();
    expect(parseArtList('{}')).toEqual([]);
    const [a] = parseArtList(
      JSON.stringify({
        articles: [
          {
            url: 'https://a.example/x',
            url_mobile: '',
            title: 'Acme wins , again !',
            seendate: '20261120T101500Z',
            socialimage: '',
            domain: 'A.example',
            language: 'French',
            sourcecountry: 'France',
          },
          { url: '', title: 'no url', seendate: '20261120T101500Z' },
          { url: 'https://b.example', title: 'bad date', seendate: 'x' },
        ],
      }),
    );
    expect(a).toEqual({
      url: 'https://a.example/x',
      urlMobile: null,
      title: 'Acme wins, again!',
      seenAt: new Date('2026-11-20T10:15:00Z'),
      socialImage: null,
      domain: 'a.example',
      language: 'French',
      sourceCountry: 'France',
    });
    expect(() => parseArtList('Your search contained a keyword that was too short.')).toThrow(expect.objectContaining({ kind: 'invalid_query' }));
    expect(() => parseArtList('Please limit requests to one every 5 seconds')).toThrow(expect.objectContaining({ kind: 'rate_limited' }));
    expect(() => parseArtList('{"articles": [')).toThrow(expect.objectContaining({ kind: 'malformed' }));
    expect(() => parseArtList('{"articles": 3}')).toThrow(expect.objectContaining({ kind: 'malformed' }));
  });

  it('talks to the DOC API: results, 429, invalid query, malformed, unreachable', async () => {
    const settings = { apiUrl: fake.url, allowPrivate: true };
    const [found] = await searchArticles(settings, { query: 'capturan', timespan: '24h' });
    expect(found).toMatchObject({ title: 'Capturan en México, ayer', language: 'Spanish', domain: 'semana.com' });
    expect(await searchArticles(settings, { query: 'nothing-like-this', timespan: '24h' })).toEqual([]);
    expect((await failure(searchArticles(settings, { query: 'ai', timespan: '24h' }))).kind).toBe('invalid_query');
    fake.failNext('malformed');
    expect((await failure(searchArticles(settings, { query: 'capturan' }))).kind).toBe('malformed');
    fake.rateLimit = { max: 0, windowMs: 60_000 };
    const refused = await failure(searchArticles(settings, { query: 'capturan' }));
    expect(refused.kind).toBe('rate_limited');
    fake.rateLimit = null;
    // The SSRF guard stays on unless private networks are allowed.
    expect((await failure(searchArticles({ apiUrl: fake.url }, { query: 'capturan' }))).kind).toBe('unreachable');
    expect((await failure(searchArticles({ apiUrl: 'http://127.0.0.1:9/doc', allowPrivate: true }, { query: 'capturan' }))).kind).toBe('unreachable');
  });
});
