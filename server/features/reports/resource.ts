import type { FastifyReply, FastifyRequest } from 'fastify';
import { JSONAPI, listMeta, rel, resource, type ListParams } from '../../http/jsonapi.js';
import { dayOf } from '../../../common/dates.js';
import type { ReportAttributes, ReportDetailAttributes } from '../../../common/schemas/reports.js';
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

/** The report page's document: the list attributes (live totals) and everything the page draws. */
export function reportDetailResource(d: Awaited<ReturnType<typeof reportDetail>>) {
  const base = reportResource(d.report);
  const r = d.report;
  base.attributes = {
    ...reportAttributes(r),
    'total-articles': d.totals.articles,
    'total-reach': d.totals.reach,
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
  } satisfies ReportDetailAttributes;
  return base;
}

/**
 * Saved videos and streams of a report: their tables arrive with the video and stream feeds,
 * so the lists are empty for now (with the usual meta), after the report itself was found.
 */
export function sendEmptyList(req: FastifyRequest, reply: FastifyReply) {
  const q = req.query as Record<string, string | undefined>;
  const size = Number(q['page[page_size]'] ?? q.page_size ?? q.sizePerPage ?? q.pageSize ?? 25);
  const params: ListParams = { page: 1, pageSize: Number.isInteger(size) && size > 0 ? size : 25, filter: {}, sort: [] };
  return reply.type(JSONAPI).send({ data: [], meta: listMeta(0, params) });
}
