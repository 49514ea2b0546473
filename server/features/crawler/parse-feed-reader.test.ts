import { describe, it, expect } from 'vitest';
import { PERSON_TEXT_MAX } from './xml-scan.js';
import { parseFeedDate } from '../../net/dates.js';
import { htmlToText } from '../../net/html-text.js';
import { parse } from './parse-feed-setup.js';

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

describe('htmlToText', () => {
  it('strips tags, decodes entities and collapses whitespace', () => {
    expect(htmlToText('<p>A&nbsp;<b>bold</b>\n\n move&hellip;</p><p>Next &lt;tag&gt; &#x1F600;</p>')).toBe('A bold move… Next <tag> 😀');
    expect(htmlToText('AT&T < Verizon')).toBe('AT&T < Verizon');
  });
});
