import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local Slack incoming-webhook receiver speaking the documented wire format
 * (shared/reference/third-party-apis.md §3): `POST /services/T…/B…/X…` with a JSON body
 * answers 200 `text/plain` "ok"; errors are plain-text codes (`invalid_payload`,
 * `missing_text_or_fallback_or_attachments`, `no_service`); 429 carries `Retry-After` seconds.
 * Every request is recorded, failures can be scripted for the next N requests.
 *
 * It is also a Slack app's workspace (the Web API under `/api/`, the OAuth v2 authorize page):
 * `GET /oauth/v2/authorize` shows an "Allow" link back to `redirect_uri` with a code and the
 * state; `oauth.v2.access` exchanges the code (client id and secret checked) for a bot token;
 * `conversations.list` pages the workspace's channels with cursors; `chat.postMessage` records
 * the message (blocks included); `auth.test` / `auth.revoke`; a revoked token answers
 * `token_revoked`. `sendEvent` delivers an Events API payload signed like Slack signs it.
 */

export interface SlackDelivery {
  path: string;
  headers: http.IncomingHttpHeaders;
  /** The parsed JSON body (null when it did not parse). */
  payload: { text?: string; blocks?: unknown[]; [k: string]: unknown } | null;
  /** What the fake answered. */
  status: number;
}

export interface FakeSlack {
  baseUrl: string;
  /** A webhook URL on this fake (a fresh one per call unless `id` is given). */
  webhookUrl(id?: string): string;
  /** Every request received, in order (including the failed ones). */
  requests: SlackDelivery[];
  /** Requests that were answered 200 "ok". */
  delivered(): SlackDelivery[];
  /** Answer the next `count` requests with 429 and `Retry-After: retryAfterSeconds`. */
  rateLimitNext(count: number, retryAfterSeconds: number): void;
  /** Answer the next `count` requests with 500 `rollup_error`. */
  failNext(count: number): void;
  /** Webhooks that answer 404 `no_service` (revoked). */
  revoke(webhookUrl: string): void;
  close(): Promise<void>;
  /** The settings that point Coverwatch's Slack app at this fake (SLACK_CLIENT_ID, …, SLACK_AUTHORIZE_URL). */
  env: Record<string, string>;
  /** The Web API base (SLACK_API_URL) and the authorize page (SLACK_AUTHORIZE_URL). */
  apiUrl: string;
  authorizeUrl: string;
  /** The app's credentials the fake accepts (SLACK_CLIENT_ID / SLACK_CLIENT_SECRET / SLACK_SIGNING_SECRET). */
  app: { clientId: string; clientSecret: string; signingSecret: string };
  team: { id: string; name: string };
  /** The workspace's channels, in conversations.list order (edit to change what the next listing returns). */
  channels: FakeSlackChannel[];
  /** Every Web API call, in order. */
  apiCalls: FakeSlackApiCall[];
  /** The chat.postMessage calls that were accepted. */
  posts(): FakeSlackApiCall[];
  /** The URL Slack's "Allow" button leads to for an authorize URL: redirect_uri with a fresh code and the state. */
  approve(authorizeUrl: string): string;
  /** Bot tokens issued so far. */
  tokens: string[];
  /** The token answers `token_revoked` from now on (as after an uninstall in Slack). */
  revokeToken(token: string): void;
  /** Answer the next `count` Web API calls with 429 and `Retry-After`. */
  apiRateLimitNext(count: number, retryAfterSeconds: number): void;
  /** Posts an Events API payload to `url`, signed with the signing secret (or `opts.secret`). */
  sendEvent(url: string, payload: unknown, opts?: { secret?: string; timestamp?: number }): Promise<{ status: number; body: string }>;
}

export interface FakeSlackChannel {
  id: string;
  name: string;
  is_private?: boolean;
  is_member?: boolean;
  is_archived?: boolean;
}

export interface FakeSlackApiCall {
  method: string;
  token: string | null;
  /** Form fields or the JSON body. */
  params: Record<string, unknown>;
  /** What the fake answered: `ok` or the error code. */
  answer: string;
}

