import { and, asc, count, eq, getTableColumns, gte, ilike, inArray, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client.js';
import { alertArticles, articleKeys, articles, savedArticles, websites } from '../../db/schema/coverage.js';
import { tags } from '../../db/schema/workspace.js';
import { containsPattern, idFilter, orderTerms, pageWindow, parseBooleanFilter, splitTotal, totalOver } from '../../db/paging.js';
import { errorObject, ValidationError } from '../../http/errors.js';
import type { ListParams } from '../../http/jsonapi.js';
import { dayOf, dayRange, dayStart } from '../../../common/dates.js';
import { facetConditions } from './facets.js';
import { estimatedViewsSql } from '../../db/media-sql.js';

export type SavedArticle = typeof savedArticles.$inferSelect;
/** A saved article with its tag's name and where its outlet's monthly visitors come from (websites.muv_source). */
export type SavedArticleRow = SavedArticle & { tagName: string; muvSource: string | null };
export type NewSavedArticle = Omit<typeof savedArticles.$inferInsert, 'id' | 'organizationId' | 'insertedAt' | 'updatedAt'>;
export type ArchiveArticle = typeof articles.$inferSelect;
export type Website = typeof websites.$inferSelect;

export const ARTICLE_SORTS = ['date', 'title', 'reach', 'language', 'media', 'inserted_at'] as const;
export const ARTICLE_FILTERS = [
  'project_id',
  'tag_id',
  'search',
  'locked',
  'languages',
  'startDate',
  'endDate',
  'minScore',
  'maxScore',
  'ids_list',
  // A report's articles, and the new-report wizard's criteria (001 §7 "New-report filter").
  'report_id',
  'date_range',
  'tags',
  'tags_not',
  'languages_not',
] as const;

/** The media column: the host without scheme and `www.` (what `domainOf` gives), from the canonical URL. */
const mediaExpr = sql`regexp_replace(regexp_replace(${savedArticles.url}, '^[a-z]+://(www\\.)?', ''), '[/:?#].*$', '')`;

const badFilter = (name: string, detail: string) => new ValidationError([errorObject('bad_request', detail, { parameter: `filter[${name}]` })], 'bad_request');

function numberFilter(params: ListParams, name: string): number | undefined {
  const raw = params.filter[name];
  if (raw === undefined || raw === '') return undefined;
  const n = Number(raw);
  if (!Number.isFinite(n)) throw badFilter(name, `${name} must be a number`);
  return n;
}

/** A date filter; a bare calendar day as the end of a range includes that whole day. */
function dateFilter(params: ListParams, name: string, endOfRange: boolean): { value: Date; exclusive: boolean } | undefined {
  const raw = params.filter[name];
  if (raw === undefined || raw === '') return undefined;
  const t = Date.parse(raw);
  if (Number.isNaN(t)) throw badFilter(name, `${name} must be a date`);
  if (endOfRange && /^\d{4}-\d{2}-\d{2}$/.test(raw.trim())) return { value: new Date(t + 86400_000), exclusive: true };
  return { value: new Date(t), exclusive: false };
}

function listFilter(params: ListParams, name: string): string[] | undefined {
  const raw = params.filter[name];
  if (raw === undefined || raw === '') return undefined;
  return raw
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);
}

function idsFilter(params: ListParams, name: string): number[] | undefined {
  const list = listFilter(params, name);
  if (!list) return undefined;
  const ids = list.map(Number);
  if (ids.some((n) => !Number.isInteger(n) || n < 1)) throw badFilter(name, `${name} must be a comma-separated list of ids`);
  return ids;
}

/** `filter[date_range]=from,to` (inclusive days, YYYY-MM-DD) as instants. */
function dateRangeFilter(params: ListParams): { start: Date; endExclusive: Date } | undefined {
  const raw = params.filter.date_range;
  if (raw === undefined || raw === '') return undefined;
  const days = raw.split(',').map((d) => d.trim());
  const valid =
    days.length === 2 &&
    days.every((d) => /^\d{4}-\d{2}-\d{2}$/.test(d) && !Number.isNaN(dayStart(d).getTime()) && dayOf(dayStart(d)) === d) &&
    days[0] <= days[1];
  if (!valid) throw badFilter('date_range', 'date_range must be two dates, from,to (YYYY-MM-DD), from not after to');
  return dayRange(days[0], days[1]);
}

/**
 * The WHERE of the saved-coverage list; throws 400 (with the parameter) on unreadable values.
 * `scope` narrows it further (a report's criteria). The wizard's criteria filters select as a
 * report does (reports/criteria.ts): with `date_range`, archived articles are left out unless
 * `locked` says otherwise.
 */
