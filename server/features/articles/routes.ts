import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { SQL } from 'drizzle-orm';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LIMITS, PAGE_SIZES } from '../../../common/limits.js';
import { MSG } from '../../../common/messages.js';
import { allows } from '../../../common/policy.js';
import { articleCreateBody, articleResourceSchema, articleUpdateBody, bulkArticlesBody, bulkResultSchema } from '../../../common/schemas/articles.js';
import { idSchema, listDocument, oneDocument } from '../../../common/schemas/jsonapi.js';
import type { Db } from '../../db/client.js';
import { idFilter } from '../../db/paging.js';
import { memberOf, org } from '../../http/access.js';
import { errorObject, fieldError, notFound, ValidationError } from '../../http/errors.js';
import { JSONAPI, parseListParams, sendCsv, sendList, sendOne, type ListParams } from '../../http/jsonapi.js';
import { bytes, jsonApi, listOrCsv, noContent, refusals } from '../../http/openapi.js';
import { deleteFeedArticles, importLinks, saveFeedArticles } from './bulk.js';
import { ARTICLE_FILTERS, ARTICLE_SORTS, deleteSavedArticle, listSavedArticles } from './repo.js';
import { ARTICLE_CSV_COLUMNS, articleResource } from './resource.js';
import { createArticle, updateArticle } from './service.js';
import { projectInOrg } from '../projects/service.js';

const CSV_BATCH = 1000;

const idParams = z.object({ id: idSchema });
const articleDocument = jsonApi(oneDocument(articleResourceSchema, { meta: z.object({ warning: z.string() }).optional() }));

/**
 * What `filter[report_id]` stands for: the report's project and the condition of its criteria,
 * for a report of the caller's organization (404 otherwise). The reports feature answers it; the
 * app passes it in when it mounts these routes, so articles never reach into reports.
 */
export type ReportArticlesScope = (db: Db, orgId: number, reportId: string) => Promise<{ projectId: number; where: SQL }>;

export interface ArticleRoutesOptions {
  reportScope: ReportArticlesScope;
}

/**
 * The list's parameters and its project, which must be named (400) and be the caller's (404);
 * or a report of the caller's organization (`filter[report_id]`, 404 otherwise), whose criteria
 * then scope the list (other filters narrow it further).
 */
async function listRequest(
  req: FastifyRequest,
  maxPageSize: number,
  reportScope: ReportArticlesScope,
): Promise<{ orgId: number; projectId: number; params: ListParams; scope?: SQL; umv: boolean }> {
  const auth = memberOf(req);
  const params = parseListParams(req.query as Record<string, unknown>, {
    sortable: ARTICLE_SORTS,
    filters: ARTICLE_FILTERS,
    defaultSort: '-date',
    defaultPageSize: PAGE_SIZES.default,
    maxPageSize,
  });
  if (params.filter.report_id !== undefined) {
    const report = await reportScope(req.server.deps.db, auth.orgId, params.filter.report_id);
    // A project filter other than the report's selects nothing (both conditions apply).
    return { orgId: auth.orgId, projectId: idFilter(params, 'project_id') ?? report.projectId, params, scope: report.where, umv: allows(auth, 'feed.umv') };
  }
  const projectId = idFilter(params, 'project_id');
  if (projectId === undefined) {
    throw new ValidationError([errorObject('bad_request', 'filter[project_id] is required', { parameter: 'filter[project_id]' })], 'bad_request');
  }
  if ((params.filter.ids_list ?? '').split(',').length > LIMITS.exportIds) {
    throw new ValidationError(
      [errorObject('bad_request', `At most ${LIMITS.exportIds} ids can be exported`, { parameter: 'filter[ids_list]' })],
      'bad_request',
    );
  }
  if (!(await projectInOrg(req.server.deps.db, auth.orgId, projectId))) throw notFound('project');
  return { orgId: auth.orgId, projectId, params, umv: allows(auth, 'feed.umv') };
}

const tagOf = (rels: { tag?: { data: { id: number } } } | undefined, attrTagId: number | undefined) =>
  rels?.tag
    ? { tagId: rels.tag.data.id, tagPointer: '/data/relationships/tag' }
    : { tagId: attrTagId, tagPointer: attrTagId !== undefined ? '/data/attributes/tag_id' : '/data/relationships/tag' };

const toDate = (v: string | undefined) => (v ? new Date(v) : undefined);

