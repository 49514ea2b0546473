import { describe, it, expect } from 'vitest';
import { DESCRIPTION_MAX, HTML_MAX } from './parse-feed.js';
import { renderFeed } from '../../../test/fakes/feeds-render.js';
import { FEED_URL, parse, published, spec } from './parse-feed-setup.js';

// The formats and their pitfalls. What a reader keeps, dates and text: parse-feed-reader.test.ts;
// what is not a feed, fuzzing and the fake server's hostile set: parse-feed-errors.test.ts.

describe('parseFeed: formats', () => {
  it.each(['rss', 'atom', 'json', 'rdf'] as const)('reads %s', (format) => {
    const feed = parse(renderFeed(spec(format), FEED_URL, 'https://hub.example.com/'));
    expect(feed.title).toBe('Acme News');
    expect(feed.language).toBe('en');
    expect(feed.items.map((i) => i.url)).toEqual(['https://news.example.com/a/1', 'https://news.example.com/a/2']);
    const [a, b] = feed.items;
    expect(a.title).toBe('First & best');
    expect(a.published?.toISOString()).toBe(published.toISOString());
    expect(a.author).toBe('Ann Lee');
    expect(a.language).toBe('en');
    expect(b.published).toBeNull();
    if (format !== 'rdf') {
      expect(feed.hubUrl).toBe('https://hub.example.com/');
      expect(feed.selfUrl).toBe(FEED_URL);
      expect(b.guid).toBe('urn:id:2');
      expect(a.html).toContain('<i>story</i>');
      expect(a.image).toBe('https://img.example.com/1.jpg');
    }
    expect(a.description).toMatch(/Hello world|Full story/);
    if (format === 'rss') expect(feed.ttlMinutes).toBe(30);
  });

  it('reads RSS 0.91 and a minimal RSS without version', () => {
    const feed = parse(
      '<rss version="0.91"><channel><title>Old</title><link>http://old.example.com/</link><language>fr-FR</language><item><title>Vieux</title><link>http://old.example.com/1</link><description>Texte</description></item></channel></rss>',
    );
    expect(feed).toMatchObject({
      title: 'Old',
      link: 'http://old.example.com/',
      language: 'fr',
      items: [{ title: 'Vieux', url: 'http://old.example.com/1', guid: 'http://old.example.com/1', description: 'Texte', language: 'fr' }],
    });
  });

  it('reads Atom with xml:base, xml:lang, html titles, xhtml content and a hub', () => {
    const feed = parse(`<?xml version="1.0"?><feed xmlns="http://www.w3.org/2005/Atom" xml:base="https://blog.example.net/en/" xml:lang="en-GB">
      <id>urn:x</id><title type="html">Blog &lt;em&gt;of&lt;/em&gt; Things</title><updated>2024-05-01T12:00:00Z</updated>
      <link rel="alternate" href="./"/><link rel="self" href="/feed.atom"/><link rel="hub" href="https://pubsubhubbub.example.com/"/>
      <entry xml:base="posts/" xml:lang="de"><id>urn:e1</id><title type="html">Hallo &lt;b&gt;Welt&lt;/b&gt; &amp;amp; mehr</title>
        <link rel="alternate" type="text/html" href="hallo.html"/><link rel="enclosure" type="image/png" href="/img/h.png"/>
        <published>2024-05-01T14:00:00+02:00</published><updated>2024-05-02T00:00:00Z</updated>
        <content type="xhtml"><div xmlns="http://www.w3.org/1999/xhtml"><p>Ein <b>Text</b></p></div></content></entry>
      <entry><id>urn:e2</id><title>Plain</title><link href="javascript:alert(1)"/><updated>2024-05-01T00:00:00Z</updated></entry>
    </feed>`);
    expect(feed).toMatchObject({
      title: 'Blog of Things',
      link: 'https://blog.example.net/en/',
      language: 'en',
      selfUrl: 'https://blog.example.net/feed.atom',
      hubUrl: 'https://pubsubhubbub.example.com/',
      skipped: 1,
    });
    expect(feed.items).toHaveLength(1);
    expect(feed.items[0]).toMatchObject({
      url: 'https://blog.example.net/en/posts/hallo.html',
      guid: 'urn:e1',
      title: 'Hallo Welt & mehr',
      description: 'Ein Text',
      language: 'de',
      image: 'https://blog.example.net/img/h.png',
    });
    expect(feed.items[0].published?.toISOString()).toBe('2024-05-01T12:00:00.000Z');
  });

  it('reads JSON Feed 1.0 (author object) and uses external_url when url is missing', () => {
    const feed = parse(
      JSON.stringify({
        version: 'https://jsonfeed.org/version/1',
        title: 'J',
        home_page_url: 'https://j.example.com/',
        author: { name: 'Feed Author' },
        items: [{ id: '1', external_url: 'https://elsewhere.example.com/x', content_text: 'Body text', date_published: '2024-05-01T12:00:00Z' }],
      }),
    );
    expect(feed.items[0]).toMatchObject({ url: 'https://elsewhere.example.com/x', guid: '1', description: 'Body text', author: 'Feed Author', html: null });
  });

  it('unwraps Google Alerts links and turns their html titles into text', () => {
    const feed =
      parse(`<?xml version="1.0" encoding="utf-8"?><feed xmlns="http://www.w3.org/2005/Atom" xmlns:idx="urn:atom-extension:indexing"><id>tag:google.com,2005:reader/user/1/state/com.google/alerts/2</id><title>Google Alert – acme</title><link href="https://www.google.com/alerts/feeds/1/2" rel="self"/><updated>2024-05-01T12:00:00Z</updated>
      <entry><id>tag:google.com,2013:googlealerts/feed:123</id><title type="html">&lt;b&gt;Acme&lt;/b&gt; raises prices &amp;amp; profits</title>
      <link href="https://www.google.com/url?rct=j&amp;sa=t&amp;url=https://www.reuters.com/acme%3Fa%3D1%26b%3D2&amp;ct=ga&amp;cd=CAIy&amp;usg=AOvV"/>
      <published>2024-05-01T12:00:00Z</published><updated>2024-05-01T12:00:00Z</updated><content type="html">&lt;b&gt;Acme&lt;/b&gt; said on Tuesday&amp;nbsp;…</content><author><name/></author></entry></feed>`);
    expect(feed.items[0]).toMatchObject({
      url: 'https://www.reuters.com/acme?a=1&b=2',
      title: 'Acme raises prices & profits',
      description: 'Acme said on Tuesday …',
      author: null,
      guid: 'tag:google.com,2013:googlealerts/feed:123',
    });
  });

  it('keeps Google News links as they are and makes text of the escaped description', () => {
    const feed = parse(`<rss version="2.0"><channel><title>"acme" - Google News</title><link>https://news.google.com/</link><language>en-US</language>
      <item><title>Acme raises prices - Reuters</title><link>https://news.google.com/rss/articles/CBMiQWNtZTEyMw?oc=5</link><guid isPermaLink="false">CBMiQWNtZTEyMw</guid><pubDate>Wed, 01 May 2024 12:00:00 GMT</pubDate>
      <description>&lt;a href="https://news.google.com/rss/articles/CBMiQWNtZTEyMw?oc=5"&gt;Acme raises prices&lt;/a&gt;&amp;nbsp;&amp;nbsp;&lt;font color="#6f6f6f"&gt;Reuters&lt;/font&gt;</description>
      <source url="https://www.reuters.com">Reuters</source></item></channel></rss>`);
    expect(feed.items[0]).toMatchObject({
      url: 'https://news.google.com/rss/articles/CBMiQWNtZTEyMw?oc=5',
      guid: 'CBMiQWNtZTEyMw',
      description: 'Acme raises prices Reuters',
    });
  });
});

