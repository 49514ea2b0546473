import { pipeline, type Readable } from 'node:stream';
import zlib from 'node:zlib';
import { FetchError, FETCH_MESSAGES } from './errors.js';

/**
 * Reads a response body, decoding gzip/deflate/br ourselves (we ask for them and undici's
 * `request` does not decode), and counts the decoded bytes so a small compressed bomb is cut
 * at the cap like any large body.
 */
export async function readBody(body: Readable, contentEncoding: string, maxBytes: number): Promise<Buffer> {
  const decoder = decoderFor(contentEncoding);
  const source: Readable = decoder ? (pipeline(body, decoder, () => {}) as unknown as Readable) : body;
  const chunks: Buffer[] = [];
  let total = 0;
  try {
    for await (const chunk of source) {
      const buf = chunk as Buffer;
      total += buf.length;
      if (total > maxBytes) {
        body.destroy();
        source.destroy();
        throw new FetchError('too_large', FETCH_MESSAGES.tooLarge(Math.round(maxBytes / 1048576)));
      }
      chunks.push(buf);
    }
  } catch (err) {
    if (err instanceof FetchError) throw err;
    if (decoder && isZlibError(err)) throw new FetchError('network', FETCH_MESSAGES.badEncoding, { cause: err });
    throw err;
  }
  return Buffer.concat(chunks, total);
}

/**
 * The start of an error response's body as text, for the error's details (`bodySnippet`).
 * Reads only as far as `maxChars` needs, then drops the connection instead of downloading a
 * large error page. Never throws: a broken error body must not hide the status.
 */
export async function readSnippet(body: Readable, contentEncoding: string, maxChars: number): Promise<string | undefined> {
  const decoder = decoderFor(contentEncoding);
  const source: Readable = decoder ? (pipeline(body, decoder, () => {}) as unknown as Readable) : body;
  // UTF-8 takes at most 4 bytes a character, so this many bytes always hold maxChars whole ones.
  const maxBytes = maxChars * 4;
  const chunks: Buffer[] = [];
  let total = 0;
  let complete = true;
  try {
    for await (const chunk of source) {
      chunks.push(chunk as Buffer);
      total += (chunk as Buffer).length;
      if (total >= maxBytes) {
        complete = false;
        break;
      }
    }
  } catch {
    complete = false;
  }
  if (!complete) body.destroy();
  const text = Buffer.concat(chunks, total).toString('utf8').trimStart().slice(0, maxChars).trimEnd();
  return text || undefined;
}

function decoderFor(encoding: string): zlib.Gunzip | zlib.Unzip | zlib.BrotliDecompress | null {
  const enc = encoding.trim().toLowerCase();
  if (enc === 'gzip' || enc === 'x-gzip') return zlib.createGunzip();
  // Unzip accepts both zlib-wrapped deflate (the standard) and gzip sent under the wrong name.
  if (enc === 'deflate') return zlib.createUnzip();
  if (enc === 'br') return zlib.createBrotliDecompress();
  return null; // identity, or something we did not ask for: keep the bytes as they are
}

function isZlibError(err: unknown): boolean {
  const code = (err as { code?: unknown })?.code;
  return typeof code === 'string' && (code.startsWith('Z_') || code.startsWith('ERR_BROTLI') || code.startsWith('ERR__ERROR'));
}

/** `Retry-After` as seconds from now: delta-seconds or an HTTP date; undefined when absent or invalid. */
export function parseRetryAfter(value: string | undefined, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const v = value.trim();
  if (/^\d+$/.test(v)) return Number(v);
  const at = Date.parse(v);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, Math.ceil((at - now) / 1000));
}
