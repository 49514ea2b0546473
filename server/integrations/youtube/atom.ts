/** A YouTube channel's Atom feed (also what the WebSub hub pushes for it). */

export interface ChannelFeedEntry {
  videoId: string;
  channelId: string;
  title: string;
  description: string;
  publishedAt: string;
}

const decode = (s: string) =>
  s
    .replace(/<!\[CDATA\[([\s\S]*?)\]\]>/g, '$1')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/&#(\d+);/g, (_m, n: string) => String.fromCodePoint(Number(n)))
    .replace(/&amp;/g, '&')
    .trim();

const element = (xml: string, name: string): string | null => {
  const m = new RegExp(`<${name}(?:\\s[^>]*)?>([\\s\\S]*?)</${name}>`).exec(xml);
  return m ? decode(m[1]) : null;
};

/**
 * The entries of a channel's Atom feed (also what the WebSub hub pushes): `yt:videoId`,
 * `yt:channelId`, `published`, `title`, `media:group/media:description`. The format is fixed
 * and small, so a few element reads are enough; entries without a video id are skipped.
 */
export function parseChannelFeed(xml: string): ChannelFeedEntry[] {
  const out: ChannelFeedEntry[] = [];
  for (const m of xml.matchAll(/<entry(?:\s[^>]*)?>([\s\S]*?)<\/entry>/g)) {
    const entry = m[1];
    const videoId = element(entry, 'yt:videoId');
    const channelId = element(entry, 'yt:channelId');
    const published = element(entry, 'published') ?? element(entry, 'updated');
    if (!videoId || !channelId || !published || Number.isNaN(Date.parse(published))) continue;
    out.push({
      videoId,
      channelId,
      title: element(entry, 'title') ?? '',
      description: element(entry, 'media:description') ?? '',
      publishedAt: new Date(published).toISOString(),
    });
  }
  return out;
}
