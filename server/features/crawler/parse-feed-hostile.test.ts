import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { parseFeed, FeedParseError, type ParsedFeed } from './parse-feed.js';
import { XMLValidator } from 'fast-xml-parser';
import {
  stripDoctype,
  startsWithHtmlElement,
  salvageItems,
  openElements,
  boundPersonFields,
  boundText,
  decodeBase64Elements,
  decodeBase64Text,
  PERSON_TEXT_MAX,
} from './xml-scan.js';
import { renderFeed, type FakeFeedItem } from '../../../test/fakes/feeds-render.js';
import { ATOM03, DCTERMS_RDF, TRUNCATED, bomCp1252Feed } from '../../../test/fakes/feeds-hostile.js';

const FEED_URL = 'https://news.example.com/feeds/main.xml';
const parse = (body: string | Buffer) => parseFeed(typeof body === 'string' ? Buffer.from(body) : body, { contentType: null, url: FEED_URL });

/** Parses and reports the time it took, whatever the outcome (only FeedParseError is expected). */
function timedParse(input: string): number {
  const started = performance.now();
  try {
    parse(input);
  } catch (err) {
    expect(err).toBeInstanceOf(FeedParseError);
  }
  return performance.now() - started;
}

// A budget against exponential blow-up, not a speed assertion: the inputs below took 3–5 s (and
// doubled with each added pair) with the backtracking regexes; a linear parse takes milliseconds.
const BUDGET_MS = 1000;

describe('parseFeed on pathological input', () => {
  it.each([
    ['a DOCTYPE with 28 empty subsets', '<!DOCTYPE x ' + '[]'.repeat(28)],
    ['26 empty comments before text', '<!---->'.repeat(26) + 'x'],
    ['a DOCTYPE with 100,000 empty subsets', '<!DOCTYPE x ' + '[]'.repeat(100_000)],
    ['100,000 empty comments before text', '<!---->'.repeat(100_000) + 'x'],
    ['many unclosed DOCTYPEs', '<!DOCTYPE ['.repeat(20_000)],
    ['many unclosed items in a feed', `<rss version="2.0"><channel><title>t</title>${'<item><title>x'.repeat(20_000)}`],
    [
      'many unclosed scripts in a description',
      `<rss version="2.0"><channel><title>t</title><item><link>https://x.example.com/1</link><description><![CDATA[${'<script>'.repeat(50_000)}]]></description></item></channel></rss>`,
    ],
  ])('%s finishes within the budget', (_name, input) => {
    expect(timedParse(input)).toBeLessThan(BUDGET_MS);
  });

  it('finishes every generated pathological input (≤ 4 KB) within the budget', () => {
    const fragment = fc.constantFrom(
      '<!DOCTYPE',
      '<!DOCTYPE x ',
      '[',
      ']',
      '[]',
      '<!--',
      '-->',
      '<!---->',
      '<',
      '>',
      '/>',
      '<![CDATA[',
      ']]>',
      '<!ENTITY a "',
      '&amp;',
      '&lt;',
      '&#x26;',
      '&a;',
      '"',
      "'",
      ' ',
      '\n',
      '<?xml version="1.0"?>',
      '<rss version="2.0">',
      '<channel>',
      '<feed xmlns="http://www.w3.org/2005/Atom">',
      '<item>',
      '</item>',
      '<entry>',
      '</entry>',
      '<title>',
      '</title>',
      '<html',
      '<script>',
      '</script>',
      '<link>https://x.example.com/1</link>',
      'x',
    );
    const input = fc.array(fragment, { maxLength: 1500 }).map((parts) => parts.join('').slice(0, 4096));
    const repeated = fc
      .tuple(fc.array(fragment, { minLength: 1, maxLength: 4 }), fc.nat({ max: 1000 }), fc.array(fragment, { maxLength: 3 }))
      .map(([unit, times, tail]) => (unit.join('').repeat(times) + tail.join('')).slice(0, 4096));
    fc.assert(
      fc.property(fc.oneof(input, repeated), (doc) => {
        expect(timedParse(doc)).toBeLessThan(BUDGET_MS);
      }),
      { numRuns: 300 },
    );
  });
});

