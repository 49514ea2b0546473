/**
 * Test data for the alert and feed tests: archive articles written the way ingest writes them
 * (search vector from common/query's tokenizer), feed rows and alerts inserted directly.
 */
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { articleSearchText, tokenize } from '../../../common/query/tokenize.js';
import { toTsvectorLiteral } from '../../../common/query/postgres.js';
import type { Tx } from '../../db/client.js';

let seq = 0;

export async function insertWebsite(
  db: Tx,
  domain: string,
  opts: { reach?: number; muv?: number | null; geography?: { country_code_iso: string; visits: number }[] } = {},
): Promise<number> {
  const res = await db.execute<{ id: number }>(sql`
    insert into websites (domain, reach, muv, geography)
    values (${domain}, ${opts.reach ?? 1}, ${opts.muv ?? null}, ${JSON.stringify(opts.geography ?? [])}::jsonb)
    returning id`);
  return res.rows[0].id;
}

export async function insertFeed(db: Tx, websiteId: number, region: string | null): Promise<number> {
  const res = await db.execute<{ id: number }>(
    sql`insert into feeds (website_id, feed, region) values (${websiteId}, ${`https://feeds.example.test/${++seq}.xml`}, ${region}) returning id`,
  );
  return res.rows[0].id;
}

export interface ArticleSpec {
  title: string;
  description?: string;
  url?: string;
  pubDate?: Date | string;
  language?: string;
  reach?: number;
  websiteId?: number | null;
  feedId?: number | null;
  isMetacritic?: boolean;
  muv?: number | null;
  author?: string | null;
}

export async function insertArticle(db: Tx, a: ArticleSpec): Promise<{ id: number; url: string; urlKey: string }> {
  const url = a.url ?? `https://news.example.test/${Date.now().toString(36)}-${++seq}`;
  const urlKey = createHash('sha256').update(url).digest('hex');
  const description = a.description ?? '';
  const search = toTsvectorLiteral(tokenize(articleSearchText(a.title, description)));
  const pubDate = new Date(a.pubDate ?? Date.now()).toISOString();
  const res = await db.execute<{ id: number }>(sql`
    insert into articles (url_key, url, full_url, title, description, author, language, pub_date, website_id, feed_id,
                          reach, muv, is_metacritic, search)
    values (${urlKey}, ${url}, ${url + '?utm_source=feed'}, ${a.title}, ${description}, ${a.author ?? null}, ${a.language ?? 'en'},
            ${pubDate}::timestamptz, ${a.websiteId ?? null}, ${a.feedId ?? null}, ${a.reach ?? 1}, ${a.muv ?? null},
            ${a.isMetacritic ?? false}, ${search}::tsvector)
    returning id`);
  return { id: res.rows[0].id, url, urlKey };
}

/** An alert row without the service (no backfill): for feeds built by hand. */
export async function insertAlert(db: Tx, orgId: number, projectId: number, keywords = 'zelda', lastRunAt: Date | null = null): Promise<number> {
  const res = await db.execute<{ id: number }>(sql`
    insert into alerts (organization_id, project_id, name, keywords, last_run_at)
    values (${orgId}, ${projectId}, 'Feed alert', ${keywords}, ${lastRunAt?.toISOString() ?? null}::timestamptz) returning id`);
  const id = res.rows[0].id;
  await db.execute(sql`update projects set alert_id = ${id} where id = ${projectId}`);
  return id;
}

/** Puts an archive article in an alert's feed, copying its sort and filter columns as ingest does. */
export async function addToFeed(db: Tx, orgId: number, alertId: number, articleId: number, opts: { deleted?: boolean } = {}) {
  await db.execute(sql`
    insert into alert_articles (alert_id, article_id, organization_id, pub_date, reach, language, is_metacritic, deleted_at)
    select ${alertId}, a.id, ${orgId}, a.pub_date, a.reach, a.language, a.is_metacritic, ${opts.deleted ? sql`now()` : sql`null`}
      from articles a where a.id = ${articleId}`);
}

/** A saved-coverage row for the article in the project (what makes a feed row `saved`). */
export async function saveArticle(db: Tx, orgId: number, projectId: number, tagId: number, article: { id: number; url: string; urlKey: string }) {
  await db.execute(sql`
    insert into saved_articles (organization_id, project_id, tag_id, article_id, url_key, url, full_url, title, date)
    values (${orgId}, ${projectId}, ${tagId}, ${article.id}, ${article.urlKey}, ${article.url}, ${article.url}, 'Saved', now())`);
}

export const daysAgo = (n: number) => new Date(Date.now() - n * 86400_000);
