import { rel, resource } from '../../http/jsonapi.js';
import { dayOf } from '../../../common/dates.js';
import type { ReportAttributes, ReportBranding, ReportDetailAttributes } from '../../../common/schemas/reports.js';
import type { ReportListRow } from './repo.js';
import { round2, type reportDetail } from './service.js';

/** A report's list attributes (publish-time totals). */
function reportAttributes(r: ReportListRow): ReportAttributes {
  return {
    name: r.name,
    project_id: String(r.projectId),
    status: r.status,
    date_start: dayOf(r.dateStart),
    date_end: dayOf(r.dateEnd),
    tags_id: r.tagsId,
    tags_not: r.tagsNot,
    languages: r.languages,
    languages_not: r.languagesNot,
    table_type: r.tableType,
    table_template: r.tableTemplate,
    show_creators: r.showCreators,
    show_steam: r.showSteam,
    'total-articles': r.totalArticles,
    'total-reach': round2(r.totalReach),
    'reports-images': r.highlights,
    'reports-videos': r.videos.length,
    'reports-streams': r.savedStreams.length,
    'inserted-at': r.insertedAt.toISOString(),
    'updated-at': r.updatedAt.toISOString(),
  };
}

/** A report as the list shows it (publish-time totals). */
export function reportResource(r: ReportListRow) {
  return resource('report', r.id, { ...reportAttributes(r) }, { project: rel('project', r.projectId) });
}

/**
 * The report page's document: the list attributes (live totals) and everything the page draws;
 * the public page's also who the report is from (`branding`).
 */
export function reportDetailResource(d: Awaited<ReturnType<typeof reportDetail>>, branding?: ReportBranding) {
  const r = d.report;
  const attributes = {
    ...reportAttributes(r),
    'total-articles': d.totals.articles,
    'total-reach': d.totals.reach,
    'total-estimated-views': d.totals.estimated_views,
    // Live counts: a saved video or stream deleted since publishing no longer counts.
    'reports-videos': d.totals.videos ?? r.videos.length,
    'reports-streams': d.totals.streams ?? r.savedStreams.length,
    descriptionHTML: r.descriptionHtml,
    section1_title: r.section1Title,
    section1_subtitle: r.section1Subtitle,
    section2_title: r.section2Title,
    section2_subtitle: r.section2Subtitle,
    videos: r.videos,
    saved_streams: r.savedStreams,
    project: d.project ? { id: String(d.project.id), name: d.project.name, avatar: d.project.avatar } : null,
    image: d.project?.avatar ?? null,
    screenshots: d.screenshots,
    totals: d.totals,
    stats: d.stats,
    ...(branding && { branding }),
  } satisfies ReportDetailAttributes;
  return resource('report', r.id, attributes, { project: rel('project', r.projectId) });
}
