import { describe, expect, it } from 'vitest';
import { buildMediaDiscordMessages, buildMediaSlackMessages, compactNumber, readMediaPayload } from './format-media.js';
import type { MediaNoticePayload } from './service.js';

const now = new Date('2026-11-24T12:00:00Z');
const item = (over: Partial<MediaNoticePayload> = {}): MediaNoticePayload => ({
  feedName: 'Comet <Rider>',
  keyword: 'comet rider',
  title: 'Comet Rider | review > all',
  url: 'https://www.youtube.com/watch?v=abcdefghijk',
  thumbnail: 'https://i.ytimg.com/vi/abcdefghijk/mqdefault.jpg',
  channelName: 'Comet & Co',
  audience: 1_250_000,
  views: 999,
  publishedAt: '2026-11-24T09:00:00Z',
  ...over,
});

describe('video and stream announcement messages', () => {
  it('reads counts compactly without rounding up past what they are', () => {
    expect([0, 999, 1_000, 1_250, 99_999, 1_250_000, 1_999_999].map(compactNumber)).toEqual(['0', '999', '1K', '1.2K', '99.9K', '1.2M', '1.9M']);
  });

  it('escapes what Slack would read as markup and keeps the link whole', () => {
    const [{ message }] = buildMediaSlackMessages('video', [item()], now);
    expect(message.text).toBe('New video for *Comet &lt;Rider&gt;*: Comet Rider | review &gt; all (Comet &amp; Co)');
    const section = message.blocks![0] as { text: { text: string } };
    expect(section.text.text).toBe(
      '*<https://www.youtube.com/watch?v=abcdefghijk|Comet Rider | review &gt; all>*\nComet &amp; Co · 1.2M subscribers · 999 views · 3 h ago',
    );
  });

  it('leaves out a thumbnail that is not a web address, and unknown audience and views', () => {
    const odd = item({ thumbnail: 'javascript:alert(1)', audience: null, views: null, publishedAt: 'not a date' });
    const [{ message }] = buildMediaSlackMessages('stream', [odd], now);
    expect(message.blocks![0]).not.toHaveProperty('accessory');
    expect((message.blocks![0] as { text: { text: string } }).text.text).toMatch(/\nComet &amp; Co$/);
    const [{ message: discord }] = buildMediaDiscordMessages('stream', [odd]);
    expect(discord.embeds![0]).not.toHaveProperty('thumbnail');
    expect(discord.embeds![0]).not.toHaveProperty('timestamp');
    expect(discord.embeds![0].fields).toEqual([{ name: 'Channel', value: 'Comet & Co', inline: true }]);
  });

  it('splits a Discord batch at 10 embeds and says how many each message holds', () => {
    const batches = buildMediaDiscordMessages(
      'stream',
      Array.from({ length: 23 }, (_, i) => item({ title: `Stream ${i}` })),
    );
    expect(batches.map((b) => b.count)).toEqual([10, 10, 3]);
    expect(batches.map((b) => b.message.content)).toEqual([
      '10 new streams for **Comet <Rider>**',
      '10 new streams for **Comet <Rider>**',
      '3 new streams for **Comet <Rider>**',
    ]);
    expect(batches[0].message.allowed_mentions).toEqual({ parse: [] });
  });

  it('reads a stored payload field by field, whatever it holds', () => {
    expect(readMediaPayload(null)).toEqual({
      feedName: '',
      keyword: '',
      title: '',
      url: '',
      thumbnail: null,
      channelName: '',
      audience: null,
      views: null,
      publishedAt: '',
      live: false,
    });
    expect(readMediaPayload({ title: 5, audience: '1200', views: 'many', live: 'yes', thumbnail: 7 })).toMatchObject({
      title: '',
      audience: 1200,
      views: null,
      live: false,
      thumbnail: null,
    });
  });
});
