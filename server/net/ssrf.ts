import { isIP } from 'node:net';
import { FetchError, FETCH_MESSAGES } from './errors.js';

/**
 * The SSRF guard. Feeds and article URLs are typed by users, so a fetch must never reach the
 * machine itself, the cloud metadata service or the office network. The URL is checked before
 * each hop (IP literals), and the resolved address again at connect time (http-client's
 * `lookup`), which defeats DNS rebinding.
 */

type Range = [base: number, bits: number];

// IPv4 ranges that are not the public internet (RFC 6890 and friends).
const V4_PRIVATE: Range[] = [
  [ip4('0.0.0.0'), 8],
  [ip4('10.0.0.0'), 8],
  [ip4('100.64.0.0'), 10],
  [ip4('127.0.0.0'), 8],
  [ip4('169.254.0.0'), 16],
  [ip4('172.16.0.0'), 12],
  [ip4('192.0.0.0'), 24],
  [ip4('192.0.2.0'), 24],
  [ip4('192.168.0.0'), 16],
  [ip4('198.18.0.0'), 15],
  [ip4('198.51.100.0'), 24],
  [ip4('203.0.113.0'), 24],
  [ip4('224.0.0.0'), 4],
  [ip4('240.0.0.0'), 4],
];

function ip4(text: string): number {
  const parts = text.split('.').map(Number);
  return ((parts[0] << 24) | (parts[1] << 16) | (parts[2] << 8) | parts[3]) >>> 0;
}

function inRange4(addr: number, [base, bits]: Range): boolean {
  if (bits === 0) return true;
  const mask = (0xffffffff << (32 - bits)) >>> 0;
  return (addr & mask) >>> 0 === (base & mask) >>> 0;
}

function isPrivate4(addr: number): boolean {
  return addr === 0xffffffff || V4_PRIVATE.some((r) => inRange4(addr, r));
}

/** Sixteen bytes of an IPv6 address (already validated by `isIP`), or null. */
function ip6Bytes(text: string): number[] | null {
  let s = text.replace(/^([^%]*)%.*$/, '$1'); // zone id
  const groups: number[] = [];
  const v4 = s.match(/(?<!\d)(\d+\.\d+\.\d+\.\d+)$/);
  if (v4) {
    const n = ip4(v4[1]);
    s = `${s.slice(0, -v4[1].length)}${(n >>> 16).toString(16)}:${(n & 0xffff).toString(16)}`;
  }
  const [head, tail] = s.includes('::') ? s.split('::') : [s, null];
  const parse = (p: string) => (p ? p.split(':').map((g) => parseInt(g, 16)) : []);
  const h = parse(head);
  const t = tail === null ? [] : parse(tail);
  const fill = tail === null ? 0 : 8 - h.length - t.length;
  groups.push(...h, ...new Array(fill).fill(0), ...t);
  if (groups.length !== 8 || groups.some((g) => Number.isNaN(g))) return null;
  return groups.flatMap((g) => [g >> 8, g & 0xff]);
}

const v4At = (b: number[], i: number) => ((b[i] << 24) | (b[i + 1] << 16) | (b[i + 2] << 8) | b[i + 3]) >>> 0;

function isPrivate6(b: number[]): boolean {
  const zeros = (from: number, to: number) => b.slice(from, to).every((x) => x === 0);
  // ::/96 (includes :: and ::1, and the deprecated IPv4-compatible form): judge the IPv4 part.
  if (zeros(0, 12)) return isPrivate4(v4At(b, 12));
  // ::ffff:a.b.c.d — IPv4-mapped, what a dual-stack socket turns an IPv4 address into.
  if (zeros(0, 10) && b[10] === 0xff && b[11] === 0xff) return isPrivate4(v4At(b, 12));
  // 64:ff9b::/96 — NAT64 of an IPv4 address.
  if (b[0] === 0 && b[1] === 0x64 && b[2] === 0xff && b[3] === 0x9b && zeros(4, 12)) return isPrivate4(v4At(b, 12));
  // 2002::/16 — 6to4 carries an IPv4 address in bytes 2..5.
  if (b[0] === 0x20 && b[1] === 0x02) return isPrivate4(v4At(b, 2));
  if ((b[0] & 0xfe) === 0xfc) return true; // fc00::/7 unique local
  if (b[0] === 0xfe && (b[1] & 0xc0) === 0x80) return true; // fe80::/10 link local
  if (b[0] === 0xfe && (b[1] & 0xc0) === 0xc0) return true; // fec0::/10 old site local
  if (b[0] === 0xff) return true; // ff00::/8 multicast
  if (b[0] === 0x01 && zeros(1, 8)) return true; // 100::/64 discard
  if (b[0] === 0x20 && b[1] === 0x01 && b[2] === 0x0d && b[3] === 0xb8) return true; // 2001:db8::/32 documentation
  return false;
}

/** True for any address that is not a public unicast address (and for anything not an IP). */
export function isPrivateAddress(ip: string): boolean {
  const addr = ip.startsWith('[') && ip.endsWith(']') ? ip.slice(1, -1) : ip;
  const kind = isIP(addr);
  if (kind === 4) return isPrivate4(ip4(addr));
  if (kind === 6) {
    const bytes = ip6Bytes(addr);
    return bytes === null || isPrivate6(bytes);
  }
  return true;
}

/**
 * Parses and checks a URL before it is fetched: http or https only, no credentials, and an IP
 * literal host must be public unless `allowPrivate`. Host names are checked at connect time.
 */
export function assertFetchableUrl(url: string | URL, allowPrivate: boolean): URL {
  let parsed: URL;
  try {
    parsed = typeof url === 'string' ? new URL(url) : url;
  } catch {
    throw new FetchError('invalid_url', FETCH_MESSAGES.invalidUrl);
  }
  if ((parsed.protocol !== 'http:' && parsed.protocol !== 'https:') || !parsed.hostname) {
    throw new FetchError('invalid_url', FETCH_MESSAGES.invalidUrl);
  }
  if (parsed.username || parsed.password) throw new FetchError('invalid_url', FETCH_MESSAGES.credentials);
  if (allowPrivate) return parsed;
  const host = parsed.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) && isPrivateAddress(host)) throw new FetchError('blocked_address', FETCH_MESSAGES.blocked);
  // Names that always mean this machine; resolving them would only reach the same verdict later.
  const name = host.toLowerCase().replace(/\.$/, '');
  if (name === 'localhost' || name.endsWith('.localhost')) throw new FetchError('blocked_address', FETCH_MESSAGES.blocked);
  return parsed;
}
