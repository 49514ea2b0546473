import type http from 'node:http';
import zlib from 'node:zlib';
import { renderFeed, esc, type FakeFeedItem } from './feeds-render.js';

/**
 * The feeds that break feed readers (reference §6 pitfalls), served by the fake feed server at
 * fixed paths. `HOSTILE_PATHS` says what a correct crawler ends with for each, so the crawler's
 * tests can assert on them: a FetchError code, a FeedParseError, or a number of items.
 */

export type HostileExpectation =
  | { kind: 'fetch_error'; code: 'timeout' | 'too_large' | 'too_many_redirects' | 'http_status' | 'empty_body'; status?: number; retryAfterSeconds?: number }
  | { kind: 'parse_error' }
  | { kind: 'items'; count: number; skipped?: number; notModifiedOnConditional?: boolean };

export interface HostilePath {
  path: string;
  expect: HostileExpectation;
  /** Fetch options the case needs to finish quickly (slow-drip needs a short timeout). */
  fetch?: { timeoutMs?: number; maxBytes?: number };
  note: string;
}

export const HOSTILE_PATHS: HostilePath[] = [
  {
    path: '/hostile/malformed.xml',
    expect: { kind: 'items', count: 1 },
    note: 'the second item unclosed and the document cut: the complete first item is salvaged',
  },
  { path: '/hostile/malformed-no-item.xml', expect: { kind: 'parse_error' }, note: 'unclosed tags and no complete item: nothing to salvage' },
  { path: '/hostile/truncated.xml', expect: { kind: 'items', count: 4 }, note: 'RSS cut before its last ">": all four items salvaged' },
  {
    path: '/hostile/truncated-70.atom',
    expect: { kind: 'items', count: 3 },
    note: 'Atom cut at 70 % of its length, inside the fourth of five entries: the three complete ones salvaged',
  },
  {
    path: '/hostile/bom-cp1252.xml',
    expect: { kind: 'items', count: 2 },
    note: 'a UTF-8 BOM in front of Windows-1252 bytes: titles read "Café “quoté”" and "Über naïve"',
  },
  {
    path: '/hostile/atom03.xml',
    expect: { kind: 'items', count: 2 },
    note: 'Atom 0.3, escaped text/html and application/xhtml+xml titles with <script> and on* attributes: plain-text titles',
  },
  {
    path: '/hostile/dcterms.xml',
    expect: { kind: 'items', count: 2 },
    note: 'RSS 1.0 items dated only by dcterms:modified / dcterms:issued: every item has a date',
  },
  {
    path: '/hostile/billion-laughs.xml',
    expect: { kind: 'items', count: 1 },
    note: 'nested entity expansion and an external entity in the DOCTYPE; must parse without expanding',
  },
  {
    path: '/hostile/wrong-charset.xml',
    expect: { kind: 'items', count: 2 },
    note: 'latin-1 bytes declared utf-8; titles read "Café déjà vu" and "Über naïve"',
  },
  {
    path: '/hostile/wrong-charset-utf8.xml',
    expect: { kind: 'items', count: 2 },
    note: 'utf-8 bytes declared iso-8859-1 (prolog and Content-Type); same titles',
  },
  { path: '/hostile/huge.xml', expect: { kind: 'fetch_error', code: 'too_large' }, note: '50 MB, streamed' },
  { path: '/hostile/slow-drip.xml', expect: { kind: 'fetch_error', code: 'timeout' }, fetch: { timeoutMs: 1500 }, note: 'one byte per second' },
  { path: '/hostile/redirect-loop', expect: { kind: 'fetch_error', code: 'too_many_redirects' }, note: 'A → B → A' },
  { path: '/hostile/500', expect: { kind: 'fetch_error', code: 'http_status', status: 500 }, note: 'server error' },
  { path: '/hostile/429', expect: { kind: 'fetch_error', code: 'http_status', status: 429, retryAfterSeconds: 120 }, note: 'rate limited, Retry-After: 120' },
  { path: '/hostile/304', expect: { kind: 'items', count: 2, notModifiedOnConditional: true }, note: 'ETag + Last-Modified; 304 to any conditional request' },
  { path: '/hostile/html', expect: { kind: 'parse_error' }, note: 'an HTML page instead of a feed' },
  { path: '/hostile/empty', expect: { kind: 'fetch_error', code: 'empty_body' }, note: '200 with no body' },
  { path: '/hostile/gzip.xml', expect: { kind: 'items', count: 3 }, note: 'Content-Encoding: gzip' },
  { path: '/hostile/br.xml', expect: { kind: 'items', count: 3 }, note: 'Content-Encoding: br' },
  {
    path: '/hostile/relative-links.xml',
    expect: { kind: 'items', count: 3, skipped: 1 },
    note: 'relative links (resolved against the channel link) and a javascript: link (dropped)',
  },
  { path: '/hostile/no-dates.xml', expect: { kind: 'items', count: 3 }, note: 'missing, unparsable and far-future dates: every published is null' },
  {
    path: '/hostile/duplicate-guids.xml',
    expect: { kind: 'items', count: 3, skipped: 1 },
    note: 'one guid on two articles (both kept), one item repeated (dropped)',
  },
  { path: '/hostile/google-alerts.xml', expect: { kind: 'items', count: 3 }, note: 'Google Alerts Atom: google.com/url links unwrapped, <b> in titles' },
];

