import { randomBytes } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import { LIMITS } from '../../../common/limits.js';
import { MSG } from '../../../common/messages.js';
import type {
  ReportBranding,
  ReportCreateAttributes,
  ReportHighlight,
  ReportPreview,
  ReportPreviewInput,
  ReportStats,
  ReportTotals,
} from '../../../common/schemas/reports.js';
import type { Db } from '../../db/client.js';
import { allows } from '../../../common/policy.js';
import { authorize } from '../../http/authorize.js';
import { errorObject, fieldError, notFound, ValidationError, type ErrorObject } from '../../http/errors.js';
import { enqueueScreenshots, ensureScreenshotRows, type ScreenshotDeps } from '../screenshots/service.js';
import { dayOf, dayRange } from '../../../common/dates.js';
import { criteriaCondition, type ReportCriteria } from './criteria.js';
import { sanitizeDescription } from './sanitize.js';
import { mediaTotals, projectMediaIds } from './media.js';
import { REPORT_MEDIA_MESSAGES } from '../../../common/schemas/reports.js';
import {
  aggregateCriteria,
  countReports,
  deleteReport,
  findProjectCard,
  findPublicReport,
  findReport,
  insertHighlights,
  insertReport,
  listHighlights,
  savedArticlesInCriteria,
  tagNames,
  updateReport,
  type GroupRow,
  type ReportListRow,
} from './repo.js';
import { findOrganization, findOrganizationPermissions, lockOrganizationPermissions } from '../organizations/service.js';

export type ReportDeps = ScreenshotDeps;

const DAY_MS = 86400_000;

/** A new report id: the public link's secret, 16 random bytes as 22 base64url characters. */
export const newReportId = () => randomBytes(16).toString('base64url');
/** Anything else cannot be a report id: answered 404 without a query. */
export const REPORT_ID_RE = /^[A-Za-z0-9_-]{22}$/;

export function criteriaOf(
  r: Pick<ReportListRow, 'projectId' | 'dateStart' | 'dateEnd' | 'tagsId' | 'tagsNot' | 'languages' | 'languagesNot'>,
): ReportCriteria {
  return {
    ...dayRange(dayOf(r.dateStart), dayOf(r.dateEnd)),
    projectId: r.projectId,
    tagsId: r.tagsId,
    tagsNot: r.tagsNot,
    languages: r.languages,
    languagesNot: r.languagesNot,
  };
}

/** The criteria as the wizard and the create call send them (inclusive YYYY-MM-DD days). */
function criteriaFromInput(
  projectId: number,
  from: string,
  to: string,
  f: { tags_id: number[]; tags_not: number[]; languages: string[]; languages_not: string[] },
): ReportCriteria {
  return { ...dayRange(from, to), projectId, tagsId: f.tags_id, tagsNot: f.tags_not, languages: f.languages, languagesNot: f.languages_not };
}

/** Sums of media scores are shown with two decimals (the column is a float4). */
export const round2 = (n: number) => Math.round(n * 100) / 100;

/** Daily trend buckets up to LIMITS.reportDailyTrendMaxDays days, weekly (from the first day) beyond. */
export function trendStepDays(c: ReportCriteria): number {
  const days = Math.round((c.endExclusive.getTime() - c.start.getTime()) / DAY_MS);
  return days > LIMITS.reportDailyTrendMaxDays ? 7 : 1;
}

function totalsOf(rows: GroupRow[]): ReportTotals {
  const t = rows.find((r) => r.set === 'total');
  const articles = t?.articles ?? 0;
  const reach = t?.reach ?? 0;
  return {
    articles,
    reach: round2(reach),
    average_score: articles ? round2(reach / articles) : 0,
    umv: t?.umv ?? 0,
    estimated_views: t?.views ?? 0,
    unknown_visitors: t?.unknownVisitors ?? 0,
    visitor_sources: { similarweb: t?.similarweb ?? 0, estimate: t?.estimate ?? 0, manual: t?.manual ?? 0 },
    media: t?.media ?? 0,
    unique_stories: t?.stories ?? 0,
  };
}

/** The totals without the figures that come from the outlets' visitors (a plan without the `similarweb` flag): 0, as when unknown. */
const withoutVisitors = (t: ReportTotals): ReportTotals => ({
  ...t,
  umv: 0,
  estimated_views: 0,
  unknown_visitors: 0,
  visitor_sources: { similarweb: 0, estimate: 0, manual: 0 },
});

