import type { FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import { AppError } from './errors.js';

// A host name (with an optional port) or a bracketed IPv6 address: nothing that could bend the URL.
const HOST = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*|\[[0-9a-f:.]{2,45}\])(?::\d{1,5})?$/i;

/**
 * This app's address for links that leave it — e-mailed links, the pages Stripe and Slack send
 * the browser back to: PUBLIC_URL when set (behind a proxy that rewrites the host, only it is
 * right), else the origin this request came to, its Host checked (400) so that a forged header
 * cannot make us send someone to another site.
 */
export function appBaseUrl(config: Pick<Config, 'publicUrl'>, req: FastifyRequest): string {
  if (config.publicUrl) {
    let base = config.publicUrl;
    while (base.endsWith('/')) base = base.slice(0, -1);
    return base;
  }
  const host = req.host;
  if (!host || !HOST.test(host)) throw new AppError('bad_request', 'The Host header is not a valid host name');
  return `${req.protocol}://${host}`;
}
