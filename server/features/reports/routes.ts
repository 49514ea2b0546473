import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  reportCreateBody,
  reportCreatorsDocument,
  reportDetailResourceSchema,
  reportPreviewBody,
  reportPreviewDocument,
  reportResourceSchema,
  reportUpdateBody,
} from '../../../common/schemas/reports.js';
import { listDocument, listMetaSchema, oneDocument } from '../../../common/schemas/jsonapi.js';
import { savedVideoResourceSchema } from '../../../common/schemas/videos.js';
import { savedStreamResourceSchema } from '../../../common/schemas/streams.js';
import { idFilter } from '../../db/paging.js';
import { memberOf, org } from '../../http/access.js';
import { notFound } from '../../http/errors.js';
import { JSONAPI, parseListParams, sendList, sendOne } from '../../http/jsonapi.js';
import { bytes, jsonApi, listOrCsv, noContent, refusals } from '../../http/openapi.js';
import { closeBrowser } from '../../net/browser.js';
import { privateScreenshotUrl } from '../screenshots/service.js';
import { ownBaseUrl, pdfFilename, printReportPdf } from './pdf.js';
import { findProjectCard, listReports, REPORT_FILTERS, REPORT_SORTS } from './repo.js';
import { reportDetailResource, reportResource } from './resource.js';
import { reportCreatorsDocument as creatorsOf } from './creators.js';
import { reportSteamDocument } from './steam.js';
import { steamSummaryDocument } from '../../../common/schemas/steam.js';
import { parseMediaListParams, reportMediaDocument } from './media.js';
import { changeReport, createReport, previewReport, removeReport, reportDetail, requireReport } from './service.js';

export const reportIdParams = z.object({ id: z.string().max(64) });

/** What the report routes answer (the public ones too). */
export const reportAnswers = {
  detail: jsonApi(oneDocument(reportDetailResourceSchema)),
  videos: jsonApi(z.object({ data: z.array(savedVideoResourceSchema), meta: listMetaSchema })),
  streams: jsonApi(z.object({ data: z.array(savedStreamResourceSchema), meta: listMetaSchema })),
  creators: jsonApi(reportCreatorsDocument),
  steam: jsonApi(steamSummaryDocument),
  pdf: bytes('The report, printed', 'application/pdf'),
};

/** The reports list loads whole (the spec asks for page size 50000). */
const REPORTS_MAX_PAGE = 50000;

const CSV_COLUMNS = [
  'name',
  'project_id',
  'status',
  'date_start',
  'date_end',
  'total-articles',
  'total-reach',
  'reports-images',
  'reports-videos',
  'reports-streams',
  'inserted-at',
  'updated-at',
];

/** Sends a report as a PDF download. */
export async function sendPdf(app: FastifyInstance, req: FastifyRequest, reply: FastifyReply, report: { id: string; name: string }) {
  const pdf = await printReportPdf({ config: app.deps.config, log: req.log }, ownBaseUrl(app, app.deps.config), report.id);
  return reply
    .type('application/pdf')
    .header('content-disposition', `attachment; filename="${pdfFilename(report.name)}"`)
    .header('cache-control', 'no-store')
    .send(pdf);
}