export default async function articleRoutes(fastify: FastifyInstance, opts: ArticleRoutesOptions) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = app.deps;
  const { db } = deps;

  app.get(
    '/articles',
    {
      config: org(),
      schema: {
        tags: ['articles'],
        summary: "A project's saved coverage (filter[project_id] required)",
        // 404: the project (or `filter[report_id]`'s report) is not the caller's.
        response: { 200: listOrCsv(listDocument(articleResourceSchema)), ...refusals(403, 404) },
      },
    },
    async (req, reply) => {
      const { orgId, projectId, params, scope, umv } = await listRequest(req, LIMITS.reportMaxArticles, opts.reportScope);
      return sendList(req, reply, {
        name: 'articles',
        params,
        fetchPage: (p) => listSavedArticles(db, orgId, projectId, p, scope),
        toResource: (r) => articleResource(r, { umv }),
        csvColumns: ARTICLE_CSV_COLUMNS,
      });
    },
  );

  app.get(
    '/csv/articles',
    {
      config: org(),
      schema: {
        tags: ['articles'],
        summary: 'Saved coverage as CSV (same filters and sort)',
        response: { 200: bytes('Every matching saved article', 'text/csv'), ...refusals(403, 404) },
      },
    },
    async (req, reply) => {
      const { orgId, projectId, params, scope, umv } = await listRequest(req, LIMITS.exportFilters, opts.reportScope);
      // Streamed in batches: a large export never sits in memory.
      async function* pages() {
        for (let page = 1; ; page++) {
          const { rows } = await listSavedArticles(db, orgId, projectId, { ...params, page, pageSize: CSV_BATCH }, scope);
          yield rows.map((r) => {
            const res = articleResource(r, { umv });
            return { id: res.id, ...res.attributes };
          });
          if (rows.length < CSV_BATCH) return;
        }
      }
      return sendCsv(reply, 'articles', ['id', ...ARTICLE_CSV_COLUMNS], pages());
    },
  );

  app.post(
    '/articles',
    {
      config: org(),
      schema: {
        tags: ['articles'],
        summary: 'Save an article under a tag',
        body: articleCreateBody,
        // `meta.warning` when the page gave no title, language or date.
        // 409: the project has the article already.
        response: { 201: articleDocument, ...refusals(403, 404, 409) },
      },
    },
    async (req, reply) => {
      const auth = memberOf(req);
      const { attributes: a, relationships } = req.body.data;
      const { article, missing } = await createArticle(deps, auth.orgId, {
        url: a.url,
        fullUrl: a.fullUrl,
        title: a.title || undefined,
        description: a.description,
        language: a.language,
        reach: a.reach,
        date: toDate(a.date),
        websiteId: a.website_id,
        ...tagOf(relationships, a.tag_id),
      });
      return sendOne(reply, articleResource(article, { umv: allows(auth, 'feed.umv') }), 201, missing ? { meta: { warning: MSG.articles.missingData } } : {});
    },
  );

  app.patch(
    '/articles/:id',
    {
      config: org(),
      schema: {
        tags: ['articles'],
        summary: 'Edit, move or archive a saved article',
        params: idParams,
        body: articleUpdateBody,
        response: { 200: articleDocument, ...refusals(403) },
      },
    },
    async (req, reply) => {
      const auth = memberOf(req);
      const { attributes: a = {}, relationships } = req.body.data;
      const article = await updateArticle(db, auth.orgId, req.params.id, {
        title: a.title,
        language: a.language,
        reach: a.reach,
        reachManual: a.reach_manual,
        date: toDate(a.date),
        locked: a.locked,
        ...tagOf(relationships, a.tag_id),
      });
      return sendOne(reply, articleResource(article, { umv: allows(auth, 'feed.umv') }));
    },
  );

  app.delete(
    '/articles/:id',
    {
      config: org(),
      schema: { tags: ['articles'], summary: 'Delete a saved article', params: idParams, response: { 204: noContent('Deleted'), ...refusals(403) } },
    },
    async (req, reply) => {
      const auth = memberOf(req);
      if (!(await deleteSavedArticle(db, auth.orgId, req.params.id))) throw notFound('article');
      return reply.code(204).send();
    },
  );

  app.post(
    '/bulk/articles',
    {
      config: org(),
      schema: {
        tags: ['articles'],
        summary: 'Import links, save feed articles, or delete them from a feed',
        body: bulkArticlesBody,
        response: { 200: jsonApi(z.object({ data: z.object({ type: z.literal('bulk_result'), attributes: bulkResultSchema }) })), ...refusals(403, 404) },
      },
    },
    async (req, reply) => {
      const auth = memberOf(req);
      const data = req.body.data;
      let result;
      if (data.type === 'bulk_articles') {
        result = await importLinks(deps, auth.orgId, { tagId: data.attributes.tag_id, urls: data.attributes.urls });
      } else if (data.type === 'articles_rss_ids') {
        const { ids, tag_id, alert_id } = data.attributes;
        result = await saveFeedArticles(db, auth.orgId, { ids, tagId: tag_id, alertId: alert_id });
      } else {
        const alertId = data.relationships?.alert?.data.id ?? data.attributes.alert_id;
        if (alertId === undefined) throw fieldError('/data/relationships/alert', 'Please choose an alert');
        result = await deleteFeedArticles(db, auth.orgId, { ids: data.attributes.ids, alertId });
      }
      return reply.type(JSONAPI).send({ data: { type: 'bulk_result', attributes: result } });
    },
  );
}
