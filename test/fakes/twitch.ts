import http from 'node:http';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';

/**
 * A local Twitch speaking the documented wire format (shared/reference/third-party-apis.md §2):
 * the client-credentials token endpoint (`POST {authUrl}/token`) and Helix
 * `GET {apiUrl}/search/categories`. It checks what the real service checks (credentials,
 * bearer token, matching Client-Id) so the real client code is exercised.
 */

export interface FakeGame {
  id: string;
  name: string;
  box_art_url: string;
}

export interface FakeTwitchRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface FakeTwitch {
  apiUrl: string;
  authUrl: string;
  clientId: string;
  clientSecret: string;
  /** TWITCH_* variables pointing the app at this fake. */
  env: Record<string, string>;
  requests: FakeTwitchRequest[];
  games: FakeGame[];
  /** Seconds until a newly issued token expires. */
  tokenTtlSeconds: number;
  /** Invalidates every issued token (Helix then answers 401 until a new one is fetched). */
  revokeTokens(): void;
  tokenRequests(): number;
  close(): Promise<void>;
}

const box = (id: string) => `https://static-cdn.jtvnw.net/ttv-boxart/${id}-{width}x{height}.jpg`;

export const DEFAULT_GAMES: FakeGame[] = [
  { id: '509658', name: 'Just Chatting', box_art_url: box('509658') },
  { id: '110758', name: 'The Legend of Zelda: Tears of the Kingdom', box_art_url: box('110758') },
  { id: '18846', name: 'The Legend of Zelda: Breath of the Wild', box_art_url: box('18846') },
  { id: '27471', name: 'Minecraft', box_art_url: box('27471') },
  { id: '32982', name: 'Grand Theft Auto V', box_art_url: box('32982') },
];

export async function startFakeTwitch(opts: { games?: FakeGame[] } = {}): Promise<FakeTwitch> {
  const clientId = `fakeclient${randomBytes(6).toString('hex')}`;
  const clientSecret = `fakesecret${randomBytes(12).toString('hex')}`;
  const tokens = new Map<string, number>(); // token -> expiry (ms)
  let issued = 0;

  const fake: Omit<FakeTwitch, 'apiUrl' | 'authUrl' | 'env' | 'close'> = {
    clientId,
    clientSecret,
    requests: [],
    games: opts.games ?? DEFAULT_GAMES.map((g) => ({ ...g })),
    tokenTtlSeconds: 5011271,
    revokeTokens: () => tokens.clear(),
    tokenRequests: () => issued,
  };

  const send = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const body = Buffer.concat(chunks).toString('utf8');
      fake.requests.push({ method: req.method ?? 'GET', path: url.pathname, query: Object.fromEntries(url.searchParams), headers: req.headers, body });

      if (req.method === 'POST' && url.pathname === '/oauth2/token') {
        // Form body; the query string is accepted too.
        const form = new URLSearchParams(body);
        const get = (k: string) => form.get(k) ?? url.searchParams.get(k);
        if (get('client_id') !== clientId) return send(res, 400, { status: 400, message: 'invalid client' });
        if (get('client_secret') !== clientSecret) return send(res, 403, { status: 403, message: 'invalid client secret' });
        if (get('grant_type') !== 'client_credentials') return send(res, 400, { status: 400, message: 'invalid grant type' });
        const token = randomBytes(15).toString('hex');
        tokens.set(token, Date.now() + fake.tokenTtlSeconds * 1000);
        issued++;
        return send(res, 200, { access_token: token, expires_in: fake.tokenTtlSeconds, token_type: 'bearer' });
      }

      if (req.method === 'GET' && url.pathname.startsWith('/helix/')) {
        const auth = req.headers.authorization ?? '';
        const token = auth.startsWith('Bearer ') ? auth.slice(7) : '';
        if (!token || !req.headers['client-id'])
          return send(res, 401, { error: 'Unauthorized', status: 401, message: 'Missing Client ID or OAuth token' });
        const until = tokens.get(token);
        if (until === undefined || req.headers['client-id'] !== clientId)
          return send(res, 401, { error: 'Unauthorized', status: 401, message: 'Invalid OAuth token' });
        if (until < Date.now()) return send(res, 401, { error: 'Unauthorized', status: 401, message: 'Token expired' });

        if (url.pathname === '/helix/search/categories') {
          const query = url.searchParams.get('query');
          if (!query) return send(res, 400, { error: 'Bad Request', status: 400, message: 'Missing required parameter "query"' });
          const first = Math.min(100, Math.max(1, Number(url.searchParams.get('first') ?? 20) || 20));
          const found = fake.games.filter((g) => g.name.toLowerCase().includes(query.toLowerCase())).slice(0, first);
          // Twitch answers `data: null` for an empty search.
          return send(res, 200, { data: found.length ? found : null, pagination: {} });
        }
      }
      send(res, 404, { error: 'Not Found', status: 404, message: 'Not Found' });
    });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const base = `http://127.0.0.1:${port}`;
  const apiUrl = `${base}/helix`;
  const authUrl = `${base}/oauth2`;
  return Object.assign(fake, {
    apiUrl,
    authUrl,
    env: { TWITCH_API_URL: apiUrl, TWITCH_AUTH_URL: authUrl, TWITCH_CLIENT_ID: clientId, TWITCH_CLIENT_SECRET: clientSecret },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}