export async function startFakeSlack(): Promise<FakeSlack> {
  const requests: SlackDelivery[] = [];
  const revoked = new Set<string>();
  let rateLimited = { count: 0, retryAfter: 1 };
  let failures = 0;
  let seq = 0;

  const app = { clientId: '1111.2222', clientSecret: 'fake-client-secret', signingSecret: 'fake-signing-secret' };
  const team = { id: 'T0FAKE', name: 'Fake Workspace' };
  const channels: FakeSlackChannel[] = [
    { id: 'C0GENERAL', name: 'general', is_member: true },
    { id: 'C0PRESS', name: 'press', is_member: false },
    { id: 'G0SECRET', name: 'launch-war-room', is_private: true, is_member: true },
  ];
  const apiCalls: FakeSlackApiCall[] = [];
  const codes = new Map<string, string>(); // code -> redirect_uri it was issued for
  const tokens: string[] = [];
  const revokedTokens = new Set<string>();
  let apiRateLimited = { count: 0, retryAfter: 1 };

  const webApi = (req: http.IncomingMessage, res: http.ServerResponse, method: string, raw: string) => {
    const type = String(req.headers['content-type'] ?? '');
    let params: Record<string, unknown> = {};
    if (type.startsWith('application/json')) {
      try {
        params = JSON.parse(raw) as Record<string, unknown>;
      } catch {
        params = {};
      }
    } else {
      params = Object.fromEntries(new URLSearchParams(raw));
    }
    const auth = String(req.headers.authorization ?? '');
    const token = auth.startsWith('Bearer ') ? auth.slice(7) : null;
    const reply = (body: Record<string, unknown>, status = 200, headers: Record<string, string> = {}) => {
      apiCalls.push({ method, token, params, answer: body.ok === true ? 'ok' : String(body.error ?? status) });
      res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
      res.end(JSON.stringify(body));
    };
    if (apiRateLimited.count > 0) {
      apiRateLimited.count--;
      return reply({ ok: false, error: 'ratelimited' }, 429, { 'retry-after': String(apiRateLimited.retryAfter) });
    }
    if (method === 'oauth.v2.access') {
      if (params.client_id !== app.clientId || params.client_secret !== app.clientSecret) return reply({ ok: false, error: 'invalid_client_id' });
      const code = String(params.code ?? '');
      const redirect = codes.get(code);
      if (redirect === undefined) return reply({ ok: false, error: 'invalid_code' });
      codes.delete(code); // single use
      if (params.redirect_uri !== redirect) return reply({ ok: false, error: 'bad_redirect_uri' });
      const token = `xoxb-fake-${tokens.length + 1}-${Date.now().toString(36)}`;
      tokens.push(token);
      return reply({
        ok: true,
        access_token: token,
        token_type: 'bot',
        scope: 'chat:write,channels:read,groups:read,chat:write.public',
        bot_user_id: 'U0BOT',
        app_id: 'A0FAKE',
        team,
        enterprise: null,
        is_enterprise_install: false,
      });
    }
    if (!token) return reply({ ok: false, error: 'not_authed' });
    if (revokedTokens.has(token)) return reply({ ok: false, error: 'token_revoked' });
    if (!tokens.includes(token)) return reply({ ok: false, error: 'invalid_auth' });
    switch (method) {
      case 'auth.test':
        return reply({ ok: true, team: team.name, team_id: team.id, user_id: 'U0BOT', bot_id: 'B0BOT' });
      case 'auth.revoke':
        revokedTokens.add(token);
        return reply({ ok: true, revoked: true });
      case 'conversations.list': {
        const limit = Math.min(1000, Math.max(1, Number(params.limit ?? 100) || 100));
        const start = params.cursor
          ? Number(
              Buffer.from(String(params.cursor), 'base64')
                .toString('utf8')
                .replace(/^offset:/, ''),
            )
          : 0;
        if (!Number.isInteger(start) || start < 0) return reply({ ok: false, error: 'invalid_cursor' });
        const wanted = String(params.types ?? 'public_channel').split(',');
        const visible = channels.filter(
          (c) =>
            (c.is_private ? wanted.includes('private_channel') : wanted.includes('public_channel')) && !(params.exclude_archived === 'true' && c.is_archived),
        );
        const page = visible.slice(start, start + limit);
        const next = start + limit < visible.length ? Buffer.from(`offset:${start + limit}`).toString('base64') : '';
        return reply({ ok: true, channels: page, response_metadata: { next_cursor: next } });
      }
      case 'chat.postMessage': {
        const channel = channels.find((c) => c.id === params.channel || `#${c.name}` === params.channel);
        if (!channel || channel.is_archived) return reply({ ok: false, error: channel ? 'is_archived' : 'channel_not_found' });
        if (channel.is_private && !channel.is_member) return reply({ ok: false, error: 'not_in_channel' });
        const blocks = params.blocks;
        const hasText = typeof params.text === 'string' && params.text.length > 0;
        if (!hasText && !(Array.isArray(blocks) && blocks.length > 0)) return reply({ ok: false, error: 'no_text' });
        if (blocks !== undefined && (!Array.isArray(blocks) || blocks.length > 50 || !validBlocks(blocks)))
          return reply({ ok: false, error: 'invalid_blocks' });
        return reply({ ok: true, channel: channel.id, ts: `${Math.floor(Date.now() / 1000)}.${String(apiCalls.length).padStart(6, '0')}` });
      }
      default:
        return reply({ ok: false, error: 'unknown_method' }, 404);
    }
  };

  const authorizePage = (url: URL, res: http.ServerResponse) => {
    const clientId = url.searchParams.get('client_id');
    const redirect = url.searchParams.get('redirect_uri') ?? '';
    res.setHeader('content-type', 'text/html; charset=utf-8');
    if (clientId !== app.clientId || !/^https?:\/\//.test(redirect)) {
      res.writeHead(400);
      return res.end('<!doctype html><title>Slack</title><p>invalid_client_id or redirect_uri</p>');
    }
    const allow = approve(url.toString());
    const deny = `${redirect}?error=access_denied&state=${encodeURIComponent(url.searchParams.get('state') ?? '')}`;
    const esc = (v: string) => v.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
    res.writeHead(200);
    res.end(`<!doctype html><title>Install Coverwatch in ${esc(team.name)}</title>
<h1>Coverwatch is requesting permission to access the ${esc(team.name)} Slack workspace</h1>
<p>Scopes: ${esc(url.searchParams.get('scope') ?? '')}</p>
<a id="allow" href="${esc(allow)}">Allow</a> <a id="cancel" href="${esc(deny)}">Cancel</a>`);
  };

  const approve = (authorizeUrl: string) => {
    const url = new URL(authorizeUrl);
    const redirect = url.searchParams.get('redirect_uri') ?? '';
    const code = `code-${codes.size + tokens.length + 1}-${Math.random().toString(36).slice(2)}`;
    codes.set(code, redirect);
    const back = new URL(redirect);
    back.searchParams.set('code', code);
    back.searchParams.set('state', url.searchParams.get('state') ?? '');
    return back.toString();
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const path = url.pathname;
      if (req.method === 'GET' && path === '/oauth/v2/authorize') return authorizePage(url, res);
      if (req.method === 'POST' && path.startsWith('/api/')) return webApi(req, res, path.slice(5), Buffer.concat(chunks).toString('utf8'));
      let payload: SlackDelivery['payload'] = null;
      try {
        payload = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      } catch {
        payload = null;
      }
      const answer = (status: number, body: string, headers: Record<string, string> = {}) => {
        requests.push({ path, headers: req.headers, payload, status });
        res.writeHead(status, { 'content-type': 'text/plain', ...headers });
        res.end(body);
      };
      if (req.method !== 'POST' || !/^\/services\/[^/]+\/[^/]+\/[^/]+$/.test(path)) return answer(404, 'no_service');
      if (revoked.has(path)) return answer(404, 'no_service');
      if (rateLimited.count > 0) {
        rateLimited.count--;
        return answer(429, 'rate_limited', { 'retry-after': String(rateLimited.retryAfter) });
      }
      if (failures > 0) {
        failures--;
        return answer(500, 'rollup_error');
      }
      if (!payload || typeof payload !== 'object' || Array.isArray(payload)) return answer(400, 'invalid_payload');
      const hasText = typeof payload.text === 'string' && payload.text.length > 0;
      const hasBlocks = Array.isArray(payload.blocks) && payload.blocks.length > 0;
      if (!hasText && !hasBlocks && !Array.isArray(payload.attachments)) return answer(400, 'missing_text_or_fallback_or_attachments');
      // Slack's documented block limits: 50 blocks, section text up to 3000 characters.
      if (payload.blocks !== undefined && (!Array.isArray(payload.blocks) || payload.blocks.length > 50 || !validBlocks(payload.blocks))) {
        return answer(400, 'invalid_blocks');
      }
      return answer(200, 'ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    baseUrl,
    webhookUrl: (id) => `${baseUrl}/services/T0FAKE/B0FAKE/${id ?? `hook${++seq}x${Date.now().toString(36)}`}`,
    requests,
    delivered: () => requests.filter((r) => r.status === 200),
    rateLimitNext: (count, retryAfterSeconds) => {
      rateLimited = { count, retryAfter: retryAfterSeconds };
    },
    failNext: (count) => {
      failures = count;
    },
    revoke: (webhookUrl) => {
      revoked.add(new URL(webhookUrl).pathname);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
    env: {
      SLACK_CLIENT_ID: app.clientId,
      SLACK_CLIENT_SECRET: app.clientSecret,
      SLACK_SIGNING_SECRET: app.signingSecret,
      SLACK_API_URL: `${baseUrl}/api`,
      SLACK_AUTHORIZE_URL: `${baseUrl}/oauth/v2/authorize`,
    },
    apiUrl: `${baseUrl}/api`,
    authorizeUrl: `${baseUrl}/oauth/v2/authorize`,
    app,
    team,
    channels,
    apiCalls,
    posts: () => apiCalls.filter((c) => c.method === 'chat.postMessage' && c.answer === 'ok'),
    approve,
    tokens,
    revokeToken: (token) => {
      revokedTokens.add(token);
    },
    apiRateLimitNext: (count, retryAfterSeconds) => {
      apiRateLimited = { count, retryAfter: retryAfterSeconds };
    },
    sendEvent: async (url, payload, opts = {}) => {
      const body = JSON.stringify(payload);
      const timestamp = String(opts.timestamp ?? Math.floor(Date.now() / 1000));
      const signature = `v0=${createHmac('sha256', opts.secret ?? app.signingSecret)
        .update(`v0:${timestamp}:${body}`)
        .digest('hex')}`;
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-slack-request-timestamp': timestamp, 'x-slack-signature': signature },
        body,
      });
      return { status: res.status, body: await res.text() };
    },
  };
}

function validBlocks(blocks: unknown[]): boolean {
  return blocks.every((b) => {
    if (!b || typeof b !== 'object') return false;
    const block = b as { type?: unknown; text?: { text?: unknown } };
    if (typeof block.type !== 'string') return false;
    if (block.type === 'section') return typeof block.text?.text === 'string' && block.text.text.length <= 3000;
    return true;
  });
}
