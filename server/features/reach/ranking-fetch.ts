/**
 * Fetching a ranking list: RANKING_URL as it is, or Tranco's list of yesterday (UTC) —
 * `GET /daily_list_id?date=…&subdomains=false` for its id, then `GET /download/{id}/1000000`,
 * plain CSV (third-party-apis.md §11.2). Both are the operator's own configuration (not user
 * input), so no address check applies; the body is streamed and capped.
 */
import { Readable, Transform } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { RANKING_MAX_BYTES } from '../../../common/schemas/reach.js';
import type { Config } from '../../config.js';
import { megabytes, RankingFileError } from './ranking-parse.js';
import type { RankingListMeta } from './ranking-store.js';

const CONNECT_TIMEOUT_MS = 30_000;
const DOWNLOAD_TIMEOUT_MS = 10 * 60_000;

/** A source that could not be reached or answered with an error: the last list stays. */
export class RankingUnreachableError extends Error {
  override name = 'RankingUnreachableError';
}

/** Counts bytes through, failing past `max`. */
export function byteCap(max: number): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _enc, cb) {
      seen += chunk.length;
      if (seen > max) return cb(new RankingFileError(`The file is larger than ${megabytes(max)}.`));
      cb(null, chunk);
    },
  });
}

async function get(url: string, userAgent: string, signal: AbortSignal): Promise<Response> {
  let res: Response;
  try {
    res = await fetch(url, { signal, redirect: 'follow', headers: { 'user-agent': userAgent, accept: 'text/csv, application/zip, text/plain, */*' } });
  } catch (err) {
    const cause = (err as { cause?: { code?: string; message?: string } }).cause;
    throw new RankingUnreachableError(`Could not reach ${url} (${cause?.code ?? cause?.message ?? (err as Error).message}).`);
  }
  if (!res.ok) {
    await res.body?.cancel().catch(() => {});
    throw new RankingUnreachableError(`${url} answered ${res.status}${res.statusText ? ` ${res.statusText}` : ''}.`);
  }
  return res;
}

function bodyStream(res: Response, max: number): Readable {
  const length = Number(res.headers.get('content-length'));
  if (Number.isFinite(length) && length > max) throw new RankingFileError(`The file is larger than ${megabytes(max)}.`);
  if (!res.body) throw new RankingUnreachableError('The answer had no body.');
  const body = Readable.fromWeb(res.body as unknown as WebReadableStream<Uint8Array>);
  const cap = byteCap(max);
  body.on('error', (e) => cap.destroy(e));
  return body.pipe(cap);
}

const today = () => new Date().toISOString().slice(0, 10);

/** RANKING_URL: the list's day is its Last-Modified day, else today. */
export async function fetchConfiguredRanking(config: Config): Promise<{ meta: RankingListMeta; stream: Readable }> {
  const url = config.ranking.url;
  if (!url) throw new RankingUnreachableError('RANKING_URL is not set.');
  const signal = AbortSignal.timeout(DOWNLOAD_TIMEOUT_MS);
  const res = await get(url, config.crawler.userAgent, signal);
  const modified = Date.parse(res.headers.get('last-modified') ?? '');
  const listDate = Number.isFinite(modified) ? new Date(modified).toISOString().slice(0, 10) : today();
  return { meta: { source: 'url', sourceUrl: url, trancoId: null, listDate }, stream: bodyStream(res, RANKING_MAX_BYTES) };
}

/** The Tranco list of yesterday (UTC): the official client's default, as today's may not exist yet. */
export async function fetchTrancoRanking(config: Config, now = new Date()): Promise<{ meta: RankingListMeta; stream: Readable }> {
  const base = config.ranking.trancoUrl.endsWith('/') ? config.ranking.trancoUrl.slice(0, -1) : config.ranking.trancoUrl;
  const date = new Date(now.getTime() - 86_400_000).toISOString().slice(0, 10);
  const idRes = await get(`${base}/daily_list_id?date=${date}&subdomains=false`, config.crawler.userAgent, AbortSignal.timeout(CONNECT_TIMEOUT_MS));
  const id = (await idRes.text()).trim();
  if (!/^[A-Z0-9]{2,12}$/i.test(id)) throw new RankingUnreachableError(`Tranco did not name a list for ${date}.`);
  const url = `${base}/download/${encodeURIComponent(id)}/1000000`;
  const res = await get(url, config.crawler.userAgent, AbortSignal.timeout(DOWNLOAD_TIMEOUT_MS));
  return { meta: { source: 'tranco', sourceUrl: url, trancoId: id, listDate: date }, stream: bodyStream(res, RANKING_MAX_BYTES) };
}
