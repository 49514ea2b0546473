import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * For tests only: a local web site on 127.0.0.1 serving fixed pages by path, so the real
 * fetch and extraction code runs against real HTTP. Unknown paths answer 404.
 */
export interface TestSite {
  origin: string;
  url(path: string): string;
  /** Paths requested so far, in order. */
  hits: string[];
  close(): Promise<void>;
}

export interface TestPage {
  body: string | Buffer;
  type?: string;
  status?: number;
}

const LOREM =
  'The studio confirmed the release date during a live stream on Tuesday evening. Players will be able to explore ' +
  'a larger world, meet new characters and take on harder quests than in the previous game. ';

/** An article page with Open Graph tags, a JSON-LD date and enough text for Readability. */
export function articleHtml(opts: {
  title: string;
  lang?: string | null;
  published?: string | null;
  jsonLdDate?: string | null;
  image?: string | null;
  description?: string;
  siteName?: string;
  paragraphs?: number;
  body?: string;
}): string {
  const meta = [
    `<meta property="og:title" content="${opts.title}">`,
    opts.description ? `<meta property="og:description" content="${opts.description}">` : '',
    opts.image ? `<meta property="og:image" content="${opts.image}">` : '',
    opts.siteName ? `<meta property="og:site_name" content="${opts.siteName}">` : '',
    opts.published ? `<meta property="article:published_time" content="${opts.published}">` : '',
    opts.jsonLdDate
      ? `<script type="application/ld+json">${JSON.stringify({ '@context': 'https://schema.org', '@graph': [{ '@type': 'NewsArticle', headline: opts.title, datePublished: opts.jsonLdDate }] })}</script>`
      : '',
  ].join('\n');
  const text = opts.body ?? Array.from({ length: opts.paragraphs ?? 4 }, () => `<p>${LOREM.repeat(2)}</p>`).join('\n');
  const lang = opts.lang === null ? '' : ` lang="${opts.lang ?? 'en'}"`;
  return `<!doctype html><html${lang}><head><meta charset="utf-8"><title>${opts.title} | Site</title>${meta}</head>
<body><nav><a href="/">Home</a></nav><article><h1>${opts.title}</h1>${text}</article><footer>© Site</footer></body></html>`;
}

export async function startTestSite(pages: Record<string, TestPage | string>): Promise<TestSite> {
  const hits: string[] = [];
  const server = http.createServer((req, res) => {
    const path = req.url ?? '/';
    hits.push(path);
    const page = pages[path.split('#')[0]];
    if (page === undefined) {
      res.writeHead(404, { 'content-type': 'text/html' });
      res.end('<html><body>Not found</body></html>');
      return;
    }
    const p = typeof page === 'string' ? { body: page } : page;
    res.writeHead(p.status ?? 200, { 'content-type': p.type ?? 'text/html; charset=utf-8' });
    res.end(p.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    url: (path) => origin + path,
    hits,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
