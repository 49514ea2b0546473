/**
 * URL rules shared by server and browser: the canonical form that identifies an article across
 * feeds (its sha256 is `articles.url_key`), the spec's user URL check, and the domain of a URL.
 */

// Parameters that only say where a click came from; the page is the same without them.
const TRACKING_EXACT = new Set([
  'fbclid',
  'gclid',
  'dclid',
  'gbraid',
  'wbraid',
  'msclkid',
  'yclid',
  'twclid',
  'ttclid',
  'li_fat_id',
  'mc_cid',
  'mc_eid',
  'ref_src',
  'ref_url',
  'igshid',
  'igsh',
  'si',
  '_hsenc',
  '_hsmi',
  '__hstc',
  '__hssc',
  '__hsfp',
  'mkt_tok',
  'oly_anon_id',
  'oly_enc_id',
  'vero_id',
  'vero_conv',
  'wickedid',
  'rb_clickid',
  's_cid',
  '_ga',
  '_gl',
  'cmpid',
  'ncid',
  'sr_share',
  'at_medium',
  'at_campaign',
  'spm',
]);
const TRACKING_PREFIXES = ['utm_', 'pk_', 'mtm_', 'hsa_', 'itm_'];

function isTrackingParam(rawKey: string): boolean {
  let key: string;
  try {
    key = decodeURIComponent(rawKey.replace(/\+/g, ' ')).toLowerCase();
  } catch {
    key = rawKey.toLowerCase();
  }
  return TRACKING_EXACT.has(key) || TRACKING_PREFIXES.some((p) => key.startsWith(p));
}

/**
 * Lower-cased scheme and host, default port, no fragment, no tracking parameters; the other
 * query parameters stay in their order and spelling. Throws on anything but http(s).
 */
export function canonicalUrl(url: string): string {
  const u = new URL(url.trim());
  if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new TypeError(`Not an http(s) URL: ${url}`);
  u.hash = '';
  u.username = '';
  u.password = '';
  if (u.hostname.endsWith('.') && u.hostname.length > 1) u.hostname = u.hostname.replace(/(?<!\.)\.+$/, '');
  // Work on the raw query so kept parameters keep their exact encoding (URLSearchParams would re-encode).
  const kept = u.search
    .replace(/^\?/, '')
    .split('&')
    .filter((pair) => pair !== '' && !isTrackingParam(pair.split('=')[0]));
  u.search = kept.length ? `?${kept.join('&')}` : '';
  return u.href;
}

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/i;
const TLD = /^(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/i;

function isValidHost(hostname: string): boolean {
  if (/^\[[0-9a-f:.]+\]$/i.test(hostname)) return true; // IPv6, already validated by URL
  if (/^\d{1,3}(\.\d{1,3}){3}$/.test(hostname)) return true; // IPv4, normalised by URL
  const labels = hostname.replace(/\.$/, '').split('.');
  return labels.length >= 2 && labels.every((l) => LABEL.test(l)) && TLD.test(labels[labels.length - 1]);
}

/**
 * The spec's URL check (000 §validation): a host name or IP with an optional scheme; `http://`
 * is added when missing. Returns the normalised URL, or null when the input is not one.
 */
export function normalizeUserUrl(input: string): string | null {
  const text = input.trim();
  if (!text || /\s/.test(text)) return null;
  const hasScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(text);
  if (!hasScheme && /^[a-z][a-z0-9+.-]*:(?!\d)/i.test(text)) return null; // mailto:, javascript:…
  let u: URL;
  try {
    u = new URL(hasScheme ? text : `http://${text}`);
  } catch {
    return null;
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') return null;
  if (u.username || u.password) return null;
  if (!isValidHost(u.hostname)) return null;
  return u.href;
}

/** The host of a URL (or of a bare domain), lower-cased, without `www.`; '' when there is none. */
export function domainOf(url: string): string {
  const text = url.trim();
  let host: string;
  try {
    host = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `http://${text}`).hostname;
  } catch {
    return '';
  }
  return host
    .toLowerCase()
    .replace(/(?<!\.)\.+$/, '')
    .replace(/^www\./, '');
}
