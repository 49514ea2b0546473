import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import fc from 'fast-check';
import { parseFeed, FeedParseError, DESCRIPTION_MAX, HTML_MAX, type ParsedFeed } from './parse-feed.js';
import { PERSON_TEXT_MAX } from './xml-scan.js';
import { parseFeedDate } from '../../net/dates.js';
import { htmlToText } from '../../net/html-text.js';
import { fetchUrl, FetchError } from '../../net/http-client.js';
import { startFakeFeedServer, HOSTILE_PATHS, type FakeFeedServer, type FakeFeedSpec } from '../../../test/fakes/feeds.js';
import { renderFeed } from '../../../test/fakes/feeds-render.js';

const FEED_URL = 'https://news.example.com/feeds/main.xml';
const parse = (body: string | Buffer, contentType: string | null = null, url = FEED_URL) =>
  parseFeed(typeof body === 'string' ? Buffer.from(body) : body, { contentType, url });
const published = new Date('2024-05-01T12:00:00Z');
const spec = (format: FakeFeedSpec['format']): FakeFeedSpec => ({
  format,
  title: 'Acme News',
  hub: true,
  items: [
    {
      title: 'First & best',
      url: 'https://news.example.com/a/1',
      description: '<p>Hello <b>world</b></p>',
      html: '<p>Full <i>story</i> <img src="https://img.example.com/1.jpg"></p>',
      published,
      author: 'Ann Lee',
    },
    { title: 'Second', url: 'https://news.example.com/a/2', guid: 'urn:id:2', description: 'Plain text' },
  ],
});

function parseError(fn: () => unknown): FeedParseError {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(FeedParseError);
    return err as FeedParseError;
  }
  throw new Error('expected a FeedParseError');
}

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

