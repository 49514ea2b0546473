import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { deflateRawSync, gzipSync } from 'node:zlib';

/**
 * A generated traffic ranking in the Tranco list format (third-party-apis.md §11.1: `rank,domain`
 * lines, no header, CRLF-free) and a local server for it: RANKING_URL (`/top-1m.csv`, or the ZIP
 * at `/top-1m.csv.zip`) and Tranco's download endpoints (§11.2: `/daily_list_id?date=…`, then
 * `/download/{id}/{n}`), so the app fetches exactly as it would from tranco-list.eu.
 */

const TLDS = ['com', 'net', 'org', 'de', 'co.uk', 'fr', 'com.br', 'jp', 'io', 'it'];

/**
 * `n` lines, rank 1 first. `pinned` puts known domains at chosen ranks (the rest are
 * `site{rank}.{tld}`), so a test knows what each website should score.
 */
export function rankingLines(n: number, pinned: Record<string, number> = {}): string {
  const byRank = new Map(Object.entries(pinned).map(([d, r]) => [r, d]));
  const out: string[] = new Array(n);
  for (let r = 1; r <= n; r++) out[r - 1] = `${r},${byRank.get(r) ?? `site${r}.${TLDS[r % TLDS.length]}`}`;
  return `${out.join('\n')}\n`;
}

const CRC_TABLE = (() => {
  const t = new Uint32Array(256);
  for (let i = 0; i < 256; i++) {
    let c = i;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[i] = c >>> 0;
  }
  return t;
})();

function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (let i = 0; i < buf.length; i++) c = CRC_TABLE[(c ^ buf[i]) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/** A ZIP archive of one deflated member (what Tranco's `download_daily` serves: `top-1m.csv`). */
export function zipOf(name: string, content: Buffer | string): Buffer {
  const data = Buffer.isBuffer(content) ? content : Buffer.from(content);
  const packed = deflateRawSync(data);
  const nameBytes = Buffer.from(name);
  const crc = crc32(data);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt16LE(0, 6);
  local.writeUInt16LE(8, 8);
  local.writeUInt32LE(0, 10);
  local.writeUInt32LE(crc, 14);
  local.writeUInt32LE(packed.length, 18);
  local.writeUInt32LE(data.length, 22);
  local.writeUInt16LE(nameBytes.length, 26);
  local.writeUInt16LE(0, 28);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt16LE(0, 8);
  central.writeUInt16LE(8, 10);
  central.writeUInt32LE(0, 12);
  central.writeUInt32LE(crc, 16);
  central.writeUInt32LE(packed.length, 20);
  central.writeUInt32LE(data.length, 24);
  central.writeUInt16LE(nameBytes.length, 28);
  central.writeUInt32LE(0, 42);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(46 + nameBytes.length, 12);
  end.writeUInt32LE(30 + nameBytes.length + packed.length, 16);
  return Buffer.concat([local, nameBytes, packed, central, nameBytes, end]);
}

export const gzipOf = (content: string | Buffer) => gzipSync(content);

export interface FakeRanking {
  url: string;
  /** RANKING_URL pointing at the plain list, and TRANCO_URL at this server. */
  env: Record<string, string>;
  /** What `/top-1m.csv` (and `/download/{id}/…`) answers; change it between imports. */
  body: Buffer | string;
  /** Answer every request with this status instead (500, 404, …), or null. */
  failWith: number | null;
  /** The id `/daily_list_id` names. */
  trancoId: string;
  requests: string[];
  close(): Promise<void>;
}

export async function startFakeRanking(opts: { body?: Buffer | string; trancoId?: string } = {}): Promise<FakeRanking> {
  // The server reads the fake's own fields at each request: a test changes them between imports.
  const fake = {
    url: '',
    env: {} as Record<string, string>,
    body: opts.body ?? rankingLines(1000),
    failWith: null as number | null,
    trancoId: opts.trancoId ?? 'K8XQW',
    requests: [] as string[],
    close: async () => {},
  } satisfies FakeRanking;
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    fake.requests.push(`${url.pathname}${url.search}`);
    if (fake.failWith) {
      res.writeHead(fake.failWith, { 'content-type': 'text/html' });
      res.end('<html><body>Service unavailable</body></html>');
      return;
    }
    const send = (type: string, body: Buffer | string) => {
      res.writeHead(200, { 'content-type': type, 'last-modified': 'Fri, 20 Nov 2026 00:00:00 GMT', 'content-length': Buffer.byteLength(body) });
      res.end(body);
    };
    if (url.pathname === '/top-1m.csv') return send('text/csv', fake.body);
    if (url.pathname === '/top-1m.csv.zip') return send('application/zip', zipOf('top-1m.csv', fake.body));
    if (url.pathname === '/daily_list_id') {
      if (!/^\d{4}-\d{2}-\d{2}$/.test(url.searchParams.get('date') ?? '') || url.searchParams.get('subdomains') !== 'false') {
        res.writeHead(400).end('bad request');
        return;
      }
      return send('text/plain', fake.trancoId);
    }
    const download = /^\/download\/([A-Z0-9]+)\/(\d+|full)$/.exec(url.pathname);
    if (download && download[1] === fake.trancoId) return send('text/csv', fake.body);
    res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.env = { RANKING_URL: `${fake.url}/top-1m.csv`, TRANCO_URL: fake.url };
  fake.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return fake;
}
