import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { parseFeed, FeedParseError, type ParsedFeed } from './parse-feed.js';
import { stripDoctype, startsWithHtmlElement, salvageItems, openElements } from './xml-scan.js';
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
    ['many unclosed scripts in a description', `<rss version="2.0"><channel><title>t</title><item><link>https://x.example.com/1</link><description><![CDATA[${'<script>'.repeat(50_000)}]]></description></item></channel></rss>`],
  ])('%s finishes within the budget', (_name, input) => {
    expect(timedParse(input)).toBeLessThan(BUDGET_MS);
  });

  it('finishes every generated pathological input (≤ 4 KB) within the budget', () => {
    const fragment = fc.constantFrom(
      '<!DOCTYPE', '<!DOCTYPE x ', '[', ']', '[]', '<!--', '-->', '<!---->', '<', '>', '/>', '<![CDATA[', ']]>', '<!ENTITY a "', '&amp;', '&lt;', '&#x26;', '&a;',
      '"', "'", ' ', '\n', '<?xml version="1.0"?>', '<rss version="2.0">', '<channel>', '<feed xmlns="http://www.w3.org/2005/Atom">', '<item>', '</item>', '<entry>', '</entry>',
      '<title>', '</title>', '<html', '<script>', '</script>', '<link>https://x.example.com/1</link>', 'x',
    );
    const input = fc.array(fragment, { maxLength: 1500 }).map((parts) => parts.join('').slice(0, 4096));
    const repeated = fc.tuple(fc.array(fragment, { minLength: 1, maxLength: 4 }), fc.nat({ max: 1000 }), fc.array(fragment, { maxLength: 3 }))
      .map(([unit, times, tail]) => (unit.join('').repeat(times) + tail.join('')).slice(0, 4096));
    fc.assert(fc.property(fc.oneof(input, repeated), (doc) => {
      expect(timedParse(doc)).toBeLessThan(BUDGET_MS);
    }), { numRuns: 300 });
  });
});

describe('xml-scan', () => {
  it('strips DOCTYPEs with internal subsets whose strings and comments hold ] and >', () => {
    expect(stripDoctype('<?xml version="1.0"?><!DOCTYPE rss [<!ENTITY a "]>"><!-- ] > -->]><rss/>')).toBe('<?xml version="1.0"?><rss/>');
    expect(stripDoctype('a<!doctype html>b<!DOCTYPE x [<!ENTITY y \'z\'>] >c')).toBe('abc');
    // Inside a comment or a CDATA section it is text, kept as it is (feedparser's item_description_not_a_doctype*.xml).
    const commented = '<rss><item><title>3</title><!-- <!DOCTYPE [ --></item><item><title>4</title></item></rss>';
    expect(stripDoctype(commented)).toBe(commented);
    const cdata = '<rss><item><description><![CDATA[Use <!DOCTYPE html> first]]></description></item><item/></rss>';
    expect(stripDoctype(cdata)).toBe(cdata);
    expect(stripDoctype('<!-- <!DOCTYPE x [ -->a<!DOCTYPE y [<!ENTITY z "1">]>b')).toBe('<!-- <!DOCTYPE x [ -->ab');
    // The whole feed keeps its ten items (before: three, the rest taken by the "DOCTYPE").
    const items = Array.from({ length: 10 }, (_, i) =>
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
      expect(feed.items.map((i) => i.title), `${format} cut at ${at}`).toEqual(items.slice(0, complete).map((i) => i.title));
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
    const feed = parse(`<feed xmlns="http://www.w3.org/2005/Atom"><title>T</title><entry><id>1</id><title type="${type}">${value}</title><link href="https://x.example.com/1"/><summary type="${type}">${value}</summary></entry></feed>`);
    expect(feed.items[0].title).toBe(expected);
    expect(feed.items[0].description).toBe(expected);
    expect(feed.items[0].html).not.toBeNull(); // kept as the item's HTML, like html/xhtml summaries
  });

  it.each(['text', 'text/plain'])('a type=%s title stays text (its angle brackets are characters)', (type) => {
    const feed = parse(`<feed xmlns="http://www.w3.org/2005/Atom"><title>T</title><entry><id>1</id><title type="${type}">A &lt;b&gt; B</title><link href="https://x.example.com/1"/></entry></feed>`);
    expect(feed.items[0].title).toBe('A <b> B');
  });
});

describe('parseFeed: Dublin Core Terms dates', () => {
  it('dates RSS 1.0 items by dcterms:issued, else dcterms:modified', () => {
    expect(parse(DCTERMS_RDF).items.map((i) => i.published?.toISOString())).toEqual(['2024-05-01T12:00:00.000Z', '2024-04-30T08:00:00.000Z']);
  });

  it('reads dcterms:created in RSS 2.0 and dcterms:issued in Atom', () => {
    const rss = parse('<rss version="2.0" xmlns:dcterms="http://purl.org/dc/terms/"><channel><title>T</title><item><link>https://x.example.com/1</link><dcterms:created>2024-03-01T10:00:00Z</dcterms:created></item></channel></rss>');
    expect(rss.items[0].published?.toISOString()).toBe('2024-03-01T10:00:00.000Z');
    const atom = parse('<feed xmlns="http://www.w3.org/2005/Atom" xmlns:dcterms="http://purl.org/dc/terms/"><title>T</title><entry><id>1</id><title>x</title><link href="https://x.example.com/1"/><dcterms:issued>2024-04-01T10:00:00Z</dcterms:issued></entry></feed>');
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
