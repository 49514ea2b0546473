import { expect } from 'vitest';
import { parseFeed, FeedParseError } from './parse-feed.js';
import type { FakeFeedSpec } from '../../../test/fakes/feeds.js';

// What the parseFeed tests share (parse-feed.test.ts, parse-feed-reader.test.ts, parse-feed-errors.test.ts).
export const FEED_URL = 'https://news.example.com/feeds/main.xml';
export const parse = (body: string | Buffer, contentType: string | null = null, url = FEED_URL) =>
  parseFeed(typeof body === 'string' ? Buffer.from(body) : body, { contentType, url });
export const published = new Date('2024-05-01T12:00:00Z');
export const spec = (format: FakeFeedSpec['format']): FakeFeedSpec => ({
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

export function parseError(fn: () => unknown): FeedParseError {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(FeedParseError);
    return err as FeedParseError;
  }
  throw new Error('expected a FeedParseError');
}
