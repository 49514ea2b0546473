import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { renderFeed } from '../../../test/fakes/feeds-render.js';
import { renderNewsSitemap, renderSitemapIndex, renderUrlset, type NewsArticle } from '../../../test/fakes/sitemaps-render.js';
import { FEED_PARSE_MESSAGES, FeedParseError } from './parse-feed.js';
import { storyOfItem } from './item-text.js';
import { INLINE_MAX_BYTES, parseFeedOffLoop } from './parse-pool.js';
import {
  SITEMAP_MAX_URLS,
  SITEMAP_PARSE_MESSAGES,
  isNewsSitemapDocument,
  parseNewsSitemap,
  parseSitemapIndex,
  sniffDocument,
  sniffSitemap,
} from './parse-sitemap.js';

const URL_ = 'https://news.example.com/news-sitemap.xml';
const ctx = { contentType: 'application/xml', url: URL_ };
const parse = (doc: string | Buffer) => parseNewsSitemap(typeof doc === 'string' ? Buffer.from(doc) : doc, ctx);
const parseError = (doc: string) => {
  try {
    parse(doc);
  } catch (err) {
    expect(err).toBeInstanceOf(FeedParseError);
    return (err as FeedParseError).message;
  }
  throw new Error('parsed');
};

const NEWS_OPEN = '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:news="http://www.google.com/schemas/sitemap-news/0.9">';
const entry = (loc: string, news: string) =>
  `<url><loc>${loc}</loc><news:news><news:publication><news:name>Pub</news:name><news:language>en</news:language></news:publication>${news}</news:news></url>`;

// Verbatim from Google's documentation (reference §14.2).
const GOOGLE_EXAMPLE = `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"
        xmlns:news="http://www.google.com/schemas/sitemap-news/0.9">
  <url>
    <loc>http://www.example.org/business/article55.html</loc>
    <news:news>
      <news:publication><news:name>The Example Times</news:name><news:language>en</news:language></news:publication>
      <news:publication_date>2008-12-23</news:publication_date>
      <news:title>Companies A, B in Merger Talks</news:title>
    </news:news>
  </url>
</urlset>`;