const FIXED_DATE = new Date('2024-05-01T12:00:00Z');
const sample = (origin: string, n: number): FakeFeedItem[] =>
  Array.from({ length: n }, (_, i) => ({
    title: `Sample story ${i + 1}`,
    url: `${origin}/articles/${i + 1}`,
    description: `Sample body ${i + 1}`,
    published: new Date(FIXED_DATE.getTime() - i * 3_600_000),
  }));
const rss = (origin: string, path: string, items: FakeFeedItem[], title = 'Hostile') =>
  renderFeed({ format: 'rss', title, items }, `${origin}${path}`, `${origin}/hub`);

const RSS_HEAD = '<?xml version="1.0" encoding="utf-8"?><rss version="2.0"><channel><title>T</title><link>https://example.com/</link>';

/** Fixed URLs (not the fake's origin), so that a cut at a fraction of the length falls at the same place on every port. */
const fixedItems = (n: number): FakeFeedItem[] =>
  Array.from({ length: n }, (_, i) => ({
    title: `Cut story ${i + 1}`,
    url: `https://example.com/cut/${i + 1}`,
    description: `<p>Body of story ${i + 1}, long enough to be an article summary.</p>`,
    published: new Date(FIXED_DATE.getTime() - i * 3_600_000),
  }));

/** The hostile truncated feeds, also used by the parser's own tests. */
export const TRUNCATED = {
  rss: () => {
    const doc = renderFeed({ format: 'rss', title: 'Cut', items: fixedItems(4) }, 'https://example.com/feed.xml', '');
    return doc.slice(0, doc.trimEnd().lastIndexOf('>'));
  },
  atom70: () => {
    const doc = renderFeed({ format: 'atom', title: 'Cut', items: fixedItems(5) }, 'https://example.com/feed.atom', '');
    return doc.slice(0, Math.floor(doc.length * 0.7));
  },
};

/** Windows-1252 bytes (curly quotes 0x93/0x94, é, Ü, ï) behind a UTF-8 BOM, no declared encoding. */
export function bomCp1252Feed(): Buffer {
  const text = `<?xml version="1.0"?><rss version="2.0"><channel><title>Caf\u00e9</title><link>https://example.com/</link><item><title>Caf\u00e9 \u201cquot\u00e9\u201d</title><link>https://example.com/bom/1</link></item><item><title>\u00dcber na\u00efve</title><link>https://example.com/bom/2</link></item></channel></rss>`;
  const bytes = [...text].map((c) => (c === '\u201c' ? 0x93 : c === '\u201d' ? 0x94 : c.charCodeAt(0)));
  return Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(bytes)]);
}

/** Atom 0.3 with markup in its titles, escaped (text/html, mode="escaped") and inline (application/xhtml+xml). */
export const ATOM03 = `<?xml version="1.0" encoding="utf-8"?>
<feed version="0.3" xmlns="http://purl.org/atom/ns#"><title type="text/html" mode="escaped">Caf&amp;eacute; &lt;i&gt;News&lt;/i&gt;</title>
<link rel="alternate" type="text/html" href="https://example.com/"/><modified>2024-05-01T12:00:00Z</modified>
<entry><title type="text/html" mode="escaped">Caf&amp;eacute; &lt;i&gt;x&lt;/i&gt;&lt;script&gt;alert(1)&lt;/script&gt; &lt;b onmouseover="alert(2)"&gt;bold&lt;/b&gt;</title>
<link rel="alternate" type="text/html" href="https://example.com/a03/1"/><id>tag:example.com,2024:1</id><issued>2024-05-01T12:00:00Z</issued><modified>2024-05-01T12:00:00Z</modified></entry>
<entry><title type="application/xhtml+xml" mode="xml"><div xmlns="http://www.w3.org/1999/xhtml">Caf&#233; <b onclick="alert(3)">bold</b><script>alert(4)</script></div></title>
<link rel="alternate" type="text/html" href="https://example.com/a03/2"/><id>tag:example.com,2024:2</id><issued>2024-05-01T11:00:00Z</issued></entry>
</feed>`;