describe('parseFeed: what a reader keeps (issue 27)', () => {
  it('keeps an Atom entry whose http(s) id is its address and that has no link; an entry with neither is dropped', () => {
    const feed = parse(`<?xml version="1.0"?><feed xmlns="http://www.w3.org/2005/Atom"><title>T</title>
      <entry><id>https://news.example/only-an-id</id><title>By id</title><updated>2026-11-01T00:00:00Z</updated></entry>
      <entry><id>tag:news.example,2026:no-address</id><title>Nowhere</title></entry></feed>`);
    expect(feed.items.map((i) => [i.title, i.url])).toEqual([['By id', 'https://news.example/only-an-id']]);
  });

  it('reads "Name (email)" authors like "email (Name)"', () => {
    const feed = parse(`<rss version="2.0"><channel><title>T</title>
      <item><title>a</title><link>https://news.example/a</link><author>Ada Lovelace (ada@example.com)</author></item>
      <item><title>b</title><link>https://news.example/b</link><author>ada@example.com (Ada Lovelace)</author></item>
      <item><title>c</title><link>https://news.example/c</link><author>The Desk (Games)</author></item></channel></rss>`);
    expect(feed.items.map((i) => i.author)).toEqual(['Ada Lovelace', 'Ada Lovelace', 'The Desk (Games)']);
  });

  it('finds the first picture after many unclosed <img (each tag read once)', () => {
    const html = `${'<img alt="x" '.repeat(3000)}<img src="https://cdn.example/p.jpg">`;
    const feed = parse(`<rss version="2.0"><channel><title>T</title><item><title>a</title><link>https://news.example/a</link>
      <description><![CDATA[${html}]]></description></item></channel></rss>`);
    expect(feed.items[0].image).toBe('https://cdn.example/p.jpg');
  });

  it('reads an author of 60,000 "(" as a bounded name, and the items around it as usual', () => {
    const feed = parse(`<rss version="2.0"><channel><title>T</title><managingEditor>${'('.repeat(60_000)}</managingEditor>
      <item><title>a</title><link>https://news.example/a</link><author>${'('.repeat(60_000)}</author></item>
      <item><title>b</title><link>https://news.example/b</link><author>Ada Lovelace (ada@example.com)</author></item></channel></rss>`);
    expect(feed.items.map((i) => i.title)).toEqual(['a', 'b']);
    expect(feed.items[0].author).toMatch(/^[(\s]+$/);
    expect(feed.items[0].author!.length).toBeLessThanOrEqual(PERSON_TEXT_MAX);
    expect(feed.items[1].author).toBe('Ada Lovelace');
  });

  it('takes dc:title when there is no title, in RSS and Atom', () => {
    const rss = parse(`<rss version="2.0" xmlns:dc="http://purl.org/dc/elements/1.1/"><channel><title>T</title>
      <item><dc:title>Only &lt;b&gt;DC&lt;/b&gt;</dc:title><link>https://news.example/a</link></item>
      <item><title>Own</title><dc:title>Not this</dc:title><link>https://news.example/b</link></item></channel></rss>`);
    expect(rss.items.map((i) => i.title)).toEqual(['Only DC', 'Own']);
    const atom = parse(`<feed xmlns="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/"><title>T</title>
      <entry><id>1</id><dc:title>Only DC</dc:title><link href="https://news.example/a"/></entry>
      <entry><id>2</id><title>Own</title><dc:title>Not this</dc:title><link href="https://news.example/b"/></entry></feed>`);
    expect(atom.items.map((i) => i.title)).toEqual(['Only DC', 'Own']);
  });

  it("takes dc:creator as the author, before the Atom feed's own author", () => {
    const rss = parse(`<rss version="2.0" xmlns:dc="http://purl.org/dc/elements/1.1/"><channel><title>T</title>
      <item><title>a</title><link>https://news.example/a</link><dc:creator>Grace Hopper</dc:creator></item></channel></rss>`);
    expect(rss.items[0].author).toBe('Grace Hopper');
    const atom =
      parse(`<feed xmlns="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/"><title>T</title><author><name>The Desk</name></author>
      <entry><id>1</id><title>a</title><link href="https://news.example/a"/><dc:creator>Grace Hopper</dc:creator></entry>
      <entry><id>2</id><title>b</title><link href="https://news.example/b"/><author><name>Ann Lee</name></author><dc:creator>Not this</dc:creator></entry>
      <entry><id>3</id><title>c</title><link href="https://news.example/c"/></entry></feed>`);
    expect(atom.items.map((i) => i.author)).toEqual(['Grace Hopper', 'Ann Lee', 'The Desk']);
  });

  it('describes an item by itunes:summary when it has no description of its own', () => {
    const itunes = 'xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd"';
    const rss = parse(`<rss version="2.0" ${itunes}><channel><title>T</title>
      <item><title>a</title><link>https://news.example/a</link><itunes:summary>Episode 4: the harbour &amp; its ships</itunes:summary></item>
      <item><title>b</title><link>https://news.example/b</link><description>Own words</description><itunes:summary>Not this</itunes:summary></item></channel></rss>`);
    expect(rss.items.map((i) => i.description)).toEqual(['Episode 4: the harbour & its ships', 'Own words']);
    const atom = parse(`<feed xmlns="http://www.w3.org/2005/Atom" ${itunes}><title>T</title>
      <entry><id>1</id><title>a</title><link href="https://news.example/a"/><itunes:summary>Episode 5</itunes:summary></entry></feed>`);
    expect(atom.items[0].description).toBe('Episode 5');
  });

  it('decodes base64 Atom content: Atom 0.3 mode="base64", and RFC 4287 content of a non-text type', () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]).toString('base64');
    const atom03 = parse(`<feed version="0.3" xmlns="http://purl.org/atom/ns#"><title>T</title>
      <entry><id>1</id><title mode="base64" type="text/plain">SGVsbG8gJiB3ZWxjb21l</title><link rel="alternate" type="text/html" href="https://news.example/a"/>
        <content type="text/html" mode="base64">PHA+RXhhbXBsZSA8Yj5BdG9tPC9iPjwvcD4=</content></entry>
      <entry><id>2</id><title>Picture</title><link rel="alternate" type="text/html" href="https://news.example/b"/><content type="image/png" mode="base64">${png}</content></entry></feed>`);
    expect(atom03.items.map((i) => [i.title, i.description, i.html])).toEqual([
      ['Hello & welcome', 'Example Atom', '<p>Example <b>Atom</b></p>'],
      ['Picture', '', null],
    ]);
    const atom10 = parse(`<feed xmlns="http://www.w3.org/2005/Atom"><title>T</title>
      <entry><id>1</id><title>a</title><link href="https://news.example/a"/><content type="application/octet-stream">
        RXhhbXBsZSA8Yj5BdG9tPC9iPg==
      </content></entry>
      <entry><id>2</id><title>b</title><link href="https://news.example/b"/><content type="image/png">${png}</content></entry>
      <entry><id>3</id><title>c</title><link href="https://news.example/c"/><content type="text/plain">SGVsbG8=</content></entry></feed>`);
    expect(atom10.items.map((i) => i.description)).toEqual(['Example Atom', '', 'SGVsbG8=']);
  });

  it("reads an RSS item's xml:lang as its language, and the feed's xml:lang for the others", () => {
    const feed = parse(`<rss version="2.0" xml:lang="de-AT"><channel><title>T</title>
      <item xml:lang="es"><title>a</title><link>https://news.example/a</link></item>
      <item><title>b</title><link>https://news.example/b</link></item></channel></rss>`);
    expect(feed.language).toBe('de');
    expect(feed.items.map((i) => i.language)).toEqual(['es', 'de']);
    // The channel's <language> says more than an xml:lang on the document element.
    const declared = parse(`<rss version="2.0" xml:lang="de"><channel><title>T</title><language>fr</language>
      <item><title>a</title><link>https://news.example/a</link></item></channel></rss>`);
    expect(declared.items[0].language).toBe('fr');
  });
});