export function listConditions(orgId: number, projectId: number, params: ListParams, scope?: SQL): SQL | undefined {
  const tagId = idFilter(params, 'tag_id');
  const range = dateRangeFilter(params);
  const locked = parseBooleanFilter(params.filter.locked) ?? (range ? false : undefined);
  const facets = facetConditions({
    tagsId: idsFilter(params, 'tags') ?? [],
    tagsNot: idsFilter(params, 'tags_not') ?? [],
    languages: [],
    languagesNot: listFilter(params, 'languages_not') ?? [],
  });
  const languages = listFilter(params, 'languages');
  const start = dateFilter(params, 'startDate', false);
  const end = dateFilter(params, 'endDate', true);
  const minScore = numberFilter(params, 'minScore');
  const maxScore = numberFilter(params, 'maxScore');
  const ids = idsFilter(params, 'ids_list');
  const pattern = params.search ? containsPattern(params.search) : undefined;
  return and(
    eq(savedArticles.organizationId, orgId),
    eq(savedArticles.projectId, projectId),
    tagId !== undefined ? eq(savedArticles.tagId, tagId) : undefined,
    locked !== undefined ? eq(savedArticles.locked, locked) : undefined,
    languages ? inArray(savedArticles.language, languages) : undefined,
    start ? gte(savedArticles.date, start.value) : undefined,
    end ? (end.exclusive ? lt(savedArticles.date, end.value) : lte(savedArticles.date, end.value)) : undefined,
    minScore !== undefined ? gte(savedArticles.reach, minScore) : undefined,
    maxScore !== undefined ? lte(savedArticles.reach, maxScore) : undefined,
    ids ? inArray(savedArticles.id, ids) : undefined,
    pattern ? or(ilike(savedArticles.title, pattern), ilike(savedArticles.url, pattern)) : undefined,
    range ? gte(savedArticles.date, range.start) : undefined,
    range ? lt(savedArticles.date, range.endExclusive) : undefined,
    ...facets,
    scope,
  );
}

const SORT_COLUMNS = {
  date: savedArticles.date,
  title: sql`lower(${savedArticles.title})`,
  reach: savedArticles.reach,
  language: savedArticles.language,
  media: mediaExpr,
  inserted_at: savedArticles.insertedAt,
};

/** One page of a project's saved coverage, with the tag names, and the total. */
export async function listSavedArticles(db: Tx, orgId: number, projectId: number, params: ListParams, scope?: SQL) {
  const where = listConditions(orgId, projectId, params, scope);
  const { limit, offset } = pageWindow(params);
  const rows = await db
    .select({ ...getTableColumns(savedArticles), tagName: tags.name, muvSource: websites.muvSource, total: totalOver })
    .from(savedArticles)
    .innerJoin(tags, eq(tags.id, savedArticles.tagId))
    .leftJoin(websites, eq(websites.id, savedArticles.websiteId))
    .where(where)
    .orderBy(...orderTerms(params, SORT_COLUMNS, savedArticles.id))
    .limit(limit)
    .offset(offset);
  return splitTotal(rows, params, async () => (await db.select({ n: count() }).from(savedArticles).where(where))[0].n);
}

export async function findSavedArticle(db: Tx, orgId: number, id: number): Promise<SavedArticleRow | undefined> {
  const [row] = await db
    .select({ ...getTableColumns(savedArticles), tagName: tags.name, muvSource: websites.muvSource })
    .from(savedArticles)
    .innerJoin(tags, eq(tags.id, savedArticles.tagId))
    .leftJoin(websites, eq(websites.id, savedArticles.websiteId))
    .where(and(eq(savedArticles.organizationId, orgId), eq(savedArticles.id, id)));
  return row;
}

/** Saves one article unless the project already has its URL; undefined when it had. */
export async function insertSavedArticle(db: Tx, orgId: number, values: NewSavedArticle): Promise<SavedArticle | undefined> {
  const [row] = await db
    .insert(savedArticles)
    .values({ ...values, organizationId: orgId })
    .onConflictDoNothing({ target: [savedArticles.projectId, savedArticles.urlKey] })
    .returning();
  return row;
}

/** Saves many articles in one statement; returns the url keys that were new to their project. */
export async function insertSavedArticles(db: Tx, orgId: number, values: NewSavedArticle[]): Promise<SavedArticle[]> {
  if (values.length === 0) return [];
  return db
    .insert(savedArticles)
    .values(values.map((v) => ({ ...v, organizationId: orgId })))
    .onConflictDoNothing({ target: [savedArticles.projectId, savedArticles.urlKey] })
    .returning();
}

