import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { LIMITS } from '../../../common/limits.js';
import { MSG } from '../../../common/messages.js';
import { estimatedViews } from '../../../common/media-score.js';
import { ARTICLE_DEFAULTS } from '../../../common/schemas/articles.js';
import { canonicalUrl, domainOf, normalizeUserUrl } from '../../../common/url.js';
import type { Config } from '../../config.js';
import type { Db, Tx } from '../../db/client.js';
import type { savedArticles } from '../../db/schema/coverage.js';
import { fieldError, notFound } from '../../http/errors.js';
import { urlKey } from '../../net/url-key.js';
import { extractPage, type ExtractedPage } from '../../net/extract.js';
import {
  findArchiveByUrlKeys,
  findOrgFeedArticleUrl,
  findSavedArticle,
  insertSavedArchiveIds,
  insertSavedArticle,
  rescoreSavedArticleRows,
  savedUrlKeys,
  updateSavedArticle,
  type ArchiveArticle,
  type NewSavedArticle,
  type SavedArticleRow,
  type Website,
} from './repo.js';
import { findTag, type TagRow } from '../tags/service.js';
import { findWebsiteByDomain, findWebsiteById } from '../websites/service.js';

export interface ArticleDeps {
  db: Db;
  config: Config;
}

type Tag = TagRow;

export const DEFAULT_DATE = new Date(ARTICLE_DEFAULTS.date);

/** The catalogue's 422 for a URL the project has already saved. */
export const alreadyExists = (pointer = '/data/attributes/url') => fieldError(pointer, MSG.articles.alreadyExists);

/** The organization's active tag, or 422 at `pointer` (missing, archived and foreign tags alike). */
export async function requireActiveTag(db: Tx, orgId: number, tagId: number | undefined, pointer: string): Promise<Tag> {
  if (tagId === undefined) throw fieldError(pointer, MSG.articles.tagRequired);
  const tag = await findTag(db, orgId, tagId);
  if (!tag || tag.locked) throw fieldError(pointer, MSG.articles.tagInactive);
  return tag;
}

/** A link as the user typed it → the URL we fetch, its canonical form and its key; null when invalid. */
export function linkKey(input: string): { fetchUrl: string; canonical: string; key: string } | null {
  const normalized = normalizeUserUrl(input);
  if (!normalized) return null;
  try {
    const canonical = canonicalUrl(normalized);
    return { fetchUrl: normalized, canonical, key: urlKey(canonical) };
  } catch {
    return null;
  }
}

export interface ArticleSources {
  /** What the user typed or chose (wins over everything). */
  given?: { title?: string; description?: string; language?: string; reach?: number; date?: Date };
  archive?: ArchiveArticle;
  page?: ExtractedPage | null;
  website?: Website;
}

const known = (lang: string | null | undefined) => (lang && lang !== 'unknown' ? lang : undefined);

/**
 * The saved row from what is known about a link, in order of trust: the user's values, the
 * archive's copy, the page itself, the website; then the spec defaults (language `unknown`,
 * media score 0.1, date 2010-01-01). `missing` is true when title, language or date fell back.
 * A score the user gives is theirs (`reachManual`); the estimated views are the archive's, else
 * computed from the outlet's monthly visitors (null when those are unknown).
 */