const byCount =
  <T extends { articles: number }>(key: (x: T) => string) =>
  (a: T, b: T) =>
    b.articles - a.articles || key(a).localeCompare(key(b));

function languagesOf(rows: GroupRow[]): ReportStats['languages'] {
  return rows
    .filter((r) => r.set === 'language')
    .map((r) => ({ language: r.language!, articles: r.articles }))
    .sort(byCount((x) => x.language));
}

function tagsOf(rows: GroupRow[], names: Map<number, string>): ReportStats['tags'] {
  return rows
    .filter((r) => r.set === 'tag')
    .map((r) => ({ tag_id: String(r.tagId), tag_name: names.get(r.tagId!) ?? '', articles: r.articles }))
    .sort(byCount((x) => x.tag_name));
}

function trendOf(rows: GroupRow[], c: ReportCriteria): ReportStats['trend'] {
  const step = trendStepDays(c);
  const buckets = Math.ceil((c.endExclusive.getTime() - c.start.getTime()) / (step * DAY_MS));
  const byBucket = new Map(rows.filter((r) => r.set === 'bucket').map((r) => [r.bucket!, r]));
  return Array.from({ length: buckets }, (_, k) => {
    const r = byBucket.get(k);
    return {
      date: dayOf(new Date(c.start.getTime() + k * step * DAY_MS)),
      articles: r?.articles ?? 0,
      reach: round2(r?.reach ?? 0),
      estimated_views: Math.round(r?.views ?? 0),
    };
  });
}

/**
 * Totals cards and charts of the articles a criteria selects (one aggregate query and the tag names).
 * The potential reach (`umv`, from the outlets' monthly visits) and the estimated views (derived
 * from them) are 0, as for unknown traffic (their cards are hidden), when the organization's plan
 * lacks the `similarweb` flag.
 */
export async function summarize(db: Db, orgId: number, c: ReportCriteria): Promise<{ totals: ReportTotals; stats: ReportStats }> {
  const [rows, names, permissions] = await Promise.all([
    aggregateCriteria(db, orgId, c, trendStepDays(c)),
    tagNames(db, orgId, c.projectId),
    findOrganizationPermissions(db, orgId),
  ]);
  const totals = totalsOf(rows);
  const umv = allows({ org: { permissions } }, 'feed.umv');
  return {
    totals: umv ? totals : withoutVisitors(totals),
    stats: {
      // Each bucket's estimated views come from the outlets' visitors: 0 with them hidden, as in the totals.
      trend: trendOf(rows, c).map((t) => (umv ? t : { ...t, estimated_views: 0 })),
      languages: languagesOf(rows),
      tags: tagsOf(rows, names),
    },
  };
}

/**
 * The wizard's steps 1–2: what a report with these criteria would hold, and the languages and
 * tags found in the date range before the tag and language rules (the multi-selects' options).
 */
export async function previewReport(db: Db, orgId: number, input: ReportPreviewInput) {
  if (!(await findProjectCard(db, orgId, input.project_id))) throw notFound('project');
  const c = criteriaFromInput(input.project_id, input.date_range[0], input.date_range[1], input);
  const [summary, available, names] = await Promise.all([
    summarize(db, orgId, c),
    aggregateCriteria(db, orgId, c, trendStepDays(c), { facets: false }),
    tagNames(db, orgId, c.projectId),
  ]);
  return {
    count: summary.totals.articles,
    ...summary,
    languages_available: languagesOf(available),
    tags_available: tagsOf(available, names),
  } satisfies ReportPreview;
}

/** The catalogue's messages for a criteria selecting no articles or more than a report may hold. */
function articleCountProblem(n: number): string | null {
  if (n === 0) return MSG.reports.noArticles;
  if (n > LIMITS.reportMaxArticles) return MSG.reports.tooManyArticles;
  return null;
}

/**
 * Publishes a report (status 0 unless told): checks every rule and reports all problems with
 * pointers (title, dates, 1–10,000 articles, highlights inside the report), then the plan's
 * limits (reports, highlights: 403 `plan_limit`), and writes the report and its highlights in
 * one transaction. Highlight pictures are requested after commit.
 */
