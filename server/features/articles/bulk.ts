import { MSG } from '../../../common/messages.js';
import { isBulkLink, type BulkResult, type BulkRowResult } from '../../../common/schemas/articles.js';
import type { Tx } from '../../db/client.js';
import { findArchiveByUrlKeys, findFeedArticles, insertSavedArticle, insertSavedArticles, savedUrlKeys } from './repo.js';
import { composeSavedArticle, linkKey, requireActiveTag, tryExtract, websiteFor, type ArticleDeps } from './service.js';
import { getAlert, hideFeedArticles } from '../alerts/service.js';

/**
 * The per-row reasons of a bulk result, shown as they are next to each link. A duplicate's
 * reason says "already exists", which is how the spec tells a KO row (000 §4).
 */
export const BULK_REASONS = {
  exists: 'This article already exists on Saved Coverage',
  invalidUrl: MSG.articles.invalidUrl,
  notFound: 'This article is not in the feed',
  error: MSG.articles.bulkFailed,
} as const;

export type BulkOutcome = BulkResult;

/** Pages read at once during an import: enough to hide latency, few enough to stay polite. */
export const IMPORT_CONCURRENCY = 4;
/** Per link: a slow site must not hold a 999-link import for long. */
export const IMPORT_LINK_TIMEOUT_MS = 10_000;

const TAG_POINTER = '/data/attributes/tag_id';

const outcome = (results: BulkRowResult[]): BulkOutcome => {
  const success = results.filter((r) => r.status === 'OK').length;
  return { success, failed: results.length - success, results };
};

/** Runs `fn` over `items` with at most `limit` running at a time; results keep the input order. */
export async function mapLimit<T, R>(items: T[], limit: number, fn: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i], i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}

/**
 * Imports links into a tag's project. Each link stands alone: an invalid link, one the project
 * already has, or a failure while saving is a KO row and the others go on. A link the archive
 * knows is copied from it; any other page is read for its title, date and language, and saved
 * with the spec defaults (and a warning on its row) when that fails.
 */
export async function importLinks(
  deps: ArticleDeps,
  orgId: number,
  input: { tagId: number; urls: string[] },
  opts: { concurrency?: number; timeoutMs?: number } = {},
): Promise<BulkOutcome> {
  const { db } = deps;
  const tag = await requireActiveTag(db, orgId, input.tagId, TAG_POINTER);
  const links = input.urls.map((raw) => {
    const url = raw.trim();
    return { url, link: isBulkLink(url) ? linkKey(url) : null };
  });
  const keys = links.flatMap((l) => (l.link ? [l.link.key] : []));
  const existing = await savedUrlKeys(db, orgId, tag.projectId, keys);
  const archive = await findArchiveByUrlKeys(db, keys);
  const seen = new Set<string>();

  const results = await mapLimit(links, opts.concurrency ?? IMPORT_CONCURRENCY, async ({ url, link }): Promise<BulkRowResult> => {
    if (!link) return { url, status: 'KO', reason: BULK_REASONS.invalidUrl };
    // A link given twice is saved once; the second is a duplicate like any other.
    if (existing.has(link.key) || seen.has(link.key)) return { url, status: 'KO', reason: BULK_REASONS.exists };
    seen.add(link.key);
    try {
      const known = archive.get(link.key);
      const page = known ? null : await tryExtract(deps, link.fetchUrl, opts.timeoutMs ?? IMPORT_LINK_TIMEOUT_MS);
      const website = await websiteFor(db, link.canonical, null, known);
      const { values, missing } = composeSavedArticle(tag, { ...link, fullUrl: url }, { archive: known, page, website });
      const row = await insertSavedArticle(db, orgId, values);
      if (!row) return { url, status: 'KO', reason: BULK_REASONS.exists };
      const ok: BulkRowResult = { url, status: 'OK', reason: null, article_id: String(row.id) };
      if (missing) ok.warning = MSG.articles.missingData;
      return ok;
    } catch {
      return { url, status: 'KO', reason: BULK_REASONS.error };
    }
  });
  return outcome(results);
}

const uniqueIds = (ids: number[]) => [...new Set(ids)];

/**
 * Saves articles of an alert's feed under a tag, copying them from the archive. Ids that are
 * not in that feed are KO `not found`; those the project already has are KO `already exists`.
 * 404 when the alert is not the organization's.
 */
export async function saveFeedArticles(db: Tx, orgId: number, input: { ids: number[]; tagId: number; alertId: number }): Promise<BulkOutcome> {
  const tag = await requireActiveTag(db, orgId, input.tagId, TAG_POINTER);
  await getAlert(db, orgId, input.alertId); // 404 for another organization's alert
  const ids = uniqueIds(input.ids);
  const found = await findFeedArticles(db, orgId, input.alertId, ids);
  const values = found.map((a) => composeSavedArticle(tag, { canonical: a.url, key: a.urlKey, fullUrl: a.fullUrl }, { archive: a }).values);
  // One statement: each row is saved or skipped whole, and a conflict skips only its row.
  const inserted = new Map((await insertSavedArticles(db, orgId, values)).map((r) => [r.articleId, r.id]));
  const inFeed = new Set(found.map((a) => a.id));
  return outcome(
    ids.map((id): BulkRowResult => {
      if (!inFeed.has(id)) return { id: String(id), status: 'KO', reason: BULK_REASONS.notFound };
      const saved = inserted.get(id);
      return saved === undefined
        ? { id: String(id), status: 'KO', reason: BULK_REASONS.exists }
        : { id: String(id), status: 'OK', reason: null, article_id: String(saved) };
    }),
  );
}

/**
 * Removes articles from an alert's feed: hidden, and never matched to it again. Ids not in the
 * feed are KO `not found`. 404 when the alert is not the organization's.
 */
export async function deleteFeedArticles(db: Tx, orgId: number, input: { ids: number[]; alertId: number }): Promise<BulkOutcome> {
  await getAlert(db, orgId, input.alertId); // 404 for another organization's alert
  const ids = uniqueIds(input.ids);
  const hidden = await hideFeedArticles(db, orgId, input.alertId, ids);
  return outcome(
    ids.map((id): BulkRowResult =>
      hidden.has(id) ? { id: String(id), status: 'OK', reason: null } : { id: String(id), status: 'KO', reason: BULK_REASONS.notFound },
    ),
  );
}
