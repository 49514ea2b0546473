import { createHash } from 'node:crypto';

/** The unique key of `articles.url_key` / `saved_articles.url_key`: sha256 hex of the canonical URL. */
export function urlKey(canonical: string): string {
  return createHash('sha256').update(canonical, 'utf8').digest('hex');
}
