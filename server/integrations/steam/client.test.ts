import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeSteam, type FakeSteam } from '../../../test/fakes/steam.js';
import { getAppDetails, getNewsForApp, getReviewPage, parseNews, parseReviews, reviewsUrl, SteamError, type SteamSettings } from './client.js';

let fake: FakeSteam;
let settings: SteamSettings;
const DAY = 86_400_000;

beforeAll(async () => {
  fake = await startFakeSteam();
  settings = { apiUrl: fake.apiUrl, storeUrl: fake.storeUrl, allowPrivate: true };
  fake.addApp({
    appId: 620,
    name: 'Portal 2',
    news: [
      { gid: '1', title: 'Patch notes 1.2', date: new Date(Date.now() - 2 * DAY), contents: '[b]Fixed[/b] the <i>portal</i> gun' },
      {
        gid: '2',
        title: 'Portal 2 review',
        date: new Date(Date.now() - DAY),
        outletUrl: 'https://press.example/portal-2-review',
        feedlabel: 'Press Example',
        feedname: 'press_example',
      },
    ],
    reviews: Array.from({ length: 250 }, (_, i) => ({ id: String(9_000_000_000 + i), created: new Date(Date.now() - i * 3600_000), votedUp: i % 4 !== 0 })),
  });
});
afterAll(async () => {
  await fake?.close();
});

async function kindOf(p: Promise<unknown>): Promise<string> {
  try {
    await p;
    return 'ok';
  } catch (err) {
    if (err instanceof SteamError) return err.kind;
    throw err;
  }
}

describe('Steam client', () => {
  it('reads an app’s news, newest first, with announcements (feed_type 1) and press items that link out', async () => {
    const news = await getNewsForApp(settings, 620, { count: 10, maxLength: 12 });
    expect(news.map((n) => n.gid)).toEqual(['2', '1']);
    expect(news[0]).toMatchObject({ isExternal: true, feedName: 'press_example', feedType: 0 });
    expect(news[1]).toMatchObject({ isExternal: false, feedName: 'steam_community_announcements', feedType: 1, contents: '[b]Fixed[/b]' });
    expect(fake.requests.at(-1)!.params).toMatchObject({ appid: '620', count: '10', maxlength: '12', format: 'json' });
  });

  it('pages reviews with an encoded cursor; the summary comes with the first page only', async () => {
    const first = await getReviewPage(settings, 620);
    expect(first.summary).toEqual({ totalReviews: 250, totalPositive: 187, totalNegative: 63, reviewScoreDesc: 'Mostly Positive' });
    expect(first.reviews).toHaveLength(100);
    expect(first.cursor).toMatch(/[+/=]/);
    // The cursor holds +, / and = : sent as is it would not be read back.
    expect(reviewsUrl(settings, 620, first.cursor!)).toContain(encodeURIComponent(first.cursor!).replace(/%20/g, '+'));
    const second = await getReviewPage(settings, 620, first.cursor!);
    expect(second.summary).toBeNull();
    expect(second.reviews[0].id).toBe('9000000100');
    const params = fake.requests.at(-1)!.params;
    expect(params).toMatchObject({ json: '1', filter: 'recent', language: 'all', purchase_type: 'all', num_per_page: '100' });
  });

  it('reads the store name, and tells an unknown app', async () => {
    expect(await getAppDetails(settings, 620)).toEqual({ name: 'Portal 2' });
    expect(await kindOf(getAppDetails(settings, 999))).toBe('not_found');
    expect(await kindOf(getNewsForApp(settings, 999))).toBe('not_found');
  });

  it('classifies throttling (429 or an HTML page), malformed JSON and a server error', async () => {
    fake.rateLimit = { max: 0, windowMs: 60_000 };
    expect(await kindOf(getNewsForApp(settings, 620))).toBe('rate_limited');
    fake.throttle = 'html';
    expect(await kindOf(getReviewPage(settings, 620))).toBe('rate_limited');
    fake.rateLimit = null;
    fake.throttle = '429';
    fake.failNext('malformed');
    expect(await kindOf(getNewsForApp(settings, 620))).toBe('malformed');
    fake.failNext('server_error');
    expect(await kindOf(getReviewPage(settings, 620))).toBe('unreachable');
    fake.failNext('html');
    expect(await kindOf(getAppDetails(settings, 620))).toBe('rate_limited');
  });

  it('skips items it cannot use instead of failing the whole answer', () => {
    const news = parseNews({
      appnews: {
        newsitems: [
          { gid: '1', title: 'ok', url: 'https://s.example/1', date: 1714564800 },
          { gid: '2', title: 'no date', url: 'https://s.example/2' },
          { gid: '3', title: 'bad url', url: 'javascript:alert(1)', date: 1714564800 },
          null,
        ],
      },
    });
    expect(news.map((n) => n.gid)).toEqual(['1']);
    expect(parseNews({ appnews: { appid: 1 } })).toEqual([]);
    expect(() => parseNews({ nope: 1 })).toThrow(SteamError);
    const page = parseReviews({
      success: 1,
      reviews: [
        { recommendationid: '1', timestamp_created: 1714400000, voted_up: true },
        { recommendationid: 'x', timestamp_created: 1714400000, voted_up: true },
        { recommendationid: '2', timestamp_created: 1714400000, voted_up: 'yes' },
      ],
    });
    expect(page.reviews.map((r) => r.id)).toEqual(['1']);
    expect(page.cursor).toBeNull();
    expect(() => parseReviews({ success: 2 })).toThrow(SteamError);
  });
});