describe('xml-scan', () => {
  it('strips DOCTYPEs with internal subsets whose strings and comments hold ] and >', () => {
    expect(stripDoctype('<?xml version="1.0"?><!DOCTYPE rss [<!ENTITY a "]>"><!-- ] > -->]><rss/>')).toBe('<?xml version="1.0"?><rss/>');
    expect(stripDoctype("a<!doctype html>b<!DOCTYPE x [<!ENTITY y 'z'>] >c")).toBe('abc');
    // Inside a comment or a CDATA section it is text, kept as it is (feedparser's item_description_not_a_doctype*.xml).
    const commented = '<rss><item><title>3</title><!-- <!DOCTYPE [ --></item><item><title>4</title></item></rss>';
    expect(stripDoctype(commented)).toBe(commented);
    const cdata = '<rss><item><description><![CDATA[Use <!DOCTYPE html> first]]></description></item><item/></rss>';
    expect(stripDoctype(cdata)).toBe(cdata);
    expect(stripDoctype('<!-- <!DOCTYPE x [ -->a<!DOCTYPE y [<!ENTITY z "1">]>b')).toBe('<!-- <!DOCTYPE x [ -->ab');
    // The whole feed keeps its ten items (before: three, the rest taken by the "DOCTYPE").
    const items = Array.from(
      { length: 10 },
      (_, i) =>
        `<item><title>Story ${i + 1}</title><link>https://news.example/${i + 1}</link>${i === 2 ? '<!-- <!DOCTYPE [ -->' : ''}<description><![CDATA[${i === 5 ? '<!DOCTYPE html>' : 'text'}]]></description></item>`,
    ).join('');
    const feed = parse(`<?xml version="1.0"?><rss version="2.0"><channel><title>T</title>${items}</channel></rss>`);
    expect(feed.items.map((it) => it.title)).toEqual(Array.from({ length: 10 }, (_, i) => `Story ${i + 1}`));
    expect(stripDoctype('<rss/><!DOCTYPE x [ never closed <item/>')).toBe('<rss/>');
  });

  it('recognises <html> after a prolog and comments only', () => {
    expect(startsWithHtmlElement('<?xml version="1.0"?>\n<!-- a --> <!-- b -->\n<HTML lang="en">')).toBe(true);
    expect(startsWithHtmlElement('<!-- a --><rss>')).toBe(false);
    expect(startsWithHtmlElement('<!-- never closed <html>')).toBe(false);
  });

  it('finds complete items and the head elements still open', () => {
    const found = salvageItems('<rss a=">"><channel><title>T</title><!-- <x> --><item>1</item><item>2<item>3</item><item>4');
    expect(found).toEqual({ head: '<rss a=">"><channel><title>T</title><!-- <x> -->', items: ['<item>1</item>', '<item>3</item>'], tail: '</channel></rss>' });
    expect(salvageItems('<rss><channel><item>never closed')).toBeNull();
    expect(openElements('<?xml version="1.0"?><a:feed x="1"><b/><c></c><![CDATA[<d>]]><e>')).toEqual(['a:feed', 'e']);
  });

  it('cuts the text of person fields before the library sees them, markup and the rest of the document kept', () => {
    const long = '('.repeat(60_000);
    const doc =
      `<rss><channel><managingEditor>${long}</managingEditor><item><author>${long}</author><dc:creator><![CDATA[${long}]]></dc:creator>` +
      `<description><![CDATA[<author>${long}</author>]]></description></item></channel></rss>`;
    const out = boundPersonFields(doc);
    const cut = '('.repeat(PERSON_TEXT_MAX);
    expect(out).toBe(
      `<rss><channel><managingEditor>${cut}</managingEditor><item><author>${cut}</author><dc:creator><![CDATA[${cut}]]></dc:creator>` +
        `<description><![CDATA[<author>${long}</author>]]></description></item></channel></rss>`,
    );
    // An Atom person: its name is cut, its other children stay.
    expect(boundPersonFields(`<author><name>${long}</name><email>a@example.com</email></author>`, 5)).toBe(
      '<author><name>(((((</name><email>a@example.com</email></author>',
    );
    const short = '<author>Ada Lovelace (ada@example.com)</author><name/><author>never closed';
    expect(boundPersonFields(short)).toBe(short);
  });

  it('never cuts an entity, a surrogate pair or a CDATA section in two, and keeps the markup', () => {
    expect(boundText(`${'a'.repeat(8)}&amp;${'b'.repeat(20)}`, 10)).toBe('a'.repeat(8));
    expect(boundText(`${'a'.repeat(9)}😀${'b'.repeat(20)}`, 10)).toBe('a'.repeat(9));
    expect(boundText(`<![CDATA[${'x'.repeat(30)}]]>tail`, 10)).toBe(`<![CDATA[${'x'.repeat(10)}]]>`);
    expect(boundText(`<b class="a>b">${'x'.repeat(30)}</b><!-- c -->${'y'.repeat(10)}<?pi x?>`, 10)).toBe(`<b class="a>b">${'x'.repeat(10)}</b><?pi x?>`);
    expect(boundText('short', 10)).toBeNull();
    expect(boundText(`${'x'.repeat(20)}<!-- never closed`, 10)).toBeNull();
  });

  it('leaves every generated well-formed document well-formed, each person field within its bound', () => {
    const text = fc.constantFrom('(', 'a', ' ', '&amp;', '&lt;', '&#x28;', 'é', '😀', ']', '>', '"');
    const cdata = fc.constantFrom('(', 'a', ' ', '&', '<', 'é', '😀', ']');
    const leaf = fc.oneof(
      fc.array(text, { maxLength: 40 }).map((t) => t.join('').replaceAll(']]>', ']>')),
      fc.array(cdata, { maxLength: 40 }).map((t) => `<![CDATA[${t.join('')}]]>`),
      fc.constant('<!-- <author> -->'),
    );
    /** Characters of text in generated content: character data as written, CDATA without its markers, no tags. */
    const textLength = (content: string) => {
      let n = 0;
      for (let i = 0; i < content.length;) {
        if (content.startsWith('<![CDATA[', i)) {
          const end = content.indexOf(']]>', i);
          n += end - i - 9;
          i = end + 3;
        } else if (content[i] === '<') {
          i = content.indexOf('>', i) + 1;
        } else {
          n++;
          i++;
        }
      }
      return n;
    };
    const element = fc.letrec<{ node: string }>((tie) => ({
      node: fc.oneof(
        { depthSize: 'small', withCrossShrink: true },
        leaf,
        fc
          .tuple(fc.constantFrom('author', 'name', 'dc:creator', 'item', 'b'), fc.array(tie('node'), { maxLength: 4 }))
          .map(([n, kids]) => `<${n}>${kids.join('')}</${n}>`),
      ),
    })).node;
    fc.assert(
      fc.property(fc.array(element, { maxLength: 5 }), fc.integer({ min: 1, max: 30 }), (kids, max) => {
        const doc = `<rss xmlns:dc="http://purl.org/dc/elements/1.1/">${kids.join('')}</rss>`;
        expect(XMLValidator.validate(doc)).toBe(true);
        const out = boundPersonFields(doc, max);
        expect(XMLValidator.validate(out), out).toBe(true);
        // The innermost person fields hold at most `max` characters of text (entities count as written).
        for (const m of out.replace(/<!--[\s\S]*?-->/g, '').matchAll(/<(author|name|dc:creator)>((?:(?!<\/?(?:author|name|dc:creator)>)[\s\S])*)<\/\1>/g)) {
          expect(textLength(m[2]), m[0]).toBeLessThanOrEqual(max);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('decodes Atom 0.3 base64 elements to escaped text, outside CDATA and comments only', () => {
    const b64 = Buffer.from('<p>Tom & Jerry</p>').toString('base64');
    expect(decodeBase64Elements(`<entry><content type="text/html" mode="base64">\n${b64.slice(0, 8)}\n${b64.slice(8)}</content></entry>`)).toBe(
      '<entry><content type="text/html">&lt;p&gt;Tom &amp; Jerry&lt;/p&gt;</content></entry>',
    );
    expect(decodeBase64Elements(`<summary mode='base64'><![CDATA[${b64}]]></summary>`)).toBe('<summary>&lt;p&gt;Tom &amp; Jerry&lt;/p&gt;</summary>');
    const quoted = `<description><![CDATA[<content mode="base64">${b64}</content>]]></description><!-- <title mode="base64">${b64}</title> -->`;
    expect(decodeBase64Elements(quoted)).toBe(quoted);
    expect(decodeBase64Elements('<content mode="base64">not base64!</content>')).toBe('<content></content>');
  });

  it('reads base64 as text only when it is base64 of UTF-8 text', () => {
    expect(decodeBase64Text(' RXhhbXBsZSA8Yj5BdG9tPC9iPg==\n')).toBe('Example <b>Atom</b>');
    expect(decodeBase64Text('Q2Fmw6k')).toBe('Café'); // unpadded
    expect(decodeBase64Text('Hello world')).toBeNull();
    expect(decodeBase64Text(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1]).toString('base64'))).toBeNull();
    expect(decodeBase64Text(Buffer.from([0xff, 0xfe, 0x41]).toString('base64'))).toBeNull();
  });
});

describe('parseFeed: truncated feeds keep their complete items', () => {
  const items: FakeFeedItem[] = Array.from({ length: 6 }, (_, i) => ({
    title: `Story ${i + 1}`,
    url: `https://news.example.com/a/${i + 1}`,
    description: `<p>Body of story ${i + 1}</p>`,
    published: new Date(Date.UTC(2024, 4, 1, 12 - i)),
  }));
  const closer = { rss: '</item>', atom: '</entry>', rdf: '</item>' } as const;

  it.each(['rss', 'atom', 'rdf'] as const)('%s cut at several points', (format) => {
    const doc = renderFeed({ format, title: 'Acme', items }, FEED_URL, '');
    const cuts = [doc.trimEnd().lastIndexOf('>'), ...[0.5, 0.7, 0.85, 0.95].map((f) => Math.floor(doc.length * f))];
    for (const at of cuts) {
      const cut = doc.slice(0, at);
      const complete = cut.split(closer[format]).length - 1;
      let feed: ParsedFeed;
      try {
        feed = parse(cut);
      } catch (err) {
        expect(err, `${format} cut at ${at}`).toBeInstanceOf(FeedParseError);
        expect(complete, `${format} cut at ${at}`).toBe(0);
        continue;
      }
      expect(feed.title).toBe('Acme');
      expect(
        feed.items.map((i) => i.title),
        `${format} cut at ${at}`,
      ).toEqual(items.slice(0, complete).map((i) => i.title));
      expect(feed.items.map((i) => i.published?.toISOString())).toEqual(items.slice(0, complete).map((i) => i.published!.toISOString()));
    }
  });

  it('salvages the hostile truncated RSS and the Atom cut at 70 %', () => {
    expect(parse(TRUNCATED.rss()).items.map((i) => i.url)).toEqual([1, 2, 3, 4].map((n) => `https://example.com/cut/${n}`));
    expect(parse(TRUNCATED.atom70()).items.map((i) => i.url)).toEqual([1, 2, 3].map((n) => `https://example.com/cut/${n}`));
  });

  it('keeps the good items when one complete item is itself broken', () => {
    const doc = `<rss version="2.0"><channel><title>T</title><item><title>Good 1</title><link>https://x.example.com/1</link></item><item><title>Bad</titl><link>https://x.example.com/2</link></item><item><title>Good 3</title><link>https://x.example.com/3</link></item></channel></rss>`;
    expect(parse(doc).items.map((i) => i.title)).toEqual(['Good 1', 'Good 3']);
  });

  it('still refuses a broken feed with no complete item', () => {
    expect(() => parse('<rss version="2.0"><channel><title>T</title><item><title>x<link>y</channel>')).toThrow(FeedParseError);
  });
});

describe('parseFeed: markup in Atom titles', () => {
  it('reduces Atom 0.3 text/html and application/xhtml+xml titles to text, scripts and handlers removed', () => {
    const feed = parse(ATOM03);
    expect(feed.title).toBe('Café News');
    expect(feed.items.map((i) => i.title)).toEqual(['Café x bold', 'Café bold']);
    for (const item of feed.items) expect(item.title).not.toMatch(/[<>]|&\w+;|alert|onclick|onmouseover/);
  });

  it.each([
    ['html', 'Tom &amp;amp; Jerry &lt;i&gt;live&lt;/i&gt;', 'Tom & Jerry live'],
    ['xhtml', '<div xmlns="http://www.w3.org/1999/xhtml">Tom &amp; <i onclick="x()">Jerry</i></div>', 'Tom & Jerry'],
    ['text/html', 'Caf&amp;eacute; &lt;script&gt;alert(1)&lt;/script&gt;ok', 'Café ok'],
    ['TEXT/HTML', 'A &lt;b&gt;B&lt;/b&gt;', 'A B'],
  ])('Atom title and summary type=%s are markup', (type, value, expected) => {
    const feed = parse(
      `<feed xmlns="http://www.w3.org/2005/Atom"><title>T</title><entry><id>1</id><title type="${type}">${value}</title><link href="https://x.example.com/1"/><summary type="${type}">${value}</summary></entry></feed>`,
    );
    expect(feed.items[0].title).toBe(expected);
    expect(feed.items[0].description).toBe(expected);
    expect(feed.items[0].html).not.toBeNull(); // kept as the item's HTML, like html/xhtml summaries
  });

  it.each(['text', 'text/plain'])('a type=%s title stays text (its angle brackets are characters)', (type) => {
    const feed = parse(
      `<feed xmlns="http://www.w3.org/2005/Atom"><title>T</title><entry><id>1</id><title type="${type}">A &lt;b&gt; B</title><link href="https://x.example.com/1"/></entry></feed>`,
    );
    expect(feed.items[0].title).toBe('A <b> B');
  });
});

describe('parseFeed: Dublin Core Terms dates', () => {
  it('dates RSS 1.0 items by dcterms:issued, else dcterms:modified', () => {
    expect(parse(DCTERMS_RDF).items.map((i) => i.published?.toISOString())).toEqual(['2024-05-01T12:00:00.000Z', '2024-04-30T08:00:00.000Z']);
  });

  it('reads dcterms:created in RSS 2.0 and dcterms:issued in Atom', () => {
    const rss = parse(
      '<rss version="2.0" xmlns:dcterms="http://purl.org/dc/terms/"><channel><title>T</title><item><link>https://x.example.com/1</link><dcterms:created>2024-03-01T10:00:00Z</dcterms:created></item></channel></rss>',
    );
    expect(rss.items[0].published?.toISOString()).toBe('2024-03-01T10:00:00.000Z');
    const atom = parse(
      '<feed xmlns="http://www.w3.org/2005/Atom" xmlns:dcterms="http://purl.org/dc/terms/"><title>T</title><entry><id>1</id><title>x</title><link href="https://x.example.com/1"/><dcterms:issued>2024-04-01T10:00:00Z</dcterms:issued></entry></feed>',
    );
    expect(atom.items[0].published?.toISOString()).toBe('2024-04-01T10:00:00.000Z');
  });
});

describe('parseFeed: encodings', () => {
  it('reads Windows-1252 bytes behind a UTF-8 BOM', () => {
    const feed = parse(bomCp1252Feed());
    expect(feed.title).toBe('Café');
    expect(feed.items.map((i) => i.title)).toEqual(['Café “quoté”', 'Über naïve']);
  });
});
