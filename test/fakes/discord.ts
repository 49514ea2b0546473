import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local Discord webhook receiver speaking the documented wire format
 * (shared/reference/third-party-apis.md §4): `POST /api/webhooks/{id}/{token}` answers 204 by
 * default and 200 with a message object with `?wait=true`; it validates what Discord validates
 * (content ≤ 2000, ≤ 10 embeds, embed field limits, 6000 characters across all embeds → 400
 * code 50035; nothing to send → 400 code 50006; unknown webhook → 404 code 10015). Failures can
 * be scripted: 429 with `retry_after` (float seconds) and the rate-limit headers, or 500.
 */

export interface DiscordEmbed {
  title?: string;
  url?: string;
  description?: string;
  color?: number;
  timestamp?: string;
  footer?: { text?: string };
  author?: { name?: string };
  thumbnail?: { url?: string };
  fields?: { name?: string; value?: string }[];
}

export interface DiscordDelivery {
  path: string;
  query: Record<string, string>;
  headers: http.IncomingHttpHeaders;
  payload: { content?: string; embeds?: DiscordEmbed[]; [k: string]: unknown } | null;
  status: number;
}

export interface FakeDiscord {
  baseUrl: string;
  webhookUrl(id?: string): string;
  requests: DiscordDelivery[];
  /** Requests that were accepted (204 or 200). */
  delivered(): DiscordDelivery[];
  /** Answer the next `count` requests with 429 and `retry_after: retryAfterSeconds`. */
  rateLimitNext(count: number, retryAfterSeconds: number): void;
  failNext(count: number): void;
  revoke(webhookUrl: string): void;
  close(): Promise<void>;
}

/** Characters Discord counts towards the 6000 limit of one message's embeds. */
export function embedChars(e: DiscordEmbed): number {
  let n = (e.title?.length ?? 0) + (e.description?.length ?? 0) + (e.footer?.text?.length ?? 0) + (e.author?.name?.length ?? 0);
  for (const f of e.fields ?? []) n += (f.name?.length ?? 0) + (f.value?.length ?? 0);
  return n;
}

function validationErrors(payload: NonNullable<DiscordDelivery['payload']>): Record<string, unknown> | null {
  const errors: Record<string, unknown> = {};
  const err = (code: string, message: string) => ({ _errors: [{ code, message }] });
  if (typeof payload.content === 'string' && payload.content.length > 2000) {
    errors.content = err('BASE_TYPE_MAX_LENGTH', 'Must be 2000 or fewer in length.');
  }
  const embeds = payload.embeds ?? [];
  if (!Array.isArray(embeds)) return { embeds: err('BASE_TYPE_ARRAY', 'Must be an array.') };
  if (embeds.length > 10) errors.embeds = err('BASE_TYPE_MAX_LENGTH', 'Must be 10 or fewer in length.');
  let total = 0;
  embeds.forEach((e, i) => {
    const limits: [string, number, number][] = [
      ['title', e.title?.length ?? 0, 256],
      ['description', e.description?.length ?? 0, 4096],
    ];
    for (const [field, len, max] of limits) {
      if (len > max) errors[`embeds.${i}.${field}`] = err('BASE_TYPE_MAX_LENGTH', `Must be ${max} or fewer in length.`);
    }
    if ((e.footer?.text?.length ?? 0) > 2048) errors[`embeds.${i}.footer.text`] = err('BASE_TYPE_MAX_LENGTH', 'Must be 2048 or fewer in length.');
    total += embedChars(e);
  });
  if (total > 6000) errors.embeds = err('MAX_EMBED_SIZE_EXCEEDED', 'Embed size exceeds maximum size of 6000');
  return Object.keys(errors).length ? errors : null;
}

export async function startFakeDiscord(): Promise<FakeDiscord> {
  const requests: DiscordDelivery[] = [];
  const revoked = new Set<string>();
  let rateLimited = { count: 0, retryAfter: 1 };
  let failures = 0;
  let seq = 0;
  let messageId = 1_100_000_000_000_000_000n;

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const query = Object.fromEntries(url.searchParams);
      let payload: DiscordDelivery['payload'] = null;
      let badJson = false;
      try {
        payload = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      } catch {
        badJson = true;
      }
      const answer = (status: number, body: unknown, headers: Record<string, string> = {}) => {
        requests.push({ path: url.pathname, query, headers: req.headers, payload, status });
        if (body === null) {
          res.writeHead(status, headers);
          return res.end();
        }
        res.writeHead(status, { 'content-type': 'application/json', ...headers });
        res.end(JSON.stringify(body));
      };
      const match = /^\/api\/webhooks\/(\d+)\/([\w-]+)$/.exec(url.pathname);
      if (req.method !== 'POST' || !match || revoked.has(url.pathname)) {
        return answer(404, { message: 'Unknown Webhook', code: 10015 });
      }
      const bucket = { 'x-ratelimit-limit': '5', 'x-ratelimit-bucket': `fake-${match[1]}` };
      if (rateLimited.count > 0) {
        rateLimited.count--;
        const after = rateLimited.retryAfter;
        return answer(
          429,
          { message: 'You are being rate limited.', retry_after: after, global: false },
          {
            ...bucket,
            'x-ratelimit-remaining': '0',
            'x-ratelimit-reset-after': String(after),
            'x-ratelimit-scope': 'shared',
            'retry-after': String(Math.ceil(after)),
          },
        );
      }
      if (failures > 0) {
        failures--;
        return answer(500, { message: 'Internal Server Error', code: 0 });
      }
      if (badJson || !payload || typeof payload !== 'object') return answer(400, { message: 'The request body contains invalid JSON.', code: 50109 });
      const errors = validationErrors(payload);
      if (errors) return answer(400, { message: 'Invalid Form Body', code: 50035, errors });
      const hasContent = typeof payload.content === 'string' && payload.content.trim().length > 0;
      if (!hasContent && !(Array.isArray(payload.embeds) && payload.embeds.length > 0)) {
        return answer(400, { message: 'Cannot send an empty message', code: 50006 });
      }
      const headers = { ...bucket, 'x-ratelimit-remaining': '4', 'x-ratelimit-reset-after': '1' };
      if (query.wait === 'true') {
        messageId++;
        return answer(
          200,
          {
            id: String(messageId),
            type: 0,
            content: payload.content ?? '',
            channel_id: '1000000000000000001',
            author: { id: match[1], username: 'Coverwatch', bot: true },
            embeds: payload.embeds ?? [],
            timestamp: new Date().toISOString(),
            webhook_id: match[1],
          },
          headers,
        );
      }
      return answer(204, null, headers);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    baseUrl,
    webhookUrl: (id) => `${baseUrl}/api/webhooks/${id ?? String(1_200_000_000 + ++seq)}/fake-token-${seq}`,
    requests,
    delivered: () => requests.filter((r) => r.status === 204 || r.status === 200),
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
  };
}