export default async function reportRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = app.deps;
  const { db } = deps;
  // The shared Chromium (screenshots, PDFs) closes with the HTTP server.
  app.addHook('onClose', async () => closeBrowser());
  const reports = org({ action: 'reports.use' });

  app.get(
    '/reports',
    {
      config: reports,
      schema: {
        tags: ['reports'],
        summary: "A project's reports (filter[project_id])",
        response: { 200: listOrCsv(listDocument(reportResourceSchema)), ...refusals(403, 404) },
      },
    },
    async (req, reply) => {
      const auth = memberOf(req);
      const params = parseListParams(req.query as Record<string, unknown>, {
        sortable: REPORT_SORTS,
        filters: REPORT_FILTERS,
        defaultSort: '-inserted_at',
        defaultPageSize: REPORTS_MAX_PAGE,
        maxPageSize: REPORTS_MAX_PAGE,
      });
      const projectId = idFilter(params, 'project_id');
      if (projectId !== undefined && !(await findProjectCard(db, auth.orgId, projectId))) throw notFound('project');
      return sendList(req, reply, {
        name: 'reports',
        params,
        fetchPage: (p) => listReports(db, auth.orgId, p),
        toResource: reportResource,
        csvColumns: CSV_COLUMNS,
      });
    },
  );

  app.post(
    '/reports/preview',
    {
      config: reports,
      schema: {
        tags: ['reports'],
        summary: "The wizard's preview: count, totals and charts of a criteria",
        body: reportPreviewBody,
        response: { 200: jsonApi(reportPreviewDocument), ...refusals(403, 404) },
      },
    },
    async (req, reply) => {
      const auth = memberOf(req);
      return reply.type(JSONAPI).send({ data: await previewReport(db, auth.orgId, req.body) });
    },
  );

  app.post(
    '/reports',
    {
      config: reports,
      schema: { tags: ['reports'], summary: 'Publish a report', body: reportCreateBody, response: { 201: reportAnswers.detail, ...refusals(403, 404) } },
    },
    async (req, reply) => {
      const auth = memberOf(req);
      const { attributes, relationships } = req.body.data;
      const projectId = relationships?.project?.data.id ?? attributes.project_id;
      const report = await createReport({ ...deps, log: req.log }, auth.orgId, auth.userId, attributes, projectId);
      return sendOne(reply, reportDetailResource(await reportDetail(db, report, privateScreenshotUrl)), 201);
    },
  );

  app.get(
    '/reports/:id',
    {
      config: reports,
      schema: {
        tags: ['reports'],
        summary: 'A report with its highlights, totals and charts',
        params: reportIdParams,
        response: { 200: reportAnswers.detail, ...refusals(403) },
      },
    },
    async (req, reply) => {
      const auth = memberOf(req);
      const report = await requireReport(db, auth.orgId, req.params.id);
      return sendOne(reply, reportDetailResource(await reportDetail(db, report, privateScreenshotUrl)));
    },
  );

  app.patch(
    '/reports/:id',
    {
      config: reports,
      schema: {
        tags: ['reports'],
        summary: 'Rename a report (or change its description and sections)',
        params: reportIdParams,
        body: reportUpdateBody,
        response: { 200: reportAnswers.detail, ...refusals(403) },
      },
    },
    async (req, reply) => {
      const auth = memberOf(req);
      const report = await changeReport(db, auth.orgId, req.params.id, req.body.data.attributes);
      return sendOne(reply, reportDetailResource(await reportDetail(db, report, privateScreenshotUrl)));
    },
  );

  app.delete(
    '/reports/:id',
    {
      config: reports,
      schema: {
        tags: ['reports'],
        summary: 'Delete a report (its public link answers 404)',
        params: reportIdParams,
        response: { 204: noContent('Deleted'), ...refusals(403) },
      },
    },
    async (req, reply) => {
      const auth = memberOf(req);
      await removeReport(db, auth.orgId, req.params.id);
      return reply.code(204).send();
    },
  );

  for (const list of ['videos', 'streams'] as const) {
    app.get(
      `/reports/:id/${list}`,
      {
        config: reports,
        schema: {
          tags: ['reports'],
          summary: `A report's saved ${list} (page, page_size, sortField, sortOrder)`,
          params: reportIdParams,
          response: { 200: reportAnswers[list], ...refusals(403) },
        },
      },
      async (req, reply) => {
        const auth = memberOf(req);
        const report = await requireReport(db, auth.orgId, req.params.id);
        return reply.type(JSONAPI).send(await reportMediaDocument(db, report, list, parseMediaListParams(req.query, list)));
      },
    );
  }

  app.get(
    '/reports/:id/creators',
    {
      config: reports,
      schema: {
        tags: ['reports'],
        summary: "A report's top creators: Twitch broadcasters by hours watched and YouTube channels by views, over its saved streams and videos",
        params: reportIdParams,
        response: { 200: reportAnswers.creators, ...refusals(403) },
      },
    },
    async (req, reply) => {
      const auth = memberOf(req);
      const report = await requireReport(db, auth.orgId, req.params.id);
      return reply.type(JSONAPI).send(await creatorsOf(db, report));
    },
  );

  app.get(
    '/reports/:id/steam',
    {
      config: reports,
      schema: {
        tags: ['reports'],
        summary: "A report's Steam section: its project's Steam announcements and each day's reviews over the report's period",
        params: reportIdParams,
        response: { 200: reportAnswers.steam, ...refusals(403) },
      },
    },
    async (req, reply) => {
      const auth = memberOf(req);
      const report = await requireReport(db, auth.orgId, req.params.id);
      return reply.type(JSONAPI).send(await reportSteamDocument(db, report));
    },
  );

  app.get(
    '/reports/:id/pdf',
    {
      config: reports,
      schema: {
        tags: ['reports'],
        summary: 'A report as PDF (print of its public page)',
        params: reportIdParams,
        // 503: the PDF printer (Chromium) is not available.
        response: { 200: reportAnswers.pdf, ...refusals(403, 503) },
      },
    },
    async (req, reply) => {
      const auth = memberOf(req);
      return sendPdf(app, req, reply, await requireReport(db, auth.orgId, req.params.id));
    },
  );
}