export async function createReport(
  deps: ReportDeps,
  orgId: number,
  userId: number,
  a: ReportCreateAttributes,
  projectId: number | undefined,
): Promise<ReportListRow> {
  const { db } = deps;
  if (projectId === undefined) throw fieldError('/data/relationships/project', 'Please choose a project');
  if (!(await findProjectCard(db, orgId, projectId))) throw notFound('project');
  const c = criteriaFromInput(projectId, a.date_start, a.date_end, a);
  const highlightIds = [...new Set((a.screenshots ?? []).map((s) => s.article_id))];
  const [rows, inside, videos, streams] = await Promise.all([
    aggregateCriteria(db, orgId, c, trendStepDays(c)),
    savedArticlesInCriteria(db, orgId, c, highlightIds),
    projectMediaIds(db, orgId, projectId, 'videos', a.videos),
    projectMediaIds(db, orgId, projectId, 'streams', a.saved_streams),
  ]);
  const totals = totalsOf(rows);
  const errors: ErrorObject[] = [];
  const countProblem = articleCountProblem(totals.articles);
  if (countProblem) errors.push(errorObject('validation_failed', countProblem, { pointer: '/data/attributes/date_start' }));
  (a.screenshots ?? []).forEach((s, i) => {
    if (!inside.has(s.article_id))
      errors.push(errorObject('validation_failed', MSG.reports.highlightNotInReport, { pointer: `/data/attributes/screenshots/${i}/article_id` }));
  });
  // Only the project's own saved videos and streams: another project's (or organization's) ids
  // would otherwise be shown on this report's public page.
  a.videos.forEach((id, i) => {
    if (!videos.has(id)) errors.push(errorObject('validation_failed', REPORT_MEDIA_MESSAGES.videoNotInProject, { pointer: `/data/attributes/videos/${i}` }));
  });
  a.saved_streams.forEach((id, i) => {
    if (!streams.has(id))
      errors.push(errorObject('validation_failed', REPORT_MEDIA_MESSAGES.streamNotInProject, { pointer: `/data/attributes/saved_streams/${i}` }));
  });
  if (errors.length) throw new ValidationError(errors);

  const report = await db.transaction(async (tx) => {
    const org = { permissions: await lockOrganizationPermissions(tx, orgId) };
    authorize({ org }, 'reports.create', { reports: await countReports(tx, orgId) });
    authorize({ org }, 'reports.highlight', { highlights: highlightIds.length, at: '/data/attributes/screenshots' });
    const row = await insertReport(tx, orgId, {
      id: newReportId(),
      projectId,
      name: a.name,
      descriptionHtml: sanitizeDescription(a.descriptionHTML ?? ''),
      section1Title: a.section1_title ?? '',
      section1Subtitle: a.section1_subtitle ?? '',
      section2Title: a.section2_title ?? '',
      section2Subtitle: a.section2_subtitle ?? '',
      tableType: a.table_type ?? 0,
      tableTemplate: a.table_template ?? undefined,
      showCreators: a.show_creators ?? true,
      showSteam: a.show_steam ?? true,
      status: a.status ?? 0,
      dateStart: c.start,
      dateEnd: new Date(c.endExclusive.getTime() - DAY_MS),
      tagsId: c.tagsId,
      tagsNot: c.tagsNot,
      languages: c.languages,
      languagesNot: c.languagesNot,
      videos: a.videos,
      savedStreams: a.saved_streams,
      totalArticles: totals.articles,
      totalReach: totals.reach,
      createdBy: userId,
    });
    await insertHighlights(tx, row.id, highlightIds);
    const shots = await ensureScreenshotRows(tx, orgId, highlightIds);
    return { row, shots };
  });
  await enqueueScreenshots(deps, report.shots);
  return { ...report.row, highlights: highlightIds.length };
}

export interface ReportChanges {
  name?: string;
  descriptionHTML?: string;
  section1_title?: string;
  section1_subtitle?: string;
  section2_title?: string;
  section2_subtitle?: string;
  table_type?: 0 | 1;
  table_template?: string;
  show_creators?: boolean;
  show_steam?: boolean;
}

/** Renames a report, or changes its presentation (description sanitized again). 404 when it is not the organization's. */
export async function changeReport(db: Db, orgId: number, id: string, ch: ReportChanges): Promise<ReportListRow> {
  const found = await updateReport(db, orgId, id, {
    name: ch.name,
    descriptionHtml: ch.descriptionHTML === undefined ? undefined : sanitizeDescription(ch.descriptionHTML),
    section1Title: ch.section1_title,
    section1Subtitle: ch.section1_subtitle,
    section2Title: ch.section2_title,
    section2Subtitle: ch.section2_subtitle,
    tableType: ch.table_type,
    tableTemplate: ch.table_template,
    showCreators: ch.show_creators,
    showSteam: ch.show_steam,
  });
  if (!found) throw notFound('report');
  return (await findReport(db, orgId, id))!;
}

