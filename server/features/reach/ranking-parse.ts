/**
 * Reading a traffic ranking in the Tranco list format (third-party-apis.md §11.1): CSV without a
 * header, one `rank,domain` per line, plain, gzipped or zipped (the ZIP Tranco serves holds one
 * member, `top-1m.csv`). Streamed: a million lines never sit in memory at once. Subdomains count
 * as their registrable domain (the Public Suffix List via tldts), IDNs as their ASCII form.
 */
import { domainToASCII } from 'node:url';
import { Readable, Transform, type TransformCallback } from 'node:stream';
import { createGunzip, createInflateRaw } from 'node:zlib';
import { registrableDomain } from '../../net/domains.js';

/** Why a file is refused whole (the import keeps the current list); shown to the operator as is. */
export class RankingFileError extends Error {
  override name = 'RankingFileError';
}

export interface RankingLimits {
  /** Bytes after decompression (a zip bomb stops here). */
  maxBytes: number;
  /** Entries kept (the list's length). */
  maxEntries: number;
}

export const DEFAULT_RANKING_LIMITS: RankingLimits = { maxBytes: 512 * 1024 * 1024, maxEntries: 5_000_000 };

/** Lines read before deciding whether the file is a ranking at all. */
const SNIFF_LINES = 1000;
/** Below this share of good lines among the first ones, the file is not a ranking. */
const MIN_GOOD_SHARE = 0.5;

export interface RankingEntry {
  domain: string;
  rank: number;
}

export interface RankingCounts {
  lines: number;
  entries: number;
  /** Lines that are not `rank,domain` (junk, a rank of 0, no domain the Public Suffix List knows). */
  skipped: number;
}

/** The first bytes of a stream, and the stream with them put back. */
async function peek(source: Readable, n: number): Promise<{ head: Buffer; stream: Readable }> {
  const chunks: Buffer[] = [];
  let size = 0;
  const it = source[Symbol.asyncIterator]();
  while (size < n) {
    const { value, done } = await it.next();
    if (done) break;
    const b = Buffer.isBuffer(value) ? value : Buffer.from(value);
    chunks.push(b);
    size += b.length;
  }
  const head = Buffer.concat(chunks);
  async function* rest() {
    if (head.length) yield head;
    for (;;) {
      const { value, done } = await it.next();
      if (done) return;
      yield value as Buffer;
    }
  }
  return { head, stream: Readable.from(rest(), { objectMode: false }) };
}

/**
 * The first member of a ZIP archive, inflated, read from the local file header on (the archive's
 * end is never needed: Tranco's ZIP holds one file). A member that is itself an archive is not a
 * ranking.
 */
async function unzipFirstMember(source: Readable): Promise<Readable> {
  const { head, stream } = await peek(source, 30);
  if (head.length < 30 || head.readUInt32LE(0) !== 0x04034b50) throw new RankingFileError('The ZIP file could not be read.');
  const flags = head.readUInt16LE(6);
  const method = head.readUInt16LE(8);
  const nameLength = head.readUInt16LE(26);
  const extraLength = head.readUInt16LE(28);
  if (flags & 0x1) throw new RankingFileError('The ZIP file is encrypted.');
  if (method !== 0 && method !== 8) throw new RankingFileError('The ZIP file uses a compression this import does not read (deflate or stored only).');
  const skip = 30 + nameLength + extraLength;
  const { head: header, stream: body } = await peek(stream, skip);
  if (header.length < skip) throw new RankingFileError('The ZIP file is cut short.');
  const name = header.subarray(30, 30 + nameLength).toString('utf8');
  if (/\.(zip|gz|7z|rar|tar)$/i.test(name)) throw new RankingFileError(`The ZIP file holds another archive (${name}), not a ranking.`);
  let skipped = 0;
  const dropHeader = new Transform({
    transform(chunk: Buffer, _enc, cb: TransformCallback) {
      if (skipped >= skip) return cb(null, chunk);
      const drop = Math.min(skip - skipped, chunk.length);
      skipped += drop;
      cb(null, drop < chunk.length ? chunk.subarray(drop) : undefined);
    },
  });
  const member = body.pipe(dropHeader);
  body.on('error', (e) => member.destroy(e));
  if (method === 0) return member;
  const inflate = createInflateRaw();
  member.on('error', (e) => inflate.destroy(e));
  // Deflate ends by itself; what follows (data descriptor, central directory) is left unread.
  return member.pipe(inflate);
}