export async function updateSavedArticle(db: Tx, orgId: number, id: number, set: PgUpdateSetSource<typeof savedArticles>): Promise<SavedArticle | undefined> {
  const [row] = await db
    .update(savedArticles)
    .set({ ...set, updatedAt: new Date() })
    .where(and(eq(savedArticles.organizationId, orgId), eq(savedArticles.id, id)))
    .returning();
  return row;
}

export async function deleteSavedArticle(db: Tx, orgId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(savedArticles)
    .where(and(eq(savedArticles.organizationId, orgId), eq(savedArticles.id, id)))
    .returning({ id: savedArticles.id });
  return rows.length > 0;
}

/**
 * Saves many articles in one statement and returns only the archive ids that were saved (a
 * URL the project already has is skipped by its unique key, so each row is saved whole or not).
 */
export async function insertSavedArchiveIds(db: Tx, orgId: number, values: NewSavedArticle[]): Promise<Set<number>> {
  if (values.length === 0) return new Set();
  const rows = await db
    .insert(savedArticles)
    .values(values.map((v) => ({ ...v, organizationId: orgId })))
    .onConflictDoNothing({ target: [savedArticles.projectId, savedArticles.urlKey] })
    .returning({ articleId: savedArticles.articleId });
  return new Set(rows.map((r) => Number(r.articleId)));
}

/** The url keys among `keys` that the project has already saved. */
export async function savedUrlKeys(db: Tx, orgId: number, projectId: number, keys: string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await db
    .select({ k: savedArticles.urlKey })
    .from(savedArticles)
    .where(and(eq(savedArticles.organizationId, orgId), eq(savedArticles.projectId, projectId), inArray(savedArticles.urlKey, keys)));
  return new Set(rows.map((r) => r.k));
}

// Websites and the archive are shared by every organization (not tenant data).

/** common/media-score.ts estimatedViews in SQL (server/db/media-sql.ts, shared with the archive's rescoring). */
export { estimatedViewsSql };

/**
 * Saved articles of these websites take their website's visitors and estimated views, and its
 * score unless a person typed the article's (`reach_manual`). Rows already equal are left alone
 * (no write, no dead tuple). Every organization's coverage: the score is the outlet's, not a
 * tenant's. Returns the rows changed.
 */
export async function rescoreSavedArticleRows(db: Tx, websiteIds: number[]): Promise<number> {
  if (websiteIds.length === 0) return 0;
  const views = estimatedViewsSql(sql`w.muv`);
  const result = await db.execute(sql`
    update ${savedArticles} s
       set reach = case when s.reach_manual then s.reach else w.reach end,
           muv = w.muv,
           estimated_views = ${views}
      from ${websites} w
     where w.id = s.website_id
       and s.website_id = any(${sql.param(websiteIds)}::int[])
       and ((not s.reach_manual and s.reach is distinct from w.reach)
            or s.muv is distinct from w.muv
            or s.estimated_views is distinct from ${views})`);
  return result.rowCount ?? 0;
}

/** Archive articles by URL key: the key table gives each one's id and month, then its row is read by both. */
export async function findArchiveByUrlKeys(db: Tx, keys: string[]): Promise<Map<string, ArchiveArticle>> {
  if (keys.length === 0) return new Map();
  const rows = await db
    .select(getTableColumns(articles))
    .from(articleKeys)
    .innerJoin(articles, and(eq(articles.id, articleKeys.articleId), eq(articles.pubDate, articleKeys.pubDate)))
    .where(inArray(articleKeys.urlKey, keys));
  return new Map(rows.map((r) => [r.urlKey, r]));
}

/** Archive articles among `ids` that are in the alert's feed (not deleted from it). */
export async function findFeedArticles(db: Tx, orgId: number, alertId: number, ids: number[]): Promise<ArchiveArticle[]> {
  if (ids.length === 0) return [];
  return db
    .select(getTableColumns(articles))
    .from(alertArticles)
    .innerJoin(articles, and(eq(articles.id, alertArticles.articleId), eq(articles.pubDate, alertArticles.pubDate)))
    .where(
      and(eq(alertArticles.organizationId, orgId), eq(alertArticles.alertId, alertId), inArray(alertArticles.articleId, ids), isNull(alertArticles.deletedAt)),
    )
    .orderBy(asc(articles.id));
}

/** The URL of an archive article that is in one of the organization's alert feeds. */
export async function findOrgFeedArticleUrl(db: Tx, orgId: number, articleId: number): Promise<string | undefined> {
  const [row] = await db
    .select({ url: articles.fullUrl })
    .from(alertArticles)
    .innerJoin(articles, and(eq(articles.id, alertArticles.articleId), eq(articles.pubDate, alertArticles.pubDate)))
    .where(and(eq(alertArticles.organizationId, orgId), eq(alertArticles.articleId, articleId)))
    .limit(1);
  return row?.url;
}
