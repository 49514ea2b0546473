import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { articles, websiteAuthors } from '../../db/schema/coverage.js';

export type NewArchiveArticle = typeof articles.$inferInsert;

/** How many rows one insert statement carries (parameters stay well under PostgreSQL's limit). */
const CHUNK = 500;

/**
 * Stores ready-made archive rows in bulk (the demo archive: its rows are generated whole, with
 * nothing to normalize or match), CHUNK rows a statement, in order. Returns the stored rows'
 * columns that the caller files the articles by.
 */
export async function insertArchiveArticles(tx: Tx, rows: NewArchiveArticle[]) {
  const inserted = [];
  for (let i = 0; i < rows.length; i += CHUNK) {
    inserted.push(
      ...(await tx.insert(articles).values(rows.slice(i, i + CHUNK)).returning({
        id: articles.id, title: articles.title, description: articles.description, pubDate: articles.pubDate, reach: articles.reach,
        language: articles.language, isMetacritic: articles.isMetacritic, url: articles.url, urlKey: articles.urlKey,
        fullUrl: articles.fullUrl, websiteId: articles.websiteId, muv: articles.muv,
      })),
    );
  }
  return inserted;
}

/** Stores the authors' article counts of a bulk-loaded archive (one statement). */
export async function insertWebsiteAuthors(tx: Tx, counts: { websiteId: number; author: string; articlesCount: number }[]): Promise<void> {
  if (counts.length) await tx.insert(websiteAuthors).values(counts);
}

/** Sets every feed's `articles_added` to the archive's count of its articles (after a bulk load). */
export async function recountFeedArticles(tx: Tx): Promise<void> {
  await tx.execute(sql`update feeds set articles_added = (select count(*) from articles where articles.feed_id = feeds.id)`);
}