describe('parseFeed: pitfalls', () => {
  const rss = (items: string, channel = '') =>
    `<?xml version="1.0" encoding="utf-8"?><rss version="2.0"><channel><title>T</title><link>https://site.example.com/blog/</link>${channel}${items}</channel></rss>`;

  it('decodes by declared charset only when the bytes are not UTF-8', () => {
    const doc = (enc: string) =>
      `<?xml version="1.0" encoding="${enc}"?><rss version="2.0"><channel><title>Café “quoted”</title><item><title>Ünïcödé</title><link>https://x.example.com/1</link></item></channel></rss>`;
    expect(parse(Buffer.from(doc('utf-8'), 'latin1').subarray(0)).items[0].title).toBe('Ünïcödé'); // latin-1 bytes, prolog says utf-8
    expect(parse(Buffer.from(doc('iso-8859-1'), 'utf8'), 'text/xml; charset=iso-8859-1').title).toBe('Café “quoted”'); // utf-8 bytes, both say latin-1
    const cp1252 = Buffer.concat([
      Buffer.from(doc('windows-1252').split('“')[0], 'latin1'),
      Buffer.from([0x93]),
      Buffer.from('quoted', 'latin1'),
      Buffer.from([0x94]),
      Buffer.from(doc('windows-1252').split('”')[1], 'latin1'),
    ]);
    expect(parse(cp1252).title).toBe('Café “quoted”');
    const koi8 = Buffer.concat([
      Buffer.from('<rss version="2.0"><channel><title>'),
      Buffer.from([0xf0, 0xd2, 0xc9, 0xd7, 0xc5, 0xd4]),
      Buffer.from('</title><item><title>x</title><link>https://x.example.com/r</link></item></channel></rss>'),
    ]);
    expect(parse(koi8, 'application/rss+xml; charset=KOI8-R').title).toBe('Привет');
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(doc('utf-16'), 'utf16le')]);
    expect(parse(utf16).items[0].title).toBe('Ünïcödé');
  });

  it('never expands entities from a DOCTYPE (billion laughs, external entities)', () => {
    const laughs = [
      '<!ENTITY a "aaaaaaaaaa">',
      ...Array.from({ length: 9 }, (_, i) => `<!ENTITY a${i + 1} "${`&a${i || ''};`.repeat(10)}">`),
      '<!ENTITY xxe SYSTEM "file:///etc/passwd">',
    ].join('');
    const feed = parse(
      `<?xml version="1.0"?><!DOCTYPE rss [${laughs}]>${rss('<item><title>Boom &a9; &xxe;</title><link>https://x.example.com/1</link></item>').replace(/^<\?xml[^>]*>/, '')}`,
    );
    expect(feed.items).toHaveLength(1);
    expect(feed.items[0].title.length).toBeLessThan(100);
    expect(feed.items[0].title).not.toContain('aaaaaaaaaaaaaaaaaaaa');
    expect(feed.items[0].title).not.toContain('root:');
  });

  it('resolves relative links against the channel link, drops javascript: links and counts what it dropped', () => {
    const feed = parse(
      rss(
        '<item><title>a</title><link>post-1</link></item><item><title>b</title><link>/x/post-2</link></item><item><title>c</title><link>javascript:alert(1)</link></item><item><title>d</title><description>no link at all</description></item><item><title>e</title><guid>https://site.example.com/p/5</guid></item>',
      ),
    );
    expect(feed.items.map((i) => i.url)).toEqual(['https://site.example.com/blog/post-1', 'https://site.example.com/x/post-2', 'https://site.example.com/p/5']);
    expect(feed.skipped).toBe(2);
  });

  it('falls back to the feed URL when there is no channel link', () => {
    const feed = parse('<rss version="2.0"><channel><title>T</title><item><title>a</title><link>../a/1</link></item></channel></rss>');
    expect(feed.items[0].url).toBe('https://news.example.com/a/1');
  });

  it('uses the link as guid when there is none, and keeps one guid shared by two articles apart', () => {
    const feed = parse(
      rss(
        '<item><title>a</title><link>https://x.example.com/1</link></item><item><title>b</title><link>https://x.example.com/2</link><guid isPermaLink="false">same</guid></item><item><title>c</title><link>https://x.example.com/3</link><guid isPermaLink="false">same</guid></item><item><title>c again</title><link>https://x.example.com/3</link><guid isPermaLink="false">same</guid></item>',
      ),
    );
    expect(feed.items.map((i) => i.guid)).toEqual(['https://x.example.com/1', 'same', 'same|https://x.example.com/3']);
    expect(feed.skipped).toBe(1);
  });

  it('makes plain text of descriptions and caps text and html', () => {
    const long = 'word '.repeat(1000);
    const feed = parse(
      rss(
        `<item><title>a</title><link>https://x.example.com/1</link><description><![CDATA[<script>alert(1)</script><style>p{}</style><p>Tom &amp; Jerry&nbsp;&#8212; &eacute;t&eacute;</p><br/>${long}]]></description><content:encoded xmlns:content="http://purl.org/rss/1.0/modules/content/"><![CDATA[${'<p>x</p>'.repeat(20000)}]]></content:encoded></item>`,
      ),
    );
    const item = feed.items[0];
    expect(item.description.startsWith('Tom & Jerry — été word word')).toBe(true);
    expect(item.description.length).toBeLessThanOrEqual(DESCRIPTION_MAX);
    expect(item.description).not.toMatch(/alert|p\{\}/);
    expect(item.html!.length).toBe(HTML_MAX);
  });

  it('reads feed ttl and syndication hints, hub and self links in RSS via the atom namespace', () => {
    const feed = parse(
      rss(
        '',
        '<atom:link xmlns:atom="http://www.w3.org/2005/Atom" rel="hub" href="https://hub.example.com/"/><atom:link xmlns:atom="http://www.w3.org/2005/Atom" rel="self" href="/rss"/><sy:updatePeriod xmlns:sy="http://purl.org/rss/1.0/modules/syndication/">hourly</sy:updatePeriod><sy:updateFrequency xmlns:sy="http://purl.org/rss/1.0/modules/syndication/">4</sy:updateFrequency>',
      ),
    );
    expect(feed).toMatchObject({ hubUrl: 'https://hub.example.com/', selfUrl: 'https://news.example.com/rss', ttlMinutes: 15, items: [] });
  });
});
