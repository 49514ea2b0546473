import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeSimilarweb, type FakeSimilarweb } from '../../../test/fakes/similarweb.js';
import { alpha2FromNumeric, categoryLabel, lookupTraffic, monthOf, SimilarwebClient, similarwebDomain } from './similarweb.js';

// March 2026: the last two complete months are January (31 days) and February (28 days).
const NOW = new Date('2026-03-15T12:00:00Z');
const SUM_LAST_30 = ((30 + 59) * 30) / 2; // daily values 1..59; the last 30 are 30..59

let fake: FakeSimilarweb;
const client = (apiKey = fake.apiKey) => new SimilarwebClient({ apiKey, apiUrl: fake.url, retryDelayMs: 10 });

beforeAll(async () => {
  fake = await startFakeSimilarweb({
    sites: {
      'news.example': {
        daily: (_date, i) => i + 1,
        countries: [
          { country: 840, share: 0.5, visits: 1000.4 },
          { country: 276, share: 0.25 },
          { country: 999, share: 0.1, visits: 50 },
          { country: 826, share: 0, visits: 0 },
        ],
        category: 'News_and_Media/Newspapers',
        categoryRank: 57,
      },
      'quiet.example': { daily: 0, countries: [], category: 'Games' },
      'small.example': { daily: 100 },
    },
  });
});
afterAll(async () => fake?.close());
beforeEach(() => fake.reset());

describe('helpers', () => {
  it('maps ISO numeric codes to alpha-2 through the reference list', () => {
    expect(alpha2FromNumeric(840)).toBe('US');
    expect(alpha2FromNumeric('036')).toBe('AU');
    expect(alpha2FromNumeric(4)).toBe('AF');
    expect(alpha2FromNumeric(999)).toBeNull();
    expect(alpha2FromNumeric('US')).toBeNull();
    expect(alpha2FromNumeric(null)).toBeNull();
  });

  it('makes a readable category and a bare domain', () => {
    expect(categoryLabel('News_and_Media/Newspapers')).toBe('News and Media › Newspapers');
    expect(categoryLabel('Games/Video_Games_Consoles_and_Accessories')).toBe('Games › Video Games Consoles and Accessories');
    expect(categoryLabel('Games')).toBe('Games');
    expect(similarwebDomain('https://WWW.Example.COM/sports?x=1')).toBe('example.com');
    expect(similarwebDomain('blog.example.com.')).toBe('blog.example.com');
    expect(monthOf(new Date('2026-01-10T00:00:00Z'), -1)).toBe('2025-12');
  });
});

describe('the client against the fake', () => {
  it('sums the last 30 daily visits of the last two complete months', async () => {
    const c = client();
    const visits = await c.visits('www.News.example', NOW);
    expect(visits).toEqual({ ok: true, value: SUM_LAST_30 });
    expect(fake.requests[0]).toMatchObject({
      endpoint: 'visits',
      domain: 'news.example',
      status: 200,
      query: { start_date: '2026-01', end_date: '2026-02', granularity: 'daily', main_domain_only: 'false', format: 'json', api_key: '(given)' },
    });
  });

  it('reads visits by country with alpha-2 codes, pricing a share by the total and dropping unknown countries and zeros', async () => {
    const geo = await client().geography('news.example', 40_000, NOW);
    expect(geo).toEqual({
      ok: true,
      value: [
        { country_code_iso: 'DE', visits: 10_000 },
        { country_code_iso: 'US', visits: 1000 },
      ],
    });
    expect(fake.requests[0].query).toMatchObject({ start_date: '2026-02', end_date: '2026-02' });
  });

  it('looks a site up whole: visits, map and category', async () => {
    const c = client();
    const lookup = await lookupTraffic(c, 'news.example', NOW);
    expect(lookup).toEqual({
      state: 'ok',
      error: null,
      visits: SUM_LAST_30,
      category: 'News_and_Media/Newspapers',
      categoryRank: 57,
      geography: [
        { country_code_iso: 'US', visits: 1000 },
        { country_code_iso: 'DE', visits: Math.round(0.25 * SUM_LAST_30) },
      ],
    });
    expect(c.requests).toBe(3);
    expect(fake.charged).toBe(3);
  });

  it('a site without map or category is ok with an empty map and no category', async () => {
    const lookup = await lookupTraffic(client(), 'small.example', NOW);
    expect(lookup).toMatchObject({ state: 'ok', visits: 3000, geography: [], category: null });
  });
});

