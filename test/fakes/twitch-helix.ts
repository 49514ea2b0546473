import type http from 'node:http';
import { PERIOD_MS, type FakeTwitch, type FakeVideo } from './twitch-types.js';

/** The fake Twitch's Helix routes (twitch.ts checks the token and the rate limit first). */

/** What the routes read: the fake's data, which tests edit directly. */
export type HelixData = Pick<FakeTwitch, 'games' | 'users' | 'streams' | 'videos'>;

export const send = (res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
};

/** One page of a list, with an opaque cursor (base64 of the next offset). */
export const page = <T>(list: T[], url: URL, extra: Record<string, unknown> = {}) => {
  const first = Math.min(100, Math.max(1, Number(url.searchParams.get('first') ?? 20) || 20));
  const after = url.searchParams.get('after');
  const offset = after ? Number(Buffer.from(after, 'base64').toString('utf8').replace(/^o:/, '')) || 0 : 0;
  const data = list.slice(offset, offset + first);
  const more = offset + first < list.length;
  return { data, pagination: more ? { cursor: Buffer.from(`o:${offset + first}`).toString('base64') } : {}, ...extra };
};

const strip = ({ game_id: _g, ...v }: FakeVideo) => v;

export function createHelixHandler(fake: HelixData, now: () => number) {
  return (url: URL, res: http.ServerResponse, rl: Record<string, string>) => {
    const all = (k: string) => url.searchParams.getAll(k);
    const ok = (body: unknown) => send(res, 200, body, rl);
    const bad = (message: string) => send(res, 400, { error: 'Bad Request', status: 400, message }, rl);
    switch (url.pathname) {
      case '/helix/search/categories': {
        const query = url.searchParams.get('query');
        if (!query) return bad('Missing required parameter "query"');
        const first = Math.min(100, Math.max(1, Number(url.searchParams.get('first') ?? 20) || 20));
        const found = fake.games.filter((g) => g.name.toLowerCase().includes(query.toLowerCase())).slice(0, first);
        // Twitch answers `data: null` for an empty search.
        return ok({ data: found.length ? found : null, pagination: {} });
      }
      case '/helix/games': {
        const ids = all('id');
        const names = all('name').map((n) => n.toLowerCase());
        if (ids.length + names.length > 100) return bad('Too many ids');
        return ok({ data: fake.games.filter((g) => ids.includes(g.id) || names.includes(g.name.toLowerCase())), pagination: {} });
      }
      case '/helix/streams': {
        const games = all('game_id');
        const userIds = all('user_id');
        const logins = all('user_login');
        const list = fake.streams
          .filter(
            (s) =>
              (!games.length || games.includes(s.game_id)) &&
              (!userIds.length || userIds.includes(s.user_id)) &&
              (!logins.length || logins.includes(s.user_login)),
          )
          .sort((a, b) => b.viewer_count - a.viewer_count || a.id.localeCompare(b.id));
        return ok(page(list, url));
      }
      case '/helix/videos': {
        const ids = all('id');
        const userId = url.searchParams.get('user_id');
        const gameId = url.searchParams.get('game_id');
        if ([ids.length > 0, !!userId, !!gameId].filter(Boolean).length !== 1) return bad('Exactly one of id, user_id or game_id is required');
        if (ids.length) return ok({ data: fake.videos.filter((v) => ids.includes(v.id)).map(strip), pagination: {} });
        const since = PERIOD_MS[url.searchParams.get('period') ?? 'all'];
        const type = url.searchParams.get('type') ?? 'all';
        const list = fake.videos
          .filter((v) => (userId ? v.user_id === userId : v.game_id === gameId))
          .filter((v) => (type === 'all' || v.type === type) && (since === undefined || Date.parse(v.created_at) >= now() - since))
          .sort((a, b) => Date.parse(b.created_at) - Date.parse(a.created_at) || b.id.localeCompare(a.id))
          .map(strip);
        return ok(page(list, url));
      }
      case '/helix/users': {
        const ids = all('id');
        const logins = all('login').map((l) => l.toLowerCase());
        if (ids.length + logins.length > 100) return bad('Too many ids');
        const data = fake.users
          .filter((u) => ids.includes(u.id) || logins.includes(u.login.toLowerCase()))
          .map(({ followers: _f, ...u }) => ({ ...u, type: '', offline_image_url: '', view_count: 0, created_at: '2019-01-01T00:00:00Z' }));
        return ok({ data, pagination: {} });
      }
      case '/helix/channels/followers': {
        const id = url.searchParams.get('broadcaster_id');
        if (!id) return bad('Missing required parameter "broadcaster_id"');
        return ok({ total: fake.users.find((u) => u.id === id)?.followers ?? 0, data: [], pagination: {} });
      }
    }
    send(res, 404, { error: 'Not Found', status: 404, message: 'Not Found' }, rl);
  };
}
