import { and, asc, count, desc, eq, getTableColumns, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client.js';
import { savedArticles, websites } from '../../db/schema/coverage.js';
import { reportHighlights, reports, screenshots } from '../../db/schema/reports.js';
import { projects, tags } from '../../db/schema/workspace.js';
import { idFilter, pageWindow } from '../../db/paging.js';
import type { ListParams } from '../../http/jsonapi.js';
import { criteriaCondition, type ReportCriteria } from './criteria.js';
import { estimatedViewsSql } from '../articles/service.js';
import { storyOfSql } from '../stories/service.js';

export type ReportRow = typeof reports.$inferSelect;
export type ReportListRow = ReportRow & { highlights: number };

export const REPORT_SORTS = ['inserted_at', 'updated_at', 'name', 'date_end'] as const;
export const REPORT_FILTERS = ['project_id'] as const;

/**
 * The media (outlet) of saved coverage: the canonical URL's host without port and `www.`, as the
 * articles list shows it. split_part on the canonical form (scheme://host/…) costs a tenth of a
 * regular expression over the whole URL, which matters at 10,000 rows per report.
 */
export const mediaSql = sql`regexp_replace(split_part(split_part(split_part(${savedArticles.url}, '://', 2), '/', 1), ':', 1), '^www\\.', '')`;

const highlightCount = sql<number>`(select count(*) from ${reportHighlights} where ${reportHighlights.reportId} = ${reports.id})`.mapWith(Number);

const sortColumns = {
  inserted_at: reports.insertedAt,
  updated_at: reports.updatedAt,
  name: sql`lower(${reports.name})`,
  date_end: reports.dateEnd,
};

export async function listReports(db: Tx, orgId: number, params: ListParams): Promise<{ rows: ReportListRow[]; total: number }> {
  const projectId = idFilter(params, 'project_id');
  const where = and(eq(reports.organizationId, orgId), projectId !== undefined ? eq(reports.projectId, projectId) : undefined);
  const { limit, offset } = pageWindow(params);
  const order = params.sort.map((s) => {
    const col = sortColumns[s.field as keyof typeof sortColumns];
    return s.desc ? desc(col) : asc(col);
  });
  const [rows, [{ n }]] = await Promise.all([
    db
      .select({ ...getTableColumns(reports), highlights: highlightCount })
      .from(reports)
      .where(where)
      .orderBy(...order, asc(reports.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(reports).where(where),
  ]);
  return { rows, total: n };
}

export async function findReport(db: Tx, orgId: number, id: string): Promise<ReportListRow | undefined> {
  const [row] = await db
    .select({ ...getTableColumns(reports), highlights: highlightCount })
    .from(reports)
    .where(and(eq(reports.organizationId, orgId), eq(reports.id, id)));
  return row;
}

/**
 * The public path (`/p/…`): a report by its id alone. The id is the public link's secret
 * (16 random bytes), so knowing it is the permission; nothing else is reachable from it.
 */
export async function findPublicReport(db: Tx, id: string): Promise<ReportListRow | undefined> {
  const [row] = await db
    .select({ ...getTableColumns(reports), highlights: highlightCount })
    .from(reports)
    .where(eq(reports.id, id));
  return row;
}

export async function findProjectCard(db: Tx, orgId: number, projectId: number) {
  const [row] = await db
    .select({ id: projects.id, name: projects.name, avatar: projects.avatar })
    .from(projects)
    .where(and(eq(projects.organizationId, orgId), eq(projects.id, projectId)));
  return row;
}

export async function countReports(db: Tx, orgId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(reports).where(eq(reports.organizationId, orgId));
  return row.n;
}

export async function insertReport(db: Tx, orgId: number, values: Omit<typeof reports.$inferInsert, 'organizationId'>): Promise<ReportRow> {
  const [row] = await db
    .insert(reports)
    .values({ ...values, organizationId: orgId })
    .returning();
  return row;
}

export async function insertHighlights(db: Tx, reportId: string, savedArticleIds: number[]): Promise<void> {
  if (savedArticleIds.length === 0) return;
  await db.insert(reportHighlights).values(savedArticleIds.map((id, position) => ({ reportId, savedArticleId: id, position })));
}

export async function updateReport(db: Tx, orgId: number, id: string, set: PgUpdateSetSource<typeof reports>): Promise<boolean> {
  const rows = await db
    .update(reports)
    .set({ ...set, updatedAt: new Date() })
    .where(and(eq(reports.organizationId, orgId), eq(reports.id, id)))
    .returning({ id: reports.id });
  return rows.length > 0;
}

export async function deleteReport(db: Tx, orgId: number, id: string): Promise<boolean> {
  const rows = await db
    .delete(reports)
    .where(and(eq(reports.organizationId, orgId), eq(reports.id, id)))
    .returning({ id: reports.id });
  return rows.length > 0;
}

/** Ids among `ids` that are saved articles the criteria select (highlights must be inside the report). */
export async function savedArticlesInCriteria(db: Tx, orgId: number, criteria: ReportCriteria, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: savedArticles.id })
    .from(savedArticles)
    .where(and(criteriaCondition(orgId, criteria), sql`${savedArticles.id} = any(${sql.param(ids)}::int[])`));
  return new Set(rows.map((r) => r.id));
}

export interface HighlightRow {
  savedArticleId: number;
  url: string;
  fullUrl: string;
  title: string;
  media: string;
  reach: number;
  date: Date;
  status: string | null;
  source: string | null;
  imageKey: string | null;
  updatedAt: Date | null;
}

/** A report's highlighted articles with their pictures, highest reach first. */
export async function listHighlights(db: Tx, orgId: number, reportId: string): Promise<HighlightRow[]> {
  return db
    .select({
      savedArticleId: reportHighlights.savedArticleId,
      url: savedArticles.url,
      fullUrl: savedArticles.fullUrl,
      title: savedArticles.title,
      media: sql<string>`${mediaSql}`,
      reach: savedArticles.reach,
      date: savedArticles.date,
      status: screenshots.status,
      source: screenshots.source,
      imageKey: screenshots.imageKey,
      updatedAt: screenshots.updatedAt,
    })
    .from(reportHighlights)
    .innerJoin(savedArticles, and(eq(savedArticles.id, reportHighlights.savedArticleId), eq(savedArticles.organizationId, orgId)))
    .leftJoin(screenshots, eq(screenshots.savedArticleId, reportHighlights.savedArticleId))
    .where(eq(reportHighlights.reportId, reportId))
    .orderBy(desc(savedArticles.reach), asc(reportHighlights.position));
}

/** True when the saved article is one of the report's highlights. */
export async function isHighlighted(db: Tx, reportId: string, savedArticleId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: reportHighlights.savedArticleId })
    .from(reportHighlights)
    .where(and(eq(reportHighlights.reportId, reportId), eq(reportHighlights.savedArticleId, savedArticleId)));
  return !!row;
}