describe('parseNewsSitemap', () => {
  it("reads Google's example", () => {
    expect(parse(GOOGLE_EXAMPLE)).toEqual({
      title: 'The Example Times',
      link: null,
      language: 'en',
      hubUrl: null,
      selfUrl: null,
      ttlMinutes: null,
      skipped: 0,
      items: [
        {
          url: 'http://www.example.org/business/article55.html',
          guid: 'http://www.example.org/business/article55.html',
          title: 'Companies A, B in Merger Talks',
          description: '',
          html: null,
          author: null,
          published: new Date('2008-12-23T00:00:00Z'),
          language: 'en',
          image: null,
        },
      ],
    });
  });

  it('decodes the XML entities, numeric references and CDATA, and expands nothing else', () => {
    const feed = parse(
      `${NEWS_OPEN}${entry('https://news.example.com/a?x=1&amp;y=2', '<news:title> Tom &amp; Jerry &lt;3 &#233;t&#xE9; &quot;q&quot; &apos;a&apos; &eacute; </news:title>')}${entry('https://news.example.com/b', '<news:title><![CDATA[Raw & <b>bold</b>]]></news:title>')}</urlset>`,
    );
    expect(feed.items.map((i) => [i.url, i.title])).toEqual([
      ['https://news.example.com/a?x=1&y=2', 'Tom & Jerry <3 été "q" \'a\' &eacute;'],
      ['https://news.example.com/b', 'Raw & <b>bold</b>'],
    ]);
  });

  it('never expands entities declared in a DOCTYPE', () => {
    const ents = [
      '<!ENTITY lol "lol">',
      ...Array.from({ length: 9 }, (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i || ''};`.repeat(10)}">`),
      '<!ENTITY xxe SYSTEM "file:///etc/passwd">',
    ];
    const feed = parse(
      `<?xml version="1.0"?><!DOCTYPE urlset [${ents.join('')}]>${NEWS_OPEN}${entry('https://news.example.com/a', '<news:title>&lol9; &xxe;</news:title>')}</urlset>`,
    );
    expect(feed.items[0].title).toBe('&lol9; &xxe;');
  });

  it('maps languages to ISO 639-1 (zh-cn → zh) and takes the image', () => {
    const articles: NewsArticle[] = [
      { url: 'https://news.example.com/zh', title: '中文', language: 'zh-cn', image: 'https://img.example.com/1.jpg' },
      { url: 'https://news.example.com/tw', title: '繁體', language: 'zh-tw' },
      { url: 'https://news.example.com/fr', title: 'Français', language: 'fre' },
      { url: 'https://news.example.com/xx', title: 'Unknown', language: 'klingon' },
    ];
    const feed = parse(renderNewsSitemap('Multi', articles));
    expect(feed.items.map((i) => i.language)).toEqual(['zh', 'zh', 'fr', null]);
    expect(feed.items.map((i) => i.image)).toEqual(['https://img.example.com/1.jpg', null, null, null]);
    expect(feed.language).toBe('zh');
  });

  it('leaves a missing, unparsable or far-future publication date null', () => {
    const doc = `${NEWS_OPEN}${entry('https://news.example.com/1', '<news:title>No date</news:title>')}${entry('https://news.example.com/2', '<news:publication_date>soon</news:publication_date>')}${entry('https://news.example.com/3', '<news:publication_date>2099-01-01T00:00:00Z</news:publication_date>')}${entry('https://news.example.com/4', '<news:publication_date>2024-05-01T12:00:00+02:00</news:publication_date>')}</urlset>`;
    expect(parse(doc).items.map((i) => i.published)).toEqual([null, null, null, new Date('2024-05-01T10:00:00Z')]);
  });

  it('skips pages without news:news, unusable addresses and repeats, and counts them', () => {
    const doc = `${NEWS_OPEN}<url><loc>https://news.example.com/about</loc></url>${entry('javascript:alert(1)', '')}${entry('/relative', '')}${entry('https://news.example.com/relative', '')}<url/></urlset>`;
    const feed = parse(doc);
    expect(feed.items.map((i) => i.url)).toEqual(['https://news.example.com/relative']);
    expect(feed.skipped).toBe(4);
  });

  it('reads a prefix bound to the news namespace, and a prefixed sitemap namespace', () => {
    const doc = `<sm:urlset xmlns:sm="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:n="http://www.google.com/schemas/sitemap-news/0.9"><sm:url><sm:loc>https://news.example.com/p</sm:loc><n:news><n:publication><n:name>Prefixed</n:name><n:language>de</n:language></n:publication><n:title>Präfix</n:title></n:news></sm:url></sm:urlset>`;
    const feed = parse(doc);
    expect([feed.title, feed.items[0].title, feed.items[0].language]).toEqual(['Prefixed', 'Präfix', 'de']);
  });

  it('keeps the complete entries of a cut or broken sitemap', () => {
    const doc = `${NEWS_OPEN}${entry('https://news.example.com/1', '')}<url><loc>https://news.example.com/broken</loc><news:news>${entry('https://news.example.com/2', '')}<url><loc>https://news.example.com/cut`;
    expect(parse(doc).items.map((i) => i.url)).toEqual(['https://news.example.com/1', 'https://news.example.com/2']);
  });

  it('decodes a BOM and a declared legacy charset', () => {
    const doc = `<?xml version="1.0" encoding="iso-8859-1"?>${NEWS_OPEN}${entry('https://news.example.com/1', '<news:title>Café über</news:title>')}</urlset>`;
    expect(parse(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(doc, 'latin1')])).items[0].title).toBe('Café über');
  });

  it('reads a 50,000-URL sitemap and ignores what lies beyond the protocol limit', () => {
    const at = new Date(Date.now() - 3_600_000);
    const articles = Array.from({ length: SITEMAP_MAX_URLS + 5 }, (_, i) => ({ url: `https://news.example.com/a/${i}`, title: `Story ${i}`, published: at }));
    const feed = parse(renderNewsSitemap('Big', articles));
    expect(feed.items).toHaveLength(SITEMAP_MAX_URLS);
    expect(feed.items.at(-1)?.url).toBe(`https://news.example.com/a/${SITEMAP_MAX_URLS - 1}`);
    expect(feed.skipped).toBe(0);
  });

  it('accepts a news sitemap whose articles have all aged out', () => {
    expect(parse(`${NEWS_OPEN}<url><loc>https://news.example.com/old</loc></url></urlset>`)).toMatchObject({ items: [], skipped: 1 });
    expect(parse(`${NEWS_OPEN}</urlset>`).items).toEqual([]);
  });

  it.each([
    ['an HTML page', '<!DOCTYPE html><html><head><title>Home</title></head><body></body></html>', FEED_PARSE_MESSAGES.html],
    ['a sitemap of pages', renderUrlset(['https://news.example.com/', 'https://news.example.com/about']), SITEMAP_PARSE_MESSAGES.notNews],
    ['a sitemap index', renderSitemapIndex([{ url: 'https://news.example.com/s.xml' }]), SITEMAP_PARSE_MESSAGES.index],
    ['a feed', renderFeed({ format: 'rss', title: 'T', items: [] }, URL_, ''), SITEMAP_PARSE_MESSAGES.notSitemap],
    ['an empty document', '  \n', SITEMAP_PARSE_MESSAGES.empty],
  ])('rejects %s', (_name, doc, message) => {
    expect(parseError(doc)).toBe(message);
  });

  it('throws nothing but FeedParseError, whatever the input', () => {
    const fragment = fc.constantFrom(
      NEWS_OPEN,
      '<urlset>',
      '</urlset>',
      '<url>',
      '</url>',
      '<url/>',
      '<loc>',
      '</loc>',
      'https://news.example.com/x',
      'javascript:x',
      '<news:news>',
      '</news:news>',
      '<news:title>',
      '</news:title>',
      '<news:publication_date>',
      '</news:publication_date>',
      '<news:language>',
      '</news:language>',
      '<image:loc>',
      '<![CDATA[',
      ']]>',
      '&amp;',
      '&#0;',
      '&#x110000;',
      '&#55296;',
      '&',
      '<!DOCTYPE x [',
      ']>',
      '<!--',
      '-->',
      '<?xml version="1.0"?>',
      '"',
      "'",
      '<',
      '>',
      ' ',
      'x',
    );
    const doc = fc.oneof(
      fc.string({ maxLength: 300 }),
      fc.array(fragment, { maxLength: 200 }).map((p) => p.join('')),
    );
    fc.assert(
      fc.property(doc, (text) => {
        try {
          const feed = parse(text);
          expect(Array.isArray(feed.items)).toBe(true);
        } catch (err) {
          expect(err).toBeInstanceOf(FeedParseError);
        }
      }),
      { numRuns: 1000 },
    );
  });
});

