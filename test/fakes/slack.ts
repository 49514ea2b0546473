import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local Slack incoming-webhook receiver speaking the documented wire format
 * (shared/reference/third-party-apis.md §3): `POST /services/T…/B…/X…` with a JSON body
 * answers 200 `text/plain` "ok"; errors are plain-text codes (`invalid_payload`,
 * `missing_text_or_fallback_or_attachments`, `no_service`); 429 carries `Retry-After` seconds.
 * Every request is recorded, failures can be scripted for the next N requests.
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
}

export async function startFakeSlack(): Promise<FakeSlack> {
  const requests: SlackDelivery[] = [];
  const revoked = new Set<string>();
  let rateLimited = { count: 0, retryAfter: 1 };
  let failures = 0;
  let seq = 0;

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
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
