import { and, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import { savedArticles } from '../../db/schema/coverage.js';

/**
 * A report's criteria over saved coverage. One definition, used by the report's totals and
 * charts, by its articles list (`GET articles?filter[report_id]=`) and by the wizard's
 * preview filters on the saved-articles list, so the three always agree.
 */
export interface ReportCriteria {
  projectId: number;
  /** First day, 00:00 UTC. */
  start: Date;
  /** The day after the last day, 00:00 UTC (the range is inclusive of whole days). */
  endExclusive: Date;
  tagsId: number[];
  tagsNot: number[];
  languages: string[];
  languagesNot: string[];
}

const DAY_MS = 86400_000;

/** `YYYY-MM-DD` → that day at 00:00 UTC. */
export const dayStart = (day: string) => new Date(`${day}T00:00:00.000Z`);
/** A Date at 00:00 UTC → `YYYY-MM-DD`. */
export const dayOf = (d: Date) => d.toISOString().slice(0, 10);

/** The half-open instant range of the inclusive days [from, to]. */
export function dayRange(from: string, to: string): { start: Date; endExclusive: Date } {
  return { start: dayStart(from), endExclusive: new Date(dayStart(to).getTime() + DAY_MS) };
}

// `= any($1)` binds a whole list as one array parameter: one statement text whatever its length.
const anyInt = (ids: number[]) => sql`${sql.param(ids)}::int[]`;
const anyText = (list: string[]) => sql`${sql.param(list)}::text[]`;

/** Tags and languages in / out; empty "in" lists mean every tag or language. */
export function facetConditions(c: Pick<ReportCriteria, 'tagsId' | 'tagsNot' | 'languages' | 'languagesNot'>): (SQL | undefined)[] {
  return [
    c.tagsId.length ? sql`${savedArticles.tagId} = any(${anyInt(c.tagsId)})` : undefined,
    c.tagsNot.length ? sql`not (${savedArticles.tagId} = any(${anyInt(c.tagsNot)}))` : undefined,
    c.languages.length ? sql`${savedArticles.language} = any(${anyText(c.languages)})` : undefined,
    c.languagesNot.length ? sql`not (${savedArticles.language} = any(${anyText(c.languagesNot)}))` : undefined,
  ];
}

/**
 * The saved articles a report holds: the project's, not archived (locked), dated inside the
 * range, with the tag and language rules. Served by saved_articles_org_project_idx.
 */
export function criteriaCondition(orgId: number, c: ReportCriteria, opts: { facets?: boolean } = {}): SQL {
  return and(
    eq(savedArticles.organizationId, orgId),
    eq(savedArticles.projectId, c.projectId),
    gte(savedArticles.date, c.start),
    lt(savedArticles.date, c.endExclusive),
    eq(savedArticles.locked, false),
    ...(opts.facets === false ? [] : facetConditions(c)),
  )!;
}
