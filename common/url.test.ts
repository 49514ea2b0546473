import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { canonicalUrl, normalizeUserUrl, domainOf } from './url.js';

// Realistic article URLs: a mix of hosts, ports, paths, tracking and ordinary parameters, fragments.
const param = fc.oneof(
  fc.constantFrom('utm_source', 'utm_medium', 'UTM_Campaign', 'fbclid', 'gclid', 'mc_cid', 'mc_eid', 'ref_src', 'igshid'),
  fc.constantFrom('id', 'page', 'q', 'p', 'lang', 'a b', 'é', 'utm', 'ref'),
);
const arbUrl = fc
  .record({
    scheme: fc.constantFrom('http', 'https', 'HTTP', 'HtTpS'),
    host: fc.constantFrom('Example.COM', 'www.news.example.org', 'sub.domain.co.uk', '127.0.0.1', '[2001:db8::1]', 'xn--bcher-kva.example', 'bücher.example'),
    port: fc.constantFrom('', ':80', ':443', ':8080'),
    path: fc.array(fc.oneof(fc.webSegment(), fc.constantFrom('..', '.', '%7Efoo', 'a%2Fb', 'ü')), { maxLength: 4 }),
    query: fc.array(fc.tuple(param, fc.oneof(fc.webSegment(), fc.constantFrom('', 'x y', '%20', 'a=b'))), { maxLength: 5 }),
    fragment: fc.option(fc.webSegment()),
  })
  .map(({ scheme, host, port, path, query, fragment }) => {
    const q = query.length ? `?${query.map(([k, v]) => `${k}=${v}`).join('&')}` : '';
    return `${scheme}://${host}${port}/${path.join('/')}${q}${fragment === null ? '' : `#${fragment}`}`;
  });

describe('canonicalUrl', () => {
  it('is idempotent', () => {
    fc.assert(
      fc.property(fc.oneof(arbUrl, fc.webUrl({ withQueryParameters: true, withFragments: true })), (url) => {
        const once = canonicalUrl(url);
        expect(canonicalUrl(once)).toBe(once);
      }),
      { numRuns: 500 },
    );
  });

  it('drops fragments and tracking parameters and lower-cases scheme and host', () => {
    fc.assert(
      fc.property(arbUrl, (url) => {
        const c = new URL(canonicalUrl(url));
        expect(c.hash).toBe('');
        expect(c.protocol).toMatch(/^https?:$/);
        expect(c.hostname).toBe(c.hostname.toLowerCase());
        for (const key of c.searchParams.keys()) expect(key.toLowerCase()).not.toMatch(/^(utm_|fbclid$|gclid$|mc_cid$|mc_eid$|ref_src$|igshid$)/);
      }),
      { numRuns: 500 },
    );
  });

  it('keeps the other parameters in order and spelling, and removes default ports', () => {
    expect(canonicalUrl('HTTPS://News.Example.com:443/a/b?utm_source=x&id=2&b=%20x&fbclid=abc&a=1#top')).toBe('https://news.example.com/a/b?id=2&b=%20x&a=1');
    expect(canonicalUrl('http://example.com:80?utm_medium=rss')).toBe('http://example.com/');
    expect(canonicalUrl('http://example.com:8080/x?')).toBe('http://example.com:8080/x');
    expect(canonicalUrl('https://example.com./x')).toBe('https://example.com/x');
  });

  it('throws on anything but http(s)', () => {
    expect(() => canonicalUrl('ftp://example.com/')).toThrow();
    expect(() => canonicalUrl('javascript:alert(1)')).toThrow();
    expect(() => canonicalUrl('not a url')).toThrow();
  });
});

describe('normalizeUserUrl', () => {
  it.each([
    ['example.com', 'http://example.com/'],
    ['www.example.com/path?q=1', 'http://www.example.com/path?q=1'],
    ['https://Example.com', 'https://example.com/'],
    ['  http://news.example.co.uk/a  ', 'http://news.example.co.uk/a'],
    ['192.168.1.10', 'http://192.168.1.10/'],
    ['http://[2001:db8::1]:8080/', 'http://[2001:db8::1]:8080/'],
    ['example.com:8080/feed', 'http://example.com:8080/feed'],
    ['xn--bcher-kva.example', 'http://xn--bcher-kva.example/'],
  ])('accepts %s', (input, expected) => {
    expect(normalizeUserUrl(input)).toBe(expected);
  });

  it.each([
    '',
    '   ',
    'not a url',
    'example',
    'http://',
    'ftp://example.com',
    'javascript:alert(1)',
    'mailto:a@b.com',
    'http://exa mple.com',
    'http://-bad-.com',
    'http://example.c0m',
    'https://user:pw@example.com',
  ])('rejects %j', (input) => {
    expect(normalizeUserUrl(input)).toBeNull();
  });

  it('never throws, and what it accepts is a valid http(s) URL', () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        const out = normalizeUserUrl(s);
        if (out !== null) expect(['http:', 'https:']).toContain(new URL(out).protocol);
      }),
      { numRuns: 1000 },
    );
  });
});

describe('domainOf', () => {
  it('lower-cases the host and drops www.', () => {
    expect(domainOf('https://WWW.Example.COM:8080/a?b')).toBe('example.com');
    expect(domainOf('http://news.example.org/')).toBe('news.example.org');
    expect(domainOf('www.example.com')).toBe('example.com');
    expect(domainOf('https://www2.example.com')).toBe('www2.example.com');
    expect(domainOf('::garbage::')).toBe('');
  });
});
