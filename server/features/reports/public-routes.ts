import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LIMITS, PAGE_SIZES } from '../../../common/limits.js';
import { allows } from '../../../common/policy.js';
import { idSchema, listDocument, oneDocument } from '../../../common/schemas/jsonapi.js';
import { articleResourceSchema } from '../../../common/schemas/articles.js';
import { screenshotResourceSchema } from '../../../common/schemas/screenshots.js';
import type { Db } from '../../db/client.js';
import { createSearchDatabase, runStandbyRead } from '../../db/search-db.js';
import { PUBLIC } from '../../http/access.js';
import { AppError, errorObject, notFound, ValidationError } from '../../http/errors.js';
import { JSONAPI, parseListParams, sendList, sendOne } from '../../http/jsonapi.js';
import { sendJpeg } from '../../http/send-jpeg.js';
import { bytes, jsonApi, listOrCsv, refusals } from '../../http/openapi.js';
import { ARTICLE_CSV_COLUMNS, ARTICLE_SORTS, articleResource, listSavedArticles } from '../articles/service.js';
import { findOrganizationPermissions } from '../organizations/service.js';
import { openScreenshotImage, requireScreenshot, screenshotResource } from '../screenshots/service.js';
import { isHighlighted } from './repo.js';
import { reportDetailResource } from './resource.js';
import { parseMediaListParams, reportMediaDocument } from './media.js';
import { reportCreatorsDocument } from './creators.js';
import { reportSteamDocument } from './steam.js';
import { reportAnswers, reportIdParams, sendPdf } from './routes.js';
import { publicImageUrl, publicReportArticlesScope, reportBranding, reportDetail, requirePublicReport } from './service.js';
import type { ReportListRow } from './repo.js';

/**
 * The public report (`/p/r/{id}`), no token: everything is reached through the report's id (the
 * link's secret, 16 random bytes) and answers that report's data only. Unknown and deleted
 * ids answer 404; pictures and articles answer only for that report's own highlights and
 * criteria, so sequential article ids lead nowhere.
 *
 * A visitor's view only reads, so with SEARCH_DATABASE_URL it reads from the hot standby
 * (docs/operations.md "Read replicas"), seconds behind the primary at most: a public link
 * shared widely costs the primary nothing. A report published since the standby last replayed
 * is not there yet; its view is read from the primary instead, whole, so a page never mixes the
 * two. A standby out of reach answers 503 (runStandbyRead).
 */
const imageParams = z.object({ id: z.string().max(64), file: z.string().max(40) });
const articleParams = z.object({ article_id: idSchema });
const reportQuery = z.object({ report_id: z.string().max(64) }).loose();
const isPublic = { security: [] };
/* Every route here is public: the report's id (16 random bytes) is the link's secret, and each answers for that report only. */

const PUBLIC_ARTICLE_FILTERS = ['report_id', 'search', 'tag_id', 'languages', 'startDate', 'endDate', 'minScore', 'maxScore'] as const;