export function composeSavedArticle(
  tag: Tag,
  link: { canonical: string; key: string; fullUrl: string },
  src: ArticleSources,
): { values: NewSavedArticle; missing: boolean } {
  const { given = {}, archive, page, website } = src;
  const title = (given.title || archive?.title || page?.title || '').slice(0, LIMITS.titleMax);
  const language = known(given.language) ?? known(archive?.language) ?? known(page?.language) ?? ARTICLE_DEFAULTS.language;
  const date = given.date ?? archive?.pubDate ?? page?.publishedAt ?? null;
  const muv = archive?.muv ?? website?.muv ?? null;
  const values: NewSavedArticle = {
    projectId: tag.projectId,
    tagId: tag.id,
    articleId: archive?.id ?? null,
    urlKey: link.key,
    url: link.canonical,
    fullUrl: link.fullUrl,
    title,
    description: given.description ?? archive?.description ?? page?.excerpt ?? null,
    image: archive?.image ?? page?.image ?? null,
    language,
    reach: given.reach ?? archive?.reach ?? website?.reach ?? ARTICLE_DEFAULTS.reach,
    reachManual: given.reach !== undefined,
    date: date ?? DEFAULT_DATE,
    websiteId: website?.id ?? archive?.websiteId ?? null,
    muv,
    // The archive's figure when it has one (stored at ingest), else the same formula.
    estimatedViews: archive?.estimatedViews ?? estimatedViews(muv),
    isMetacritic: archive?.isMetacritic ?? website?.isMetacritic ?? false,
    source: archive?.source ?? 0,
  };
  return { values, missing: !title || language === ARTICLE_DEFAULTS.language || date === null };
}

/** The website of a link: the one named, else the archive's, else the one with the link's domain. */
export async function websiteFor(db: Tx, canonical: string, websiteId?: number | null, archive?: ArchiveArticle) {
  const id = websiteId ?? archive?.websiteId;
  if (id) {
    const w = await findWebsiteById(db, id);
    if (w) return w;
  }
  return findWebsiteByDomain(db, domainOf(canonical));
}

/**
 * Saves archive articles as coverage in one statement (rows composed by composeSavedArticle);
 * a URL the project already has is skipped. Returns the archive ids that were saved. Super
 * Search's "save results" writes saved articles through this.
 */
export async function saveArchiveArticles(tx: Tx, orgId: number, values: NewSavedArticle[]): Promise<Set<number>> {
  return insertSavedArchiveIds(tx, orgId, values);
}

/** Reads a page for its metadata; a page that cannot be read leaves the defaults (never fails the save). */
export async function tryExtract(deps: ArticleDeps, url: string, timeoutMs?: number): Promise<ExtractedPage | null> {
  try {
    return await extractPage(deps, url, { timeoutMs });
  } catch {
    return null;
  }
}

export interface CreateArticleInput {
  url: string;
  fullUrl?: string;
  title?: string;
  description?: string;
  language?: string;
  reach?: number;
  date?: Date;
  websiteId?: number | null;
  tagId?: number;
  tagPointer: string;
}

/**
 * Saves one article under a tag (the row's project is the tag's). Title, date or language left
 * out are taken from the archive when it has the URL, else read from the page. 422 when the
 * project already has the URL, when the link is invalid, or when the tag is not an active tag
 * of the organization.
 */
export async function createArticle(deps: ArticleDeps, orgId: number, input: CreateArticleInput): Promise<{ article: SavedArticleRow; missing: boolean }> {
  const { db } = deps;
  const tag = await requireActiveTag(db, orgId, input.tagId, input.tagPointer);
  const link = linkKey(input.url);
  if (!link) throw fieldError('/data/attributes/url', MSG.articles.invalidUrl);
  if (input.websiteId && !(await findWebsiteById(db, input.websiteId))) {
    throw fieldError('/data/attributes/website_id', 'This website is not known to Coverwatch');
  }
  // Checked before any fetch: an existing URL costs nothing to refuse.
  if ((await savedUrlKeys(db, orgId, tag.projectId, [link.key])).size) throw alreadyExists();
  const archive = (await findArchiveByUrlKeys(db, [link.key])).get(link.key);
  const needsPage = !archive && (!input.title || !input.date || !known(input.language));
  const page = needsPage ? await tryExtract(deps, link.fetchUrl) : null;
  const website = await websiteFor(db, link.canonical, input.websiteId, archive);
  const given = { title: input.title, description: input.description, language: input.language, reach: input.reach, date: input.date };
  const { values, missing } = composeSavedArticle(
    tag,
    { ...link, fullUrl: (input.fullUrl && normalizeUserUrl(input.fullUrl)) || link.fetchUrl },
    { given, archive, page, website },
  );
  const row = await insertSavedArticle(db, orgId, values);
  if (!row) throw alreadyExists();
  return { article: { ...row, tagName: tag.name, muvSource: website?.muvSource ?? null }, missing };
}