describe('parseSitemapIndex', () => {
  it('lists the sitemaps with their dates, absolute http(s) only and without repeats', () => {
    const doc = renderSitemapIndex([
      { url: 'https://news.example.com/sitemap-news.xml', lastmod: new Date('2024-05-01T12:00:00Z') },
      { url: 'https://news.example.com/sitemap-pages.xml' },
      { url: 'https://news.example.com/sitemap-news.xml' },
      { url: 'ftp://news.example.com/x.xml' },
    ]);
    expect(parseSitemapIndex(Buffer.from(doc), ctx).sitemaps).toEqual([
      { url: 'https://news.example.com/sitemap-news.xml', lastmod: new Date('2024-05-01T12:00:00Z') },
      { url: 'https://news.example.com/sitemap-pages.xml', lastmod: null },
    ]);
  });

  it('reads at most 50,000 entries', () => {
    const doc = renderSitemapIndex(Array.from({ length: SITEMAP_MAX_URLS + 10 }, (_, i) => ({ url: `https://news.example.com/s/${i}.xml` })));
    expect(parseSitemapIndex(Buffer.from(doc), ctx).sitemaps).toHaveLength(SITEMAP_MAX_URLS);
  });

  it('rejects a urlset and an HTML page', () => {
    expect(() => parseSitemapIndex(Buffer.from(GOOGLE_EXAMPLE), ctx)).toThrow(SITEMAP_PARSE_MESSAGES.notIndex);
    expect(() => parseSitemapIndex(Buffer.from('<html><body>x</body></html>'), ctx)).toThrow(FEED_PARSE_MESSAGES.html);
  });
});