export default async function publicReportRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, pool, config, storage } = app.deps;
  const standby = config.searchDatabaseUrl
    ? createSearchDatabase(pool, {
        url: config.searchDatabaseUrl,
        timeoutMs: config.statementTimeoutMs,
        max: Math.max(2, Math.ceil(config.poolMax / 4)),
        applicationName: 'coverwatch-report',
      })
    : null;
  if (standby) fastify.addHook('onClose', () => standby.close());

  /** The report behind a public link, and the database its view is read from (see above). */
  async function openReport(id: string): Promise<{ report: ReportListRow; view: Db }> {
    if (!standby) return { report: await requirePublicReport(db, id), view: db };
    try {
      return { report: await requirePublicReport(standby.db, id), view: standby.db };
    } catch (err) {
      if (!(err instanceof AppError && err.code === 'not_found')) throw err;
      return { report: await requirePublicReport(db, id), view: db };
    }
  }

  app.get(
    '/p/reports/:id',
    {
      config: PUBLIC,
      schema: {
        tags: ['reports'],
        summary: 'A published report (public link)',
        ...isPublic,
        params: reportIdParams,
        response: { 200: reportAnswers.detail, ...refusals(503) },
      },
    },
    async (req, reply) =>
      runStandbyRead(async () => {
        const { report, view } = await openReport(req.params.id);
        const [detail, branding] = await Promise.all([reportDetail(view, report, publicImageUrl(report.id)), reportBranding(view, report)]);
        return sendOne(reply, reportDetailResource(detail, branding));
      }),
  );

  for (const list of ['videos', 'streams'] as const) {
    app.get(
      `/p/reports/:id/${list}`,
      {
        config: PUBLIC,
        schema: {
          tags: ['reports'],
          summary: `A published report's saved ${list} (page, page_size, sortField, sortOrder)`,
          ...isPublic,
          params: reportIdParams,
          response: { 200: reportAnswers[list], ...refusals(503) },
        },
      },
      async (req, reply) =>
        runStandbyRead(async () => {
          const { report, view } = await openReport(req.params.id);
          return reply.type(JSONAPI).send(await reportMediaDocument(view, report, list, parseMediaListParams(req.query, list)));
        }),
    );
  }

  app.get(
    '/p/reports/:id/creators',
    {
      config: PUBLIC,
      schema: {
        tags: ['reports'],
        summary: "A published report's top creators (Twitch by hours watched, YouTube by views)",
        ...isPublic,
        params: reportIdParams,
        response: { 200: reportAnswers.creators, ...refusals(503) },
      },
    },
    async (req, reply) =>
      runStandbyRead(async () => {
        const { report, view } = await openReport(req.params.id);
        return reply.type(JSONAPI).send(await reportCreatorsDocument(view, report));
      }),
  );

  app.get(
    '/p/reports/:id/steam',
    {
      config: PUBLIC,
      schema: {
        tags: ['reports'],
        summary: "A published report's Steam section: its project's announcements and daily reviews over the report's period",
        ...isPublic,
        params: reportIdParams,
        response: { 200: reportAnswers.steam, ...refusals(503) },
      },
    },
    async (req, reply) =>
      runStandbyRead(async () => {
        const { report, view } = await openReport(req.params.id);
        return reply.type(JSONAPI).send(await reportSteamDocument(view, report));
      }),
  );

  for (const name of ['saved_videos', 'saved_streams'] as const) {
    app.get(
      `/p/${name}`,
      {
        config: PUBLIC,
        schema: {
          tags: ['reports'],
          summary: `A published report's ${name.replace('_', ' ')} (?report_id=, page, sizePerPage, sortField, sortOrder)`,
          ...isPublic,
          querystring: reportQuery,
          // 404: no published report has that id.
          response: { 200: reportAnswers[name === 'saved_videos' ? 'videos' : 'streams'], ...refusals(404, 503) },
        },
      },
      async (req, reply) =>
        runStandbyRead(async () => {
          const { report, view } = await openReport(req.query.report_id);
          const kind = name === 'saved_videos' ? 'videos' : 'streams';
          return reply.type(JSONAPI).send(await reportMediaDocument(view, report, kind, parseMediaListParams(req.query, kind)));
        }),
    );
  }

  app.get(
    '/p/articles',
    {
      config: PUBLIC,
      schema: {
        tags: ['articles'],
        summary: "A published report's articles (filter[report_id] required; no token)",
        security: [],
        response: { 200: listOrCsv(listDocument(articleResourceSchema)), ...refusals(404, 503) },
      },
    },
    async (req, reply) => {
      // Only filters that narrow the report's articles: nothing here can widen the set.
      const params = parseListParams(req.query as Record<string, unknown>, {
        sortable: ARTICLE_SORTS,
        filters: PUBLIC_ARTICLE_FILTERS,
        defaultSort: '-date',
        defaultPageSize: PAGE_SIZES.default,
        maxPageSize: LIMITS.reportMaxArticles,
      });
      if (!params.filter.report_id) {
        throw new ValidationError([errorObject('bad_request', 'filter[report_id] is required', { parameter: 'filter[report_id]' })], 'bad_request');
      }
      const reportId = params.filter.report_id;
      return runStandbyRead(async () => {
        const { report, view } = await openReport(reportId);
        const scope = publicReportArticlesScope(report);
        // Monthly visits only when the report's organization has them on its plan (`similarweb`).
        const umv = allows({ org: { permissions: await findOrganizationPermissions(view, scope.orgId) } }, 'feed.umv');
        return sendList(req, reply, {
          name: 'articles',
          params,
          fetchPage: (p) => listSavedArticles(view, scope.orgId, scope.projectId, p, scope.where),
          toResource: (r) => articleResource(r, { umv }),
          csvColumns: ARTICLE_CSV_COLUMNS,
        });
      });
    },
  );

  // The printed page reads through the routes above; here only the report's name.
  app.get(
    '/p/reports/:id/pdf',
    {
      config: PUBLIC,
      schema: {
        tags: ['reports'],
        summary: 'A published report as PDF',
        ...isPublic,
        params: reportIdParams,
        response: { 200: reportAnswers.pdf, ...refusals(503) },
      },
    },
    async (req, reply) => sendPdf(app, req, reply, (await runStandbyRead(() => openReport(req.params.id))).report),
  );

  /** The screenshot of one of the report's highlights, only while that article is highlighted in it. */
  function highlightShot(reportId: string, savedArticleId: number) {
    return runStandbyRead(async () => {
      const { report, view } = await openReport(reportId);
      if (!(await isHighlighted(view, report.id, savedArticleId))) throw notFound('screenshot');
      return { report, row: await requireScreenshot(view, report.organizationId, savedArticleId) };
    });
  }

  app.get(
    '/p/reports/:id/screenshots/:file',
    {
      config: PUBLIC,
      schema: {
        tags: ['reports'],
        summary: "A published report's highlight picture ({article_id}.jpg)",
        ...isPublic,
        params: imageParams,
        response: { 200: bytes('The picture', 'image/jpeg'), ...refusals(503) },
      },
    },
    async (req, reply) => {
      const m = /^(\d{1,15})\.jpg$/.exec(req.params.file);
      if (!m) throw notFound('screenshot');
      const { row } = await highlightShot(req.params.id, Number(m[1]));
      return sendJpeg(reply, await openScreenshotImage(storage, row), 'public');
    },
  );

  app.get(
    '/p/screenshots/:article_id',
    {
      config: PUBLIC,
      schema: {
        tags: ['reports'],
        summary: "A highlight's picture on a published report: needs ?report_id= and answers only for that report's highlights",
        ...isPublic,
        params: articleParams,
        querystring: reportQuery,
        response: { 200: jsonApi(oneDocument(screenshotResourceSchema)), ...refusals(503) },
      },
    },
    async (req, reply) => {
      const { report, row } = await highlightShot(req.query.report_id, req.params.article_id);
      return sendOne(reply, screenshotResource(row, publicImageUrl(report.id)));
    },
  );
}