describe('errors become states, never figures', () => {
  it('a wrong key is invalid_key', async () => {
    const lookup = await lookupTraffic(client('wrong-key'), 'news.example', NOW);
    expect(lookup).toMatchObject({ state: 'invalid_key', visits: null, geography: null });
    expect(lookup.error).toMatch(/API key/);
    expect(lookup.error).not.toContain('wrong-key');
  });

  it('a 403 about hits is quota', async () => {
    fake.failNext('out_of_hits');
    const lookup = await lookupTraffic(client(), 'news.example', NOW);
    expect(lookup).toMatchObject({ state: 'quota', visits: null });
    expect(lookup.error).toMatch(/hits/);
  });

  it('an unknown domain (401 Data not found) is no_data, and so is a series of zeros', async () => {
    expect(await lookupTraffic(client(), 'unknown.example', NOW)).toMatchObject({ state: 'no_data', visits: null, geography: null, category: null });
    const zeros = await lookupTraffic(client(), 'quiet.example', NOW);
    expect(zeros).toMatchObject({ state: 'no_data', visits: null, geography: null });
    expect(fake.calls('geo')).toBe(0);
    expect(fake.charged).toBe(0);
  });

  it('429 is tried once more; twice is an error', async () => {
    fake.failNext('rate_limit', { endpoint: 'visits', retryAfter: 0 });
    const c = client();
    expect(await c.visits('news.example', NOW)).toEqual({ ok: true, value: SUM_LAST_30 });
    expect(fake.calls('visits')).toBe(2);
    fake.failNext('rate_limit', { endpoint: 'visits', times: 2 });
    const twice = await c.visits('news.example', NOW);
    expect(twice).toMatchObject({ ok: false, state: 'error' });
    expect(fake.calls('visits')).toBe(4);
  });

  it('5xx and an answer that is not JSON are errors', async () => {
    fake.failNext('server_error');
    expect(await client().visits('news.example', NOW)).toMatchObject({ ok: false, state: 'error', error: expect.stringMatching(/HTTP 500/) });
    fake.failNext('bad_json');
    expect(await client().visits('news.example', NOW)).toMatchObject({ ok: false, state: 'error', error: expect.stringMatching(/not the expected JSON/) });
  });

  it('a timeout is an error', async () => {
    const hanging = http.createServer(() => {});
    await new Promise<void>((resolve) => hanging.listen(0, '127.0.0.1', resolve));
    try {
      const c = new SimilarwebClient({ apiKey: 'k', apiUrl: `http://127.0.0.1:${(hanging.address() as AddressInfo).port}`, timeoutMs: 200 });
      expect(await c.visits('news.example', NOW)).toEqual({ ok: false, state: 'error', error: 'SimilarWeb visits timed out.' });
    } finally {
      hanging.closeAllConnections();
      await new Promise<void>((resolve) => hanging.close(() => resolve()));
    }
  });

  it('a lookup failing midway keeps what it got, and its retry asks only the rest', async () => {
    fake.failNext('server_error', { endpoint: 'geo' });
    const first = await lookupTraffic(client(), 'news.example', NOW);
    expect(first).toMatchObject({ state: 'error', visits: SUM_LAST_30, geography: null, category: null });
    fake.reset();
    const retry = await lookupTraffic(client(), 'news.example', NOW, first);
    expect(retry).toMatchObject({ state: 'ok', visits: SUM_LAST_30, category: 'News_and_Media/Newspapers' });
    expect(fake.calls('visits')).toBe(0);
    expect(fake.calls()).toBe(2);
  });
});