export interface ArticleChanges {
  title?: string;
  language?: string;
  reach?: number;
  reachManual?: boolean;
  date?: Date;
  locked?: boolean;
  tagId?: number;
  tagPointer: string;
}

function isUniqueViolation(err: unknown): boolean {
  for (let e = err as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) if (e.code === '23505') return true;
  return false;
}

/** Scores have one decimal: a form that sends the score back unchanged has not typed a new one. */
const sameScore = (a: number, b: number) => Math.abs(a - b) < 0.05;

/**
 * What an edit does to the score: a score that differs from the stored one was typed by a person
 * and is kept from then on (`reach_manual`); `reachManual: false` takes the outlet's score,
 * visitors and estimated views again (the spec's 0.1 without an outlet); `true` keeps the score.
 */
async function scoreChanges(db: Tx, current: SavedArticleRow, changes: ArticleChanges): Promise<PgUpdateSetSource<typeof savedArticles>> {
  if (changes.reachManual === false) {
    const website = current.websiteId ? await findWebsiteById(db, current.websiteId) : undefined;
    const muv = website ? website.muv : null;
    return { reachManual: false, reach: website?.reach ?? ARTICLE_DEFAULTS.reach, muv, estimatedViews: estimatedViews(muv) };
  }
  if (changes.reach !== undefined && !sameScore(changes.reach, current.reach)) return { reach: changes.reach, reachManual: true };
  return changes.reachManual ? { reachManual: true } : {};
}

/**
 * Edits a saved article. A new tag must be an active tag of the organization; the article moves
 * to that tag's project (422 when that project already has the URL). A new score is the
 * person's (see scoreChanges). 404 for another organization's article.
 */
export async function updateArticle(db: Db, orgId: number, id: number, changes: ArticleChanges): Promise<SavedArticleRow> {
  const current = await findSavedArticle(db, orgId, id);
  if (!current) throw notFound('article');
  const set: PgUpdateSetSource<typeof savedArticles> = {
    title: changes.title,
    language: changes.language,
    date: changes.date,
    locked: changes.locked,
    ...(await scoreChanges(db, current, changes)),
  };
  if (changes.tagId !== undefined) {
    const tag = await requireActiveTag(db, orgId, changes.tagId, changes.tagPointer);
    set.tagId = tag.id;
    set.projectId = tag.projectId;
  }
  try {
    if (!(await updateSavedArticle(db, orgId, id, set))) throw notFound('article');
  } catch (err) {
    if (isUniqueViolation(err)) throw alreadyExists(changes.tagPointer);
    throw err;
  }
  return (await findSavedArticle(db, orgId, id))!;
}

/**
 * After a change of these websites' scores or visitors (the rescoring job): their saved
 * articles, in every organization, take the website's monthly visitors and estimated views, and
 * its score unless a person typed the article's (`reach_manual`). Only rows that differ are
 * written; returns how many were.
 */
export async function rescoreSavedArticles(tx: Tx, websiteIds: number[]): Promise<number> {
  return rescoreSavedArticleRows(tx, [...new Set(websiteIds)]);
}

/**
 * The address of an article the organization can see, for its preview: an article of one of
 * its alert feeds (by archive id), else one of its saved articles. Undefined otherwise.
 */
export async function previewUrlOf(db: Tx, orgId: number, id: number): Promise<string | undefined> {
  return (await findOrgFeedArticleUrl(db, orgId, id)) ?? (await findSavedArticle(db, orgId, id))?.fullUrl;
}

// What the reports feature reads of saved coverage: a report's articles are the saved-coverage
// list narrowed by the report's criteria (facetConditions are its tag and language rules),
// answered with the list's presenter and CSV columns; its estimated views are added up with
// the formula the rows are written with (estimatedViewsSql).
export { ARTICLE_SORTS, estimatedViewsSql, listSavedArticles } from './repo.js';
export { ARTICLE_CSV_COLUMNS, articleResource } from './resource.js';
export { facetConditions, type ArticleFacets } from './facets.js';