describe('parseFeedDate', () => {
  const now = Date.parse('2024-06-01T00:00:00Z');
  it.each([
    ['Wed, 01 May 2024 12:00:00 GMT', '2024-05-01T12:00:00.000Z'],
    ['Wed, 1 May 2024 14:00:00 +0200', '2024-05-01T12:00:00.000Z'],
    ['01 May 24 08:00 EDT', '2024-05-01T12:00:00.000Z'],
    ['Wednesday, 01-May-2024 13:00:00 CET', '2024-05-01T12:00:00.000Z'],
    ['Wed, 01 May 2024 12:00:00', '2024-05-01T12:00:00.000Z'],
    ['2024-05-01T12:00:00Z', '2024-05-01T12:00:00.000Z'],
    ['2024-05-01T14:00:00.123+02:00', '2024-05-01T12:00:00.000Z'],
    ['2024-05-01 12:00:00', '2024-05-01T12:00:00.000Z'],
    ['2024-05-01', '2024-05-01T00:00:00.000Z'],
    ['May 1, 2024 12:00 PM', '2024-05-01T12:00:00.000Z'],
    ['Wed May 01 2024 12:00:00 GMT+0000', '2024-05-01T12:00:00.000Z'],
    ['1714564800', '2024-05-01T12:00:00.000Z'],
  ])('%s', (input, iso) => {
    expect(parseFeedDate(input, now)?.toISOString()).toBe(iso);
  });

  it.each(['', 'yesterday', 'not a date', '32 Foo 2024', '2024-13-45', 'Fri, 01 Jan 2100 00:00:00 GMT', '1970-01-01T00:00:00Z'])('%j → null', (input) => {
    expect(parseFeedDate(input, now)).toBeNull();
  });

  it('accepts up to a day ahead (clock skew), not more', () => {
    expect(parseFeedDate('2024-06-01T12:00:00Z', now)).not.toBeNull();
    expect(parseFeedDate('2024-06-02T01:00:00Z', now)).toBeNull();
  });
});