export interface GroupRow {
  /** Which grouping set: 'total', 'bucket', 'language' or 'tag'. */
  set: 'total' | 'bucket' | 'language' | 'tag';
  bucket: number | null;
  language: string | null;
  tagId: number | null;
  articles: number;
  reach: number;
  umv: number;
  /** Estimated views added up; articles whose outlet's visitors are unknown; those known, by source. */
  views: number;
  unknownVisitors: number;
  similarweb: number;
  estimate: number;
  manual: number;
  media: number;
  /** Distinct stories (issue 32): an archive article counts once per story, a link saved by hand as a story of its own. */
  stories: number;
}

/**
 * Totals and chart series of the articles a criteria selects, in one scan of the project's
 * range (saved_articles_org_project_idx): grouping sets for the grand total, the trend
 * buckets (`stepDays` wide from the start), languages and tags. Distinct media are counted by
 * marking each outlet's first row (a window) rather than `count(distinct)`, which would make
 * PostgreSQL sort the rows once per grouping set instead of hashing them in one pass.
 * `media` is meaningful on the total row only. The outlet's website gives where an article's
 * visitors come from (a join on its key); an article saved before estimated views were stored
 * gets the formula's figure from its visitors.
 */
export async function aggregateCriteria(
  db: Tx,
  orgId: number,
  criteria: ReportCriteria,
  stepDays: number,
  opts: { facets?: boolean } = {},
): Promise<GroupRow[]> {
  const where = criteriaCondition(orgId, criteria, opts);
  const startEpoch = criteria.start.getTime() / 1000;
  const views = sql`coalesce(${savedArticles.estimatedViews}, ${estimatedViewsSql(sql`${savedArticles.muv}`)})`;
  const { rows } = await db.execute<{
    g: number;
    bucket: number | null;
    language: string | null;
    tag_id: number | null;
    articles: number;
    reach: number;
    umv: number;
    views: number;
    unknown_visitors: number;
    similarweb: number;
    estimate: number;
    manual: number;
    media: number;
    stories: number;
  }>(sql`
    select grouping(bucket, language, tag_id) as g, bucket, language, tag_id, count(*)::int as articles,
           coalesce(sum(reach), 0)::float8 as reach, coalesce(sum(muv), 0)::float8 as umv, sum(first_of_media)::int as media,
           sum(first_of_story)::int as stories,
           coalesce(sum(views), 0)::float8 as views, count(*) filter (where muv is null)::int as unknown_visitors,
           count(*) filter (where muv is not null and muv_source = 'similarweb')::int as similarweb,
           count(*) filter (where muv is not null and muv_source = 'estimate')::int as estimate,
           count(*) filter (where muv is not null and muv_source = 'manual')::int as manual
      from (select floor((date_part('epoch', ${savedArticles.date}) - ${startEpoch}) / ${stepDays * 86400})::int as bucket,
                   ${savedArticles.language} as language, ${savedArticles.tagId} as tag_id, ${savedArticles.reach}::float8 as reach,
                   ${savedArticles.muv} as muv, ${views} as views, ${websites.muvSource} as muv_source,
                   (row_number() over (partition by ${mediaSql}) = 1)::int as first_of_media,
                   (row_number() over (partition by case when sa.id is null then -${savedArticles.id} else ${storyOfSql(sql`${orgId}::int`, sql.raw('sa'))} end) = 1)::int as first_of_story
              from ${savedArticles} left join ${websites} on ${websites.id} = ${savedArticles.websiteId}
              left join article_keys sk on sk.article_id = ${savedArticles.articleId}
              left join articles sa on sa.id = sk.article_id and sa.pub_date = sk.pub_date
             where ${where}) s
     group by grouping sets ((), (bucket), (language), (tag_id))`);
  // grouping() bits, left to right: bucket 4, language 2, tag_id 1 (a set sets the bits of what it leaves out).
  const setOf = (g: number): GroupRow['set'] => (g === 7 ? 'total' : g === 3 ? 'bucket' : g === 5 ? 'language' : 'tag');
  return rows.map((r) => ({
    set: setOf(Number(r.g)),
    bucket: r.bucket === null ? null : Number(r.bucket),
    language: r.language,
    tagId: r.tag_id === null ? null : Number(r.tag_id),
    articles: Number(r.articles),
    reach: Number(r.reach),
    umv: Number(r.umv),
    views: Number(r.views),
    unknownVisitors: Number(r.unknown_visitors),
    similarweb: Number(r.similarweb),
    estimate: Number(r.estimate),
    manual: Number(r.manual),
    media: Number(r.media),
    stories: Number(r.stories),
  }));
}

/** Names of the project's tags (archived ones too: old coverage keeps its tag). */
export async function tagNames(db: Tx, orgId: number, projectId: number): Promise<Map<number, string>> {
  const rows = await db
    .select({ id: tags.id, name: tags.name })
    .from(tags)
    .where(and(eq(tags.organizationId, orgId), eq(tags.projectId, projectId)));
  return new Map(rows.map((r) => [r.id, r.name]));
}
