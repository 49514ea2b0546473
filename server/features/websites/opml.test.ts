import { describe, expect, it } from 'vitest';
import { MSG } from '../../../common/messages.js';
import { OPML_MAX_OUTLINES, opmlChunks, parseOpml, type OpmlEntry } from './opml.js';

const wrap = (body: string) => `<?xml version="1.0"?><opml version="2.0"><head/><body>${body}</body></opml>`;

async function text(chunks: AsyncIterable<string>) {
  let out = '';
  for await (const c of chunks) out += c;
  return out;
}

describe('OPML', () => {
  it('reads flat and nested feeds, taking the website from htmlUrl and languages from folders', () => {
    const r = parseOpml(
      wrap(`<outline text="Folder" language="de-AT">
        <outline xmlUrl="feeds.example.org/rss" htmlUrl="https://www.news.example.org/" text="News"/>
        <outline xmlUrl="https://www.google.com/alerts/feeds/123/456" language="en"/>
      </outline>
      <outline type="rss" xmlUrl="https://blog.example.net/atom" title="A &amp; B"/>`),
    );
    expect(r.ok).toBe(true);
    const entries = (r as { entries: OpmlEntry[] }).entries;
    expect(entries).toHaveLength(3);
    expect(entries).toEqual(
      expect.arrayContaining([
        { feed: 'http://feeds.example.org/rss', domain: 'news.example.org', language: 'de', websiteLanguage: 'de', title: 'News', type: 0 },
        { feed: 'https://www.google.com/alerts/feeds/123/456', domain: 'google.com', language: 'en', websiteLanguage: 'de', title: null, type: 2 },
        { feed: 'https://blog.example.net/atom', domain: 'blog.example.net', language: 'unknown', websiteLanguage: 'unknown', title: 'A & B', type: 0 },
      ]),
    );
  });

  it('refuses what is not OPML and more than the outline limit', () => {
    expect(parseOpml('<html><body/></html>')).toMatchObject({ ok: false, reason: 'invalid', message: MSG.websites.opmlInvalid });
    expect(parseOpml('<<<')).toMatchObject({ ok: false });
    const many = Array.from({ length: OPML_MAX_OUTLINES + 1 }, (_, i) => `<outline xmlUrl="https://s${i}.example.com/rss"/>`).join('');
    expect(parseOpml(wrap(many))).toMatchObject({ ok: false, reason: 'too_large', message: MSG.websites.opmlTooLarge });
  });

  it('writes escaped attributes that read back the same', async () => {
    async function* rows() {
      yield [
        {
          websiteId: 1,
          domain: 'a.example',
          websiteName: 'A "quoted" <site>',
          websiteLanguage: 'en',
          mediatype: 'News',
          feed: 'https://a.example/rss?x=1&y=2',
          title: 'Tom & Jerry',
          language: null,
          type: 0,
        },
        {
          websiteId: 2,
          domain: 'b.example',
          websiteName: null,
          websiteLanguage: 'fr',
          mediatype: null,
          feed: 'https://b.example/feed',
          title: null,
          language: 'fr',
          type: 0,
        },
      ];
    }
    const xml = await text(opmlChunks(rows()));
    expect(xml).toContain('xmlUrl="https://a.example/rss?x=1&amp;y=2"');
    const r = parseOpml(xml) as { ok: true; entries: OpmlEntry[] };
    expect(r.entries.map((e) => [e.feed, e.domain, e.title, e.websiteLanguage]).sort()).toEqual([
      ['https://a.example/rss?x=1&y=2', 'a.example', 'Tom & Jerry', 'en'],
      ['https://b.example/feed', 'b.example', null, 'fr'],
    ]);
  });
});
