import { and, eq, gte, lt, type SQL } from 'drizzle-orm';
import { savedArticles } from '../../db/schema/coverage.js';
import { facetConditions, type ArticleFacets } from '../articles/service.js';

/**
 * A report's criteria over saved coverage. One definition, used by the report's totals and
 * charts, by its articles list (`GET articles?filter[report_id]=`) and by the wizard's
 * preview filters on the saved-articles list (the tag and language rules are the articles
 * feature's facetConditions), so the three always agree.
 */
export interface ReportCriteria extends ArticleFacets {
  projectId: number;
  /** First day, 00:00 UTC. */
  start: Date;
  /** The day after the last day, 00:00 UTC (the range is inclusive of whole days). */
  endExclusive: Date;
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