export async function removeReport(db: Db, orgId: number, id: string): Promise<void> {
  if (!REPORT_ID_RE.test(id) || !(await deleteReport(db, orgId, id))) throw notFound('report');
}

export async function requireReport(db: Db, orgId: number, id: string): Promise<ReportListRow> {
  const report = REPORT_ID_RE.test(id) ? await findReport(db, orgId, id) : undefined;
  if (!report) throw notFound('report');
  return report;
}

/** A report by its public link alone (the id is the secret); 404 for unknown and deleted ids. */
export async function requirePublicReport(db: Db, id: string): Promise<ReportListRow> {
  const report = REPORT_ID_RE.test(id) ? await findPublicReport(db, id) : undefined;
  if (!report) throw notFound('report');
  return report;
}

/** Where the pictures of a report's highlights are served: the public page's path, or the member's (screenshots' privateScreenshotUrl). */
export type ImageUrlOf = (savedArticleId: number, version: number) => string;
export const publicImageUrl =
  (reportId: string): ImageUrlOf =>
  (id, v) =>
    `/api/p/reports/${reportId}/screenshots/${id}.jpg?v=${v}`;

/** The highlight cards of a report, highest reach first. */
export async function highlightsOf(db: Db, report: ReportListRow, imageUrl: ImageUrlOf): Promise<ReportHighlight[]> {
  const rows = await listHighlights(db, report.organizationId, report.id);
  return rows.map((h) => ({
    article_id: String(h.savedArticleId),
    article_url: h.fullUrl,
    title: h.title,
    media: h.media,
    reach: h.reach,
    date: h.date.toISOString(),
    image_url: h.imageKey && h.status === 'ready' ? imageUrl(h.savedArticleId, h.updatedAt?.getTime() ?? 0) : null,
    source: (h.source as ReportHighlight['source']) ?? null,
    status: (h.status ?? 'pending') as ReportHighlight['status'],
  }));
}

/**
 * Everything the report page shows: the report, its project card, highlights, totals (articles,
 * and the videos and streams still saved with their views) and charts (queries run side by side).
 */
export async function reportDetail(db: Db, report: ReportListRow, imageUrl: ImageUrlOf) {
  const [project, screenshots, summary, media] = await Promise.all([
    findProjectCard(db, report.organizationId, report.projectId),
    highlightsOf(db, report, imageUrl),
    summarize(db, report.organizationId, criteriaOf(report)),
    mediaTotals(db, report),
  ]);
  return { report, project: project ?? null, screenshots, ...summary, totals: { ...summary.totals, ...media } };
}

/**
 * The brand of a public report: its organization's display name and logo and nothing else of
 * the organization, and whether the "Made with Coverwatch" line shows (plans without custom
 * branding). The logo is an upload of that organization (organizations refuse any other avatar),
 * served by `GET f/{file}` to anyone who has its address, as project avatars already are.
 */
export async function reportBranding(db: Db, report: Pick<ReportListRow, 'organizationId'>): Promise<ReportBranding> {
  const org = await findOrganization(db, report.organizationId);
  if (!org) throw notFound('report');
  return { name: org.name, logo_url: org.avatar ?? null, made_with: !allows({ org }, 'reports.customBranding') };
}

/** The saved-articles list's condition for `filter[report_id]`: the report's criteria (member of its organization). */
export async function reportArticlesScope(db: Db, orgId: number, reportId: string): Promise<{ projectId: number; where: SQL }> {
  const report = await requireReport(db, orgId, reportId);
  return { projectId: report.projectId, where: criteriaCondition(orgId, criteriaOf(report)) };
}

/** The same for the public list (`p/articles?filter[report_id]=`, the report found by requirePublicReport): that report's articles and nothing else. */
export function publicReportArticlesScope(report: ReportListRow): { orgId: number; projectId: number; where: SQL } {
  return { orgId: report.organizationId, projectId: report.projectId, where: criteriaCondition(report.organizationId, criteriaOf(report)) };
}

/** A report row written as it is (the demo seed's published report); the API goes through createReport. */
export { insertReport } from './repo.js';
/** The organization's reports, as `reports.create` counts them (the user document's abilities read it too). */
export { countReports };