/** The file's text bytes: ZIP and gzip are opened, anything else is read as it is. */
export async function openRankingBytes(source: Readable): Promise<Readable> {
  const { head, stream } = await peek(source, 4);
  if (head.length >= 4 && head.readUInt32LE(0) === 0x04034b50) {
    const inner = await unzipFirstMember(stream);
    const { head: innerHead, stream: innerStream } = await peek(inner, 4);
    if (innerHead.length >= 4 && (innerHead.readUInt32LE(0) === 0x04034b50 || (innerHead[0] === 0x1f && innerHead[1] === 0x8b))) {
      throw new RankingFileError('The ZIP file holds another archive, not a ranking.');
    }
    return innerStream;
  }
  if (head.length >= 2 && head[0] === 0x1f && head[1] === 0x8b) {
    const gunzip = createGunzip();
    stream.on('error', (e) => gunzip.destroy(e));
    return stream.pipe(gunzip);
  }
  return stream;
}

/** 104857600 → "100 MB". */
export const megabytes = (bytes: number) => `${bytes >= 10 * 1024 * 1024 ? Math.round(bytes / 1048576) : Math.round((bytes / 1048576) * 100) / 100} MB`;

const isAscii = (s: string) => {
  for (let i = 0; i < s.length; i++) if (s.charCodeAt(i) > 0x7f) return false;
  return true;
};

const HOST = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z0-9-]{2,63}$/;

/** One line → an entry, or null when it is not `rank,domain`. */
export function parseRankingLine(line: string): RankingEntry | null {
  const comma = line.indexOf(',');
  if (comma <= 0) return null;
  const rankText = line.slice(0, comma).trim();
  if (!/^\d{1,10}$/.test(rankText)) return null;
  const rank = Number(rankText);
  if (rank < 1 || rank > 2_147_483_647) return null;
  let host = line
    .slice(comma + 1)
    .trim()
    .toLowerCase()
    .replace(/^"|"$/g, '')
    .replace(/\.$/, '');
  if (!host || host.includes(',') || host.includes('/') || host.includes(' ')) return null;
  if (!isAscii(host)) host = domainToASCII(host);
  if (!host || !HOST.test(host)) return null;
  const domain = registrableDomain(host);
  return domain ? { domain, rank } : null;
}

/**
 * The entries of a ranking file, in batches, with the counts so far. Throws RankingFileError when
 * the file is not a ranking (HTML, JSON, mostly junk, no entry at all) or exceeds the limits.
 */
export async function* readRanking(
  source: Readable,
  counts: RankingCounts,
  limits: RankingLimits = DEFAULT_RANKING_LIMITS,
  batchSize = 20_000,
): AsyncGenerator<RankingEntry[]> {
  const bytes = await openRankingBytes(source);
  let seen = 0;
  let rest = '';
  let batch: RankingEntry[] = [];
  let sniffed = false;
  const decoder = new TextDecoder('utf-8');
  const check = () => {
    if (sniffed || counts.lines < SNIFF_LINES) return;
    sniffed = true;
    if (counts.entries < counts.lines * MIN_GOOD_SHARE) throw notARanking(counts);
  };
  const take = (line: string) => {
    if (counts.lines === 0 && line.charCodeAt(0) === 0xfeff) line = line.slice(1);
    const trimmed = line.trim();
    if (!trimmed) return;
    counts.lines++;
    if (counts.lines === 1 && /^[<[{]/.test(trimmed)) {
      throw new RankingFileError('This is not a ranking: the file looks like a web page or JSON, not `rank,domain` lines (was the address an error page?).');
    }
    const entry = parseRankingLine(trimmed);
    if (!entry) {
      counts.skipped++;
      return;
    }
    counts.entries++;
    if (counts.entries > limits.maxEntries) throw new RankingFileError(`The list is longer than ${limits.maxEntries.toLocaleString('en-US')} entries.`);
    batch.push(entry);
  };
  for await (const chunk of bytes) {
    const b = chunk as Buffer;
    seen += b.length;
    if (seen > limits.maxBytes) throw new RankingFileError(`The file is larger than ${megabytes(limits.maxBytes)} once opened.`);
    const text = rest + decoder.decode(b, { stream: true });
    const lines = text.split('\n');
    rest = lines.pop() ?? '';
    if (rest.length > 4096) throw notARanking(counts);
    for (const line of lines) take(line);
    check();
    if (batch.length >= batchSize) {
      yield batch;
      batch = [];
    }
  }
  take(rest + decoder.decode());
  if (counts.entries === 0) throw notARanking(counts);
  if (!sniffed && counts.entries < counts.lines * MIN_GOOD_SHARE) throw notARanking(counts);
  if (batch.length) yield batch;
}

function notARanking(counts: RankingCounts): RankingFileError {
  return new RankingFileError(
    counts.lines === 0
      ? 'The file is empty.'
      : `This is not a ranking: ${counts.entries.toLocaleString('en-US')} of the first ${counts.lines.toLocaleString('en-US')} lines are \`rank,domain\`.`,
  );
}