describe('parseFeed: not a feed', () => {
  it.each([
    ['<!DOCTYPE html><html><head><title>Home</title></head><body>Hi</body></html>', 'HTML page'],
    ['<html><body><p>rss is great</p></body></html>', 'HTML page'],
    ['', 'empty'],
    ['   \n  ', 'empty'],
    ['{"hello": "world"}', 'JSON'],
    ['{broken json', 'JSON'],
    ['<?xml version="1.0"?><note><to>Tove</to></note>', 'not RSS, Atom or JSON Feed'],
    ['just some text', 'not RSS, Atom or JSON Feed'],
    ['<rss version="2.0"><channel><title>T</title><item><title>x<link>y</channel>', 'not well-formed'],
    // Well-formed, a feed format's root, nothing readable: said as it is, not "broken XML".
    ['<rss version="2.0"></rss>', 'well-formed but holds no items or channel we can read'],
    ['<feed xmlns="http://www.w3.org/2005/Atom"></feed>', 'well-formed but holds no items or channel we can read'],
    ['<rss version="2.0"><channel></channel></rss>', 'well-formed but holds no items or channel we can read'],
  ])('%j', (body, message) => {
    expect(parseError(() => parse(body)).message).toContain(message);
  });

  it('throws nothing but FeedParseError on random bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 2000 }), (bytes) => {
        try {
          parse(Buffer.from(bytes));
        } catch (err) {
          expect(err).toBeInstanceOf(FeedParseError);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('throws nothing but FeedParseError on mutated feeds, and what it returns is well-formed', () => {
    const docs = (['rss', 'atom', 'json', 'rdf', 'google-alerts'] as const).map((f) => renderFeed(spec(f), FEED_URL, 'https://hub.example.com/'));
    const mutation = fc.record({
      doc: fc.constantFrom(...docs),
      at: fc.nat(),
      cut: fc.nat({ max: 200 }),
      insert: fc.oneof(
        fc.string({ maxLength: 20 }),
        fc.constantFrom('<', '>', '&', '"', ']]>', '<!--', '<item>', '</channel>', '&amp;', '&#0;', '\u0000', '{', '}'),
      ),
    });
    fc.assert(
      fc.property(mutation, ({ doc, at, cut, insert }) => {
        const i = at % (doc.length + 1);
        const mutated = doc.slice(0, i) + insert + doc.slice(i + cut);
        let feed: ParsedFeed;
        try {
          feed = parse(mutated);
        } catch (err) {
          expect(err).toBeInstanceOf(FeedParseError);
          return;
        }
        for (const item of feed.items) {
          expect(item.url).toMatch(/^https?:\/\//);
          expect(item.description.length).toBeLessThanOrEqual(DESCRIPTION_MAX);
          expect(item.published === null || !Number.isNaN(item.published.getTime())).toBe(true);
        }
      }),
      { numRuns: 400 },
    );
  });
});

describe('htmlToText', () => {
  it('strips tags, decodes entities and collapses whitespace', () => {
    expect(htmlToText('<p>A&nbsp;<b>bold</b>\n\n move&hellip;</p><p>Next &lt;tag&gt; &#x1F600;</p>')).toBe('A bold move… Next <tag> 😀');
    expect(htmlToText('AT&T < Verizon')).toBe('AT&T < Verizon');
  });
});

describe('the hostile set of the fake feed server', () => {
  let fake: FakeFeedServer;
  beforeAll(async () => {
    fake = await startFakeFeedServer();
  });
  afterAll(() => fake.close());

  it.each(HOSTILE_PATHS.map((h) => [h.path, h] as const))('%s ends as HOSTILE_PATHS says', async (_path, h) => {
    const url = `${fake.url}${h.path}`;
    let feed: ParsedFeed;
    try {
      const res = await fetchUrl(url, { allowPrivate: true, ...h.fetch });
      feed = parseFeed(res.body, { contentType: res.headers['content-type'], url: res.url });
    } catch (err) {
      if (h.expect.kind === 'fetch_error') {
        expect(err).toBeInstanceOf(FetchError);
        expect(err).toMatchObject({
          code: h.expect.code,
          ...(h.expect.status ? { status: h.expect.status } : {}),
          ...(h.expect.retryAfterSeconds ? { retryAfterSeconds: h.expect.retryAfterSeconds } : {}),
        });
      } else {
        expect(h.expect.kind).toBe('parse_error');
        expect(err).toBeInstanceOf(FeedParseError);
      }
      return;
    }
    expect(h.expect.kind).toBe('items');
    if (h.expect.kind !== 'items') return;
    expect(feed.items).toHaveLength(h.expect.count);
    expect(feed.skipped).toBe(h.expect.skipped ?? 0);
    if (h.expect.notModifiedOnConditional) {
      const again = await fetchUrl(url, { allowPrivate: true, etag: '"v1"' });
      expect(again.notModified).toBe(true);
    }
    if (h.path.includes('wrong-charset')) expect(feed.items.map((i) => i.title)).toEqual(['Café déjà vu', 'Über naïve']);
    if (h.path === '/hostile/no-dates.xml') expect(feed.items.every((i) => i.published === null)).toBe(true);
    if (h.path === '/hostile/google-alerts.xml') {
      expect(feed.items[0]).toMatchObject({ url: 'https://news.example.org/acme-1?id=1', title: 'Acme story 1 & more', description: 'Acme news 1' });
    }
    if (h.path === '/hostile/malformed.xml') expect(feed.items.map((i) => i.title)).toEqual(['One']);
    if (h.path === '/hostile/bom-cp1252.xml') expect(feed.items.map((i) => i.title)).toEqual(['Café “quoté”', 'Über naïve']);
    if (h.path === '/hostile/atom03.xml') expect(feed.items.map((i) => i.title)).toEqual(['Café x bold', 'Café bold']);
    if (h.path === '/hostile/dcterms.xml') expect(feed.items.every((i) => i.published !== null)).toBe(true);
    if (h.path.startsWith('/hostile/truncated'))
      expect(feed.items.map((i) => i.url)).toEqual(Array.from({ length: h.expect.count }, (_, n) => `https://example.com/cut/${n + 1}`));
    if (h.path === '/hostile/relative-links.xml') {
      expect(feed.items.map((i) => i.url)).toEqual([`${fake.url}/blog/post-1`, `${fake.url}/news/post-2`, `${fake.url}/archive/post-3`]);
    }
  });
});
