import { esc } from './feeds-render.js';

/**
 * Renders sitemaps in the wire formats of reference §14: a plain `<urlset>`, a `<sitemapindex>`
 * and a Google News sitemap (Google's layout, `news:` and `image:` prefixes).
 */

export interface NewsArticle {
  url: string;
  title: string;
  /** Omitted → no `news:publication_date` at all. */
  published?: Date;
  /** As written in the sitemap ('en', 'zh-cn'); default 'en'. */
  language?: string;
  image?: string;
}

const PROLOG = '<?xml version="1.0" encoding="UTF-8"?>\n';
const SITEMAP_NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

export function renderNewsSitemap(publication: string, articles: NewsArticle[]): string {
  const urls = articles.map((a) =>
    [
      `<url><loc>${esc(a.url)}</loc>`,
      a.image ? `<image:image><image:loc>${esc(a.image)}</image:loc></image:image>` : '',
      `<news:news><news:publication><news:name>${esc(publication)}</news:name><news:language>${a.language ?? 'en'}</news:language></news:publication>`,
      a.published ? `<news:publication_date>${a.published.toISOString()}</news:publication_date>` : '',
      `<news:title>${esc(a.title)}</news:title></news:news></url>`,
    ].join(''),
  );
  return `${PROLOG}<urlset xmlns="${SITEMAP_NS}" xmlns:news="http://www.google.com/schemas/sitemap-news/0.9" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1">\n${urls.join('\n')}\n</urlset>\n`;
}

export function renderUrlset(urls: string[]): string {
  return `${PROLOG}<urlset xmlns="${SITEMAP_NS}">\n${urls.map((u) => `<url><loc>${esc(u)}</loc><changefreq>daily</changefreq></url>`).join('\n')}\n</urlset>\n`;
}

export function renderSitemapIndex(sitemaps: { url: string; lastmod?: Date }[]): string {
  const entries = sitemaps.map((s) => `<sitemap><loc>${esc(s.url)}</loc>${s.lastmod ? `<lastmod>${s.lastmod.toISOString()}</lastmod>` : ''}</sitemap>`);
  return `${PROLOG}<sitemapindex xmlns="${SITEMAP_NS}">\n${entries.join('\n')}\n</sitemapindex>\n`;
}