/** RSS 1.0 whose items carry only Dublin Core Terms dates. */
export const DCTERMS_RDF = `<?xml version="1.0" encoding="utf-8"?>
<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://purl.org/rss/1.0/" xmlns:dcterms="http://purl.org/dc/terms/">
<channel rdf:about="https://example.com/"><title>Terms</title><link>https://example.com/</link><description>d</description></channel>
<item rdf:about="https://example.com/dct/1"><title>Modified only</title><link>https://example.com/dct/1</link><dcterms:modified>2024-05-01T12:00:00Z</dcterms:modified></item>
<item rdf:about="https://example.com/dct/2"><title>Issued and modified</title><link>https://example.com/dct/2</link><dcterms:issued>2024-04-30T08:00:00Z</dcterms:issued><dcterms:modified>2024-05-01T12:00:00Z</dcterms:modified></item>
</rdf:RDF>`;

/** Serves `path` if it is a hostile case; false otherwise. */
export function serveHostile(path: string, req: http.IncomingMessage, res: http.ServerResponse, origin: string): boolean {
  const xml = (body: string | Buffer, headers: Record<string, string> = {}) => {
    res.writeHead(200, { 'content-type': 'application/rss+xml; charset=utf-8', ...headers });
    res.end(body);
  };
  switch (path) {
    case '/hostile/malformed.xml':
      xml(`${RSS_HEAD}<item><title>One</title><link>https://example.com/1</link></item><item><title>Two<link>https://example.com/2</link></channel>`);
      return true;
    case '/hostile/malformed-no-item.xml':
      xml(`${RSS_HEAD}<item><title>Two<link>https://example.com/2</link></channel>`);
      return true;
    case '/hostile/truncated.xml':
      xml(TRUNCATED.rss());
      return true;
    case '/hostile/truncated-70.atom':
      xml(TRUNCATED.atom70(), { 'content-type': 'application/atom+xml; charset=utf-8' });
      return true;
    case '/hostile/bom-cp1252.xml':
      xml(bomCp1252Feed(), { 'content-type': 'application/rss+xml' });
      return true;
    case '/hostile/atom03.xml':
      xml(ATOM03, { 'content-type': 'application/atom+xml; charset=utf-8' });
      return true;
    case '/hostile/dcterms.xml':
      xml(DCTERMS_RDF, { 'content-type': 'application/rdf+xml; charset=utf-8' });
      return true;
    case '/hostile/billion-laughs.xml': {
      const ents = [
        '<!ENTITY lol "lol">',
        ...Array.from({ length: 9 }, (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i || ''};`.repeat(10)}">`),
        '<!ENTITY xxe SYSTEM "file:///etc/passwd">',
      ];
      xml(
        `<?xml version="1.0"?>\n<!DOCTYPE rss [\n${ents.join('\n')}\n]>\n<rss version="2.0"><channel><title>&lol9;</title><link>https://example.com/</link><item><title>Laughs &lol9; &xxe;</title><link>https://example.com/laughs</link></item></channel></rss>`,
      );
      return true;
    }
    case '/hostile/wrong-charset.xml':
    case '/hostile/wrong-charset-utf8.xml': {
      const items = [
        { title: 'Café déjà vu', url: `${origin}/articles/cafe`, published: FIXED_DATE },
        { title: 'Über naïve', url: `${origin}/articles/uber`, published: FIXED_DATE },
      ];
      const latin = path === '/hostile/wrong-charset.xml';
      const text = renderFeed({ format: 'rss', title: 'Encodage', items, charset: latin ? 'utf-8' : 'iso-8859-1' }, `${origin}${path}`, '');
      xml(Buffer.from(text, latin ? 'latin1' : 'utf8'), { 'content-type': `application/rss+xml; charset=${latin ? 'utf-8' : 'iso-8859-1'}` });
      return true;
    }
    case '/hostile/huge.xml':
      streamHuge(res, 50 * 1024 * 1024);
      return true;
    case '/hostile/slow-drip.xml': {
      const body = Buffer.from(rss(origin, path, sample(origin, 1)));
      res.writeHead(200, { 'content-type': 'application/rss+xml', 'content-length': String(body.length) });
      let i = 0;
      const timer = setInterval(() => {
        if (i >= body.length) return void (clearInterval(timer), res.end());
        res.write(body.subarray(i, ++i));
      }, 1000);
      res.on('close', () => clearInterval(timer));
      return true;
    }
    case '/hostile/redirect-loop':
    case '/hostile/redirect-loop-2':
      res.writeHead(302, { location: path === '/hostile/redirect-loop' ? '/hostile/redirect-loop-2' : '/hostile/redirect-loop' });
      res.end();
      return true;
    case '/hostile/500':
      res.writeHead(500, { 'content-type': 'text/plain' });
      res.end('Internal Server Error');
      return true;
    case '/hostile/429':
      res.writeHead(429, { 'content-type': 'text/plain', 'retry-after': '120' });
      res.end('Too Many Requests');
      return true;
    case '/hostile/304': {
      const lastModified = FIXED_DATE.toUTCString();
      if (req.headers['if-none-match'] || req.headers['if-modified-since']) {
        res.writeHead(304, { etag: '"v1"', 'last-modified': lastModified });
        res.end();
      } else xml(rss(origin, path, sample(origin, 2)), { etag: '"v1"', 'last-modified': lastModified });
      return true;
    }
    case '/hostile/html':
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(
        '<!DOCTYPE html>\n<html><head><title>Welcome</title><link rel="alternate" type="application/rss+xml" href="/feed.xml"></head><body><h1>Not a feed</h1></body></html>',
      );
      return true;
    case '/hostile/empty':
      xml('');
      return true;
    case '/hostile/gzip.xml':
      xml(zlib.gzipSync(rss(origin, path, sample(origin, 3))), { 'content-encoding': 'gzip' });
      return true;
    case '/hostile/br.xml':
      xml(zlib.brotliCompressSync(rss(origin, path, sample(origin, 3))), { 'content-encoding': 'br' });
      return true;
    case '/hostile/relative-links.xml':
      xml(
        `${RSS_HEAD.replace('https://example.com/', `${origin}/blog/`)}<item><title>Relative</title><link>post-1</link></item><item><title>Root relative</title><link>/news/post-2</link></item><item><title>Parent relative</title><link>../archive/post-3</link></item><item><title>Script</title><link>javascript:alert(1)</link></item></channel></rss>`,
      );
      return true;
    case '/hostile/no-dates.xml': {
      const items = [`<pubDate>yesterday-ish</pubDate>`, '', `<pubDate>Fri, 01 Jan 2100 00:00:00 GMT</pubDate>`].map(
        (date, i) => `<item><title>Undated ${i + 1}</title><link>${origin}/undated/${i + 1}</link>${date}</item>`,
      );
      xml(`${RSS_HEAD}${items.join('')}</channel></rss>`);
      return true;
    }
    case '/hostile/duplicate-guids.xml': {
      const item = (guid: string, n: number) => `<item><title>Dup ${n}</title><link>${origin}/dup/${n}</link><guid isPermaLink="false">${guid}</guid></item>`;
      xml(`${RSS_HEAD}${item('g1', 1)}${item('g1', 2)}${item('g2', 3)}${item('g2', 3)}</channel></rss>`);
      return true;
    }
    case '/hostile/google-alerts.xml': {
      const items = [1, 2, 3].map((n) => ({
        title: `Acme story ${n} &amp; more`,
        url: `https://news.example.org/acme-${n}?id=${n}`,
        html: `Acme <b>news</b> ${n}`,
        published: FIXED_DATE,
      }));
      res.writeHead(200, { 'content-type': 'application/atom+xml; charset=utf-8' });
      res.end(renderFeed({ format: 'google-alerts', title: 'Google Alert - acme', items }, `${origin}${path}`, ''));
      return true;
    }
    default:
      return false;
  }
}

/** Writes `total` bytes of a never-ending feed, respecting back-pressure, without holding it in memory. */
function streamHuge(res: http.ServerResponse, total: number) {
  res.writeHead(200, { 'content-type': 'application/rss+xml' });
  const chunk = Buffer.from(
    Array.from(
      { length: 64 },
      (_, i) => `<item><title>${esc(`Filler ${i}`)}</title><link>https://example.com/f/${i}</link><description>${'x'.repeat(900)}</description></item>`,
    ).join(''),
  );
  let sent = 0;
  res.write(RSS_HEAD);
  const pump = () => {
    while (sent < total && !res.destroyed) {
      sent += chunk.length;
      if (!res.write(chunk)) return void res.once('drain', pump);
    }
    if (!res.destroyed) res.end('</channel></rss>');
  };
  pump();
}
