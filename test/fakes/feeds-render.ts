/**
 * Renders the fake feed server's feeds in the real wire formats (reference §6): RSS 2.0,
 * RSS 1.0 (RDF), Atom 1.0, JSON Feed 1.1 and Google Alerts Atom.
 */

export type FakeFeedFormat = 'rss' | 'atom' | 'json' | 'rdf' | 'google-alerts';

export interface FakeFeedItem {
  title: string;
  /** The article URL (for Google Alerts: the real URL, wrapped in a google.com/url redirect). */
  url: string;
  guid?: string;
  description?: string;
  /** Body HTML (content:encoded / content / content_html). */
  html?: string;
  /** Omitted → no date element at all. */
  published?: Date;
  author?: string;
  image?: string;
}

export interface FakeFeedSpec {
  format: FakeFeedFormat;
  title: string;
  items: FakeFeedItem[];
  /** Advertise the fake's WebSub hub (and a self link). */
  hub?: boolean;
  /** Send an ETag and answer 304 to a matching If-None-Match. */
  etag?: boolean;
  /** Send Last-Modified and answer 304 to If-Modified-Since not older than the last change. */
  lastModified?: boolean;
  /** Encoding of the body bytes and of the declarations (default utf-8): 'utf-8' | 'iso-8859-1'. */
  charset?: 'utf-8' | 'iso-8859-1';
  language?: string;
}

export const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export const CONTENT_TYPES: Record<FakeFeedFormat, string> = {
  rss: 'application/rss+xml',
  rdf: 'application/rdf+xml',
  atom: 'application/atom+xml',
  'google-alerts': 'application/atom+xml',
  json: 'application/feed+json',
};

/** The feed document as text; `selfUrl` is where it is served, `hubUrl` the fake hub. */
export function renderFeed(spec: FakeFeedSpec, selfUrl: string, hubUrl: string): string {
  const charset = spec.charset ?? 'utf-8';
  const prolog = `<?xml version="1.0" encoding="${charset}"?>\n`;
  const lang = spec.language ?? 'en-US';
  switch (spec.format) {
    case 'rss': {
      const hub = spec.hub ? `<atom:link rel="hub" href="${esc(hubUrl)}"/><atom:link rel="self" href="${esc(selfUrl)}"/>` : '';
      const items = spec.items.map((i) =>
        [
          '<item>',
          `<title>${esc(i.title)}</title><link>${esc(i.url)}</link>`,
          `<guid isPermaLink="${i.guid ? 'false' : 'true'}">${esc(i.guid ?? i.url)}</guid>`,
          i.published ? `<pubDate>${i.published.toUTCString()}</pubDate>` : '',
          i.description !== undefined ? `<description>${esc(i.description)}</description>` : '',
          i.html !== undefined ? `<content:encoded><![CDATA[${i.html}]]></content:encoded>` : '',
          i.author ? `<dc:creator>${esc(i.author)}</dc:creator>` : '',
          i.image ? `<enclosure url="${esc(i.image)}" type="image/jpeg" length="0"/>` : '',
          '</item>',
        ].join(''),
      );
      return `${prolog}<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/"><channel><title>${esc(spec.title)}</title><link>${esc(new URL('/', selfUrl).href)}</link><description>${esc(spec.title)}</description><language>${lang}</language><ttl>30</ttl>${hub}\n${items.join('\n')}\n</channel></rss>\n`;
    }
    case 'rdf': {
      const items = spec.items.map(
        (i) =>
          `<item rdf:about="${esc(i.url)}"><title>${esc(i.title)}</title><link>${esc(i.url)}</link>${i.description !== undefined ? `<description>${esc(i.description)}</description>` : ''}${i.published ? `<dc:date>${i.published.toISOString()}</dc:date>` : ''}${i.author ? `<dc:creator>${esc(i.author)}</dc:creator>` : ''}</item>`,
      );
      const seq = spec.items.map((i) => `<rdf:li rdf:resource="${esc(i.url)}"/>`).join('');
      return `${prolog}<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://purl.org/rss/1.0/" xmlns:dc="http://purl.org/dc/elements/1.1/"><channel rdf:about="${esc(selfUrl)}"><title>${esc(spec.title)}</title><link>${esc(new URL('/', selfUrl).href)}</link><description>${esc(spec.title)}</description><dc:language>${lang}</dc:language><items><rdf:Seq>${seq}</rdf:Seq></items></channel>\n${items.join('\n')}\n</rdf:RDF>\n`;
    }
    case 'atom':
    case 'google-alerts': {
      const alerts = spec.format === 'google-alerts';
      const hub = spec.hub ? `<link rel="hub" href="${esc(hubUrl)}"/>` : '';
      const updated = (spec.items.map((i) => i.published).find(Boolean) ?? new Date(0)).toISOString();
      const entries = spec.items.map((i, n) => {
        const href = alerts ? googleAlertsLink(i.url) : i.url;
        const id = i.guid ?? (alerts ? `tag:google.com,2013:googlealerts/feed:${1000 + n}` : i.url);
        const date = i.published ? `<published>${i.published.toISOString()}</published><updated>${i.published.toISOString()}</updated>` : '';
        const content = i.html ?? i.description;
        return `<entry><id>${esc(id)}</id><title type="html">${esc(alerts ? boldFirstWord(i.title) : i.title)}</title><link href="${esc(href)}"/>${date}${content !== undefined ? `<content type="html">${esc(content)}</content>` : ''}<author><name>${esc(i.author ?? '')}</name></author></entry>`;
      });
      const id = alerts ? 'tag:google.com,2005:reader/user/00000000000000000000/state/com.google/alerts/1234567890' : selfUrl;
      return `${prolog}<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="${lang}"><id>${esc(id)}</id><title>${esc(spec.title)}</title><link href="${esc(selfUrl)}" rel="self"/>${hub}<updated>${updated}</updated>\n${entries.join('\n')}\n</feed>\n`;
    }
    case 'json':
      return JSON.stringify({
        version: 'https://jsonfeed.org/version/1.1',
        title: spec.title,
        home_page_url: new URL('/', selfUrl).href,
        feed_url: selfUrl,
        language: lang,
        ...(spec.hub ? { hubs: [{ type: 'WebSub', url: hubUrl }] } : {}),
        items: spec.items.map((i) => ({
          id: i.guid ?? i.url,
          url: i.url,
          title: i.title,
          ...(i.html !== undefined ? { content_html: i.html } : { content_text: i.description ?? '' }),
          ...(i.html !== undefined && i.description !== undefined ? { summary: i.description } : {}),
          ...(i.published ? { date_published: i.published.toISOString() } : {}),
          ...(i.author ? { authors: [{ name: i.author }] } : {}),
          ...(i.image ? { image: i.image } : {}),
        })),
      });
  }
}

/** How Google Alerts links to an article: through a google.com/url redirect. */
export function googleAlertsLink(url: string): string {
  return `https://www.google.com/url?rct=j&sa=t&url=${encodeURIComponent(url)}&ct=ga&cd=CAIyGjM4&usg=AOvVaw0`;
}

// Google Alerts highlights the matched keywords with <b>.
const boldFirstWord = (title: string) => title.replace(/^(\S+)/, '<b>$1</b>');
