import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * JSON answers compressed on the way out. Measured with bench/compression.ts (docs/decisions.md,
 * "JSON answers are compressed"): brotli at quality 4 makes an articles-feed page about as small
 * as gzip -9 does, for a fraction of a millisecond of CPU, in libuv's thread pool (never on the
 * event loop). Answers under 1 KB are sent as they are: framing would eat the gain.
 */
export const JSON_BROTLI_QUALITY = 4;
export const JSON_GZIP_LEVEL = 6;
export const COMPRESS_MIN_BYTES = 1024;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

type Encoding = 'br' | 'gzip';

/**
 * The encoding to answer with for an Accept-Encoding header: brotli if it is accepted, else gzip,
 * else none. `q=0` refuses an encoding; `*` stands for any encoding not named.
 */
export function negotiateEncoding(header: string | undefined): Encoding | null {
  if (!header) return null;
  const q = new Map<string, number>();
  for (const part of header.toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    if (!name) continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const value = qParam ? Number(qParam.slice(2)) : 1;
    q.set(name.trim(), Number.isFinite(value) ? value : 0);
  }
  const weight = (name: Encoding) => q.get(name) ?? (name === 'gzip' ? q.get('x-gzip') : undefined) ?? q.get('*') ?? 0;
  const br = weight('br');
  const gz = weight('gzip');
  if (br > 0 && br >= gz) return 'br';
  if (gz > 0) return 'gzip';
  return null;
}

const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\b/i;

/** An onSend hook: compresses a JSON answer of COMPRESS_MIN_BYTES or more when the client accepts it. */
export async function compressJson(req: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> {
  if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload; // streams (CSV, files) and empty answers
  if (req.method === 'HEAD' || reply.statusCode === 204 || reply.statusCode === 304) return payload;
  if (reply.hasHeader('content-encoding') || !JSON_TYPE.test(String(reply.getHeader('content-type') ?? ''))) return payload;
  varyOnEncoding(reply);
  const body = typeof payload === 'string' ? Buffer.from(payload) : payload;
  if (body.length < COMPRESS_MIN_BYTES) return payload;
  const encoding = negotiateEncoding(req.headers['accept-encoding']);
  if (!encoding) return payload;
  const compressed =
    encoding === 'br'
      ? await brotli(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: JSON_BROTLI_QUALITY, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length } })
      : await gzip(body, { level: JSON_GZIP_LEVEL });
  reply.header('content-encoding', encoding);
  reply.removeHeader('content-length');
  return compressed;
}

function varyOnEncoding(reply: FastifyReply) {
  const vary = String(reply.getHeader('vary') ?? '');
  if (!/\baccept-encoding\b/i.test(vary)) reply.header('vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
}