describe('sniffing', () => {
  const b = (s: string) => Buffer.from(s);
  it('names the root of sitemaps, feeds, pages and JSON', () => {
    expect(sniffSitemap(b(GOOGLE_EXAMPLE))).toBe('urlset');
    expect(sniffSitemap(b(`\uFEFF<?xml version="1.0"?>\n<!-- generated -->\n${renderSitemapIndex([]).replace(/^<\?xml[^>]*>/, '')}`))).toBe('sitemapindex');
    expect(sniffSitemap(b(renderFeed({ format: 'rss', title: 'T', items: [] }, URL_, '')))).toBeNull();
    expect(sniffDocument(b(renderFeed({ format: 'atom', title: 'T', items: [] }, URL_, '')))).toBe('feed');
    expect(sniffDocument(b(renderFeed({ format: 'rdf', title: 'T', items: [] }, URL_, '')))).toBe('RDF');
    expect(sniffDocument(b('<!DOCTYPE html>\n<html lang="en">'))).toBe('html');
    expect(sniffDocument(b(' {"version": "https://jsonfeed.org/version/1.1"}'))).toBe('json');
    expect(sniffDocument(b('plain text'))).toBeNull();
  });

  it('tells a news sitemap from a plain one', () => {
    expect(isNewsSitemapDocument(b(GOOGLE_EXAMPLE))).toBe(true);
    expect(isNewsSitemapDocument(b(`<urlset>${entry('https://x.example.com/', '')}</urlset>`))).toBe(true);
    expect(isNewsSitemapDocument(b(renderUrlset(['https://x.example.com/'])))).toBe(false);
    expect(isNewsSitemapDocument(b(renderSitemapIndex([{ url: 'https://x.example.com/news.xml' }])))).toBe(false);
  });
});

describe('parseFeedOffLoop with format news_sitemap', () => {
  it('parses a large news sitemap in a parse thread, to what the inline parse gives', async () => {
    const articles = Array.from({ length: 400 }, (_, i) => ({
      url: `https://news.example.com/a/${i}`,
      title: `Story ${i}`,
      published: new Date('2024-05-01T12:00:00Z'),
    }));
    const body = Buffer.from(renderNewsSitemap('Threaded', articles));
    expect(body.length).toBeGreaterThan(INLINE_MAX_BYTES);
    const inline = parseNewsSitemap(body, ctx);
    // The thread adds each item's story fingerprint (item-text.ts).
    expect(await parseFeedOffLoop(body, { ...ctx, format: 'news_sitemap' })).toEqual({
      ...inline,
      items: inline.items.map((i) => ({ ...i, story: storyOfItem(i) })),
    });
  });

  it('rejects a plain sitemap with the inline parse error, inline and in a thread', async () => {
    for (const count of [2, 2000]) {
      const body = Buffer.from(renderUrlset(Array.from({ length: count }, (_, i) => `https://news.example.com/p/${i}`)));
      const err = await parseFeedOffLoop(body, { ...ctx, format: 'news_sitemap' }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(FeedParseError);
      expect((err as Error).message).toBe(SITEMAP_PARSE_MESSAGES.notNews);
    }
  });
});
