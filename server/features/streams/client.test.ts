import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeTwitch, type FakeTwitch } from '../../../test/fakes/twitch.js';
import { TwitchClient, TwitchRateLimitError, TwitchRequestError } from '../../integrations/twitch/client.js';
import { keywordMatches } from './match.js';

/** A clock the fake and the client share; sleeping moves it instead of waiting. */
function virtualClock(start = Date.UTC(2026, 10, 20, 12)) {
  const clock = {
    t: start,
    slept: [] as number[],
    now: () => clock.t,
    sleep: async (ms: number) => {
      clock.slept.push(ms);
      clock.t += ms;
    },
  };
  return clock;
}

let fake: FakeTwitch;
const clock = virtualClock();
beforeAll(async () => {
  fake = await startFakeTwitch({ now: clock.now });
});
afterAll(() => fake.close());

const settings = () => ({ apiUrl: fake.apiUrl, authUrl: fake.authUrl, clientId: fake.clientId, clientSecret: fake.clientSecret });

describe('Twitch client', () => {
  it('renews the app token before it expires and after a revocation', async () => {
    fake.tokenTtlSeconds = 120;
    const client = new TwitchClient(settings(), { now: clock.now, sleep: clock.sleep, refreshMarginMs: 60_000 });
    const before = fake.tokenRequests();
    await client.getGames(['509658']);
    await client.getGames(['509658']);
    expect(fake.tokenRequests()).toBe(before + 1);
    // Past expires_in minus the margin: a new token before Twitch would refuse the old one.
    clock.t += 61_000;
    await client.getGames(['509658']);
    expect(fake.tokenRequests()).toBe(before + 2);
    fake.revokeTokens();
    const games = await client.getGames(['509658', '27471']);
    expect(games.map((g) => g.name).sort()).toEqual(['Just Chatting', 'Minecraft']);
    expect(fake.tokenRequests()).toBe(before + 3);
    fake.tokenTtlSeconds = 5011271;
  });

  it('sends lists as repeated parameters and walks pagination cursors', async () => {
    const client = new TwitchClient(settings(), { now: clock.now, sleep: clock.sleep });
    for (let i = 0; i < 5; i++) fake.addStream({ user_id: `90${i}`, game_id: '27471', title: `Block party ${i}`, viewer_count: 100 - i });
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page = await client.getStreams({ gameId: '27471', first: 2, after: cursor });
      seen.push(...page.data.map((s) => s.title));
      cursor = page.cursor;
      pages++;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toEqual(['Block party 0', 'Block party 1', 'Block party 2', 'Block party 3', 'Block party 4']);
    await client.getUsers(['900', '901']);
    expect(fake.requests.at(-1)!.queryAll.id).toEqual(['900', '901']);
    expect((await client.getUsers(['900'])).map((u) => u.login)).toEqual(['streamer900']);
    fake.setFollowers('900', 4321);
    expect(await client.getFollowerTotal('900')).toBe(4321);
  });

  it('tolerates data: null', async () => {
    const client = new TwitchClient(settings(), { now: clock.now, sleep: clock.sleep });
    expect(await client.searchCategories('no such game at all')).toEqual([]);
  });

  it('waits for the reset when the headers say the bucket is nearly empty', async () => {
    fake.rateLimit.points = 6;
    clock.t += 120_000; // a fresh window
    const client = new TwitchClient(settings(), { now: clock.now, sleep: clock.sleep, lowWater: 2 });
    clock.slept.length = 0;
    const windowStart = clock.t;
    for (let i = 0; i < 8; i++) await client.getGames(['509658']);
    // Four calls ran, the headers said 2 left: the client slept into the next window.
    expect(clock.slept.length).toBeGreaterThan(0);
    const points = fake.points().filter((t) => t >= windowStart);
    const firstWindow = points.filter((t) => t < windowStart + 60_000).length;
    expect(firstWindow).toBeLessThanOrEqual(6);
    expect(fake.calls()).toBe(fake.requests.filter((r) => r.path.startsWith('/helix/')).length);
    fake.rateLimit.points = 800;
  });

  it('keeps its own ceiling per sliding minute', async () => {
    clock.t += 120_000;
    const client = new TwitchClient(settings(), { now: clock.now, sleep: clock.sleep, pointsPerMinute: 3 });
    const start = clock.t;
    for (let i = 0; i < 7; i++) await client.getGames(['509658']);
    expect(clock.t - start).toBeGreaterThanOrEqual(120_000);
    expect(client.gate.recentStarts()).toBeLessThanOrEqual(3);
  });

  it('turns a 429 into TwitchRateLimitError with the reset time, and other errors into TwitchRequestError', async () => {
    clock.t += 120_000;
    const client = new TwitchClient(settings(), { now: clock.now, sleep: clock.sleep });
    fake.failNext(429);
    const err = await client.getStreams({ gameId: '27471' }).catch((e) => e);
    expect(err).toBeInstanceOf(TwitchRateLimitError);
    expect((err as TwitchRateLimitError).resetAt.getTime()).toBeGreaterThan(clock.t);
    // The next call waits for that reset instead of hitting the empty bucket again.
    const before = clock.t;
    await client.getStreams({ gameId: '27471' });
    expect(clock.t).toBeGreaterThanOrEqual((err as TwitchRateLimitError).resetAt.getTime());
    expect(before).toBeLessThan(clock.t);
    fake.failNext(503);
    const other = await client.getVideos({ gameId: '27471' }).catch((e) => e);
    expect(other).toBeInstanceOf(TwitchRequestError);
    expect((other as TwitchRequestError).status).toBe(503);
  });
});

describe('keyword matching', () => {
  it('treats the typed name as a phrase, commas as alternatives, ignoring case and accents', () => {
    expect(keywordMatches('Nebula Cup', 'NEBULA cup finals tonight')).toBe(true);
    expect(keywordMatches('Nebula Cup', 'cup of nebula tea')).toBe(false);
    expect(keywordMatches('nebula, starfall', 'Starfall speedruns')).toBe(true);
    expect(keywordMatches('Pokémon', 'pokemon marathon')).toBe(true);
    expect(keywordMatches('nebula', 'nebulas everywhere')).toBe(false);
    expect(keywordMatches('e-sports', 'E Sports weekly')).toBe(true);
  });
});
