import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MSG } from '../../../common/messages.js';
import { planLimit } from '../../../common/policy.js';
import {
  supersearchBulkBody,
  supersearchResultsDocument,
  supersearchSaveDocument,
  supersearchSchemas,
  supersearchVolumeDocument,
  utcDay,
  type SupersearchArticleAttributes,
  type SupersearchResultsMeta,
  type SupersearchVolumeMeta,
  type SupersearchVolumePoint,
} from '../../../common/schemas/supersearch.js';
import { memberOf, org } from '../../http/access.js';
import type { OrgAuth } from '../../http/auth.js';
import { authorize } from '../../http/authorize.js';
import { errorObject, notFound, ValidationError } from '../../http/errors.js';
import { JSONAPI, resource } from '../../http/jsonapi.js';
import { jsonApi, refusals } from '../../http/openapi.js';
import { oneDocument, resourceSchema } from '../../../common/schemas/jsonapi.js';
import { queueSupersearchExport } from './export.js';
import type { ResultRow } from './repo.js';
import { saveResults } from './save.js';
import { createSearchDatabase } from '../../db/search-db.js';
import { SearchEngine, toSearchFilter } from './service.js';

const articleResource = (r: ResultRow) => {
  const attributes: SupersearchArticleAttributes = {
    url: r.url,
    full_url: r.full_url,
    title: r.title,
    description: r.description,
    score: r.reach,
    language: r.language,
    pub_date: r.pub_date.toISOString(),
    media: r.media,
    website_id: r.website_id === null ? null : String(r.website_id),
    image: r.image,
  };
  return resource('supersearch_article', r.id, { ...attributes });
};

/** Every problem of a body as 400s with JSON pointers (`/search`, `/media_score/min`, …). */
function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const parsed = schema.safeParse(body ?? {});
  if (parsed.success) return parsed.data;
  throw new ValidationError(
    parsed.error.issues.map((i) => errorObject('bad_request', i.message, { pointer: `/${i.path.map(String).join('/')}` })),
    'bad_request',
  );
}

/**
 * The caller may search (`supersearch.use`: an active member whose plan has the `data`
 * permission, 403 `plan_limit` otherwise, as the other plan-gated features: docs/decisions.md),
 * naming their own organization in `organization_id` (another organization's id is 404, nothing
 * revealed).
 */
function requireOwnOrganization(auth: OrgAuth, organizationId: number) {
  if (organizationId !== auth.orgId) throw notFound('organization');
}

const schemasFor = (auth: OrgAuth) => supersearchSchemas({ maxDataMonths: planLimit(auth, 'max_data'), today: utcDay() });
// For the OpenAPI document only: the handlers validate with the caller's plan (schemasFor) and answer 400s.
const docs = supersearchSchemas();
const documentOnly = () => (data: unknown) => ({ value: data });

/**
 * Where links in e-mails point: PUBLIC_URL, else the address this server listens on — never the
 * request's Host header, which a caller could set to send a link to any site in our name.
 */
function ownBaseUrl(app: FastifyInstance): string {
  const { publicUrl, host, port } = app.deps.config;
  if (publicUrl) return publicUrl.replace(/(?<!\/)\/+$/, '');
  const address = app.server.address();
  const listening = address && typeof address === 'object' ? address : { address: host, port };
  const name = ['0.0.0.0', '::'].includes(listening.address) ? '127.0.0.1' : listening.address;
  return `http://${name.includes(':') ? `[${name}]` : name}:${listening.port}`;
}

export default async function supersearchRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, config, pool } = app.deps;
  // A search counts up to searchParallel months at once, each on a connection of its own: room
  // for two or three people's searches together, never less than half the application pool.
  const max = Math.max(config.searchParallel * 2, Math.ceil(config.poolMax / 2));
  const search = createSearchDatabase(pool, { timeoutMs: config.searchStatementTimeoutMs, max, url: config.searchDatabaseUrl, indexFirst: true });
  fastify.addHook('onClose', () => search.close());
  const searcher = org({ action: 'supersearch.use' });
  const engine = new SearchEngine(search.db, { parallel: config.searchParallel, totalWaitMs: config.searchTotalWaitMs });

  app.post(
    '/supersearch',
    {
      config: searcher,
      schema: {
        tags: ['supersearch'],
        summary: 'One page of archive articles matching a query (cursor pages; the exact total, or null while counting)',
        body: docs.search,
        // 404: `organization_id` is not the caller's; 503: the search ran past its time limit.
        response: { 200: jsonApi(supersearchResultsDocument), ...refusals(403, 404, 503) },
      },
      validatorCompiler: documentOnly,
    },
    async (req, reply) => {
      const auth = memberOf(req);
      const body = parseBody(schemasFor(auth).search, req.body);
      requireOwnOrganization(auth, body.organization_id);
      const sort = { field: body.sort_fields, desc: body.sort_order === 'desc' };
      const page = await engine.page(toSearchFilter(body), sort, body.search_after, body.page_size);
      return reply.type(JSONAPI).send({
        data: page.rows.map(articleResource),
        // The spec's names (000 §Super Search result: total, lastPage, page, nextPage; the cursor is
        // nextPage, sent back as search_after); next_search_after stays as an alias for clients of v1.12.
        // total/lastPage are null while months are still being counted (`counting`): the page is
        // not held back for them; the volume call, asked at the same time, waits for the exact total.
        meta: {
          total: page.total,
          page: page.page,
          lastPage: page.total === null ? null : Math.max(1, Math.ceil(page.total / body.page_size)),
          counting: page.total === null,
          nextPage: page.next,
          page_size: body.page_size,
          next_search_after: page.next,
        } satisfies SupersearchResultsMeta,
      });
    },
  );

  app.post(
    '/supersearch/volume',
    {
      config: searcher,
      schema: {
        tags: ['supersearch'],
        summary: 'Matching articles per day, week or month over the range (zeros included)',
        body: docs.volume,
        response: { 200: jsonApi(supersearchVolumeDocument), ...refusals(403, 404, 503) },
      },
      validatorCompiler: documentOnly,
    },
    async (req, reply) => {
      const auth = memberOf(req);
      const body = parseBody(schemasFor(auth).volume, req.body);
      requireOwnOrganization(auth, body.organization_id);
      // A competitor's line (index 1–5) is for the plans with competitor comparison (by plan id).
      if (body.competitorIndex > 0) authorize(auth, 'supersearch.competitors', { at: '/competitorIndex' });
      const volume = await engine.volume(toSearchFilter(body), body.from_date, body.to_date);
      return reply.type(JSONAPI).send({
        data: volume.buckets satisfies SupersearchVolumePoint[],
        meta: { interval: volume.interval, total: volume.total, competitorIndex: body.competitorIndex } satisfies SupersearchVolumeMeta,
      });
    },
  );

  app.post(
    '/supersearch/bulk',
    {
      config: searcher,
      schema: {
        tags: ['supersearch'],
        summary: "Save search results into a project's saved coverage under a tag",
        body: supersearchBulkBody,
        response: { 200: jsonApi(supersearchSaveDocument), ...refusals(403, 404) },
      },
      validatorCompiler: documentOnly,
    },
    async (req, reply) => {
      const auth = memberOf(req);
      const body = parseBody(supersearchBulkBody, req.body);
      requireOwnOrganization(auth, body.organization_id);
      const result = await db.transaction((tx) => saveResults(tx, auth.orgId, { ids: body.articles, tagId: body.tag_id, projectId: body.project_id }));
      return reply.type(JSONAPI).send({ data: result });
    },
  );

  app.post(
    '/supersearch/export_csv',
    {
      config: searcher,
      schema: {
        tags: ['supersearch'],
        summary: 'Export every matching article as CSV, sent by e-mail (202: queued)',
        body: docs.exportCsv,
        response: {
          202: jsonApi(oneDocument(resourceSchema('export', z.object({ status: z.literal('queued'), message: z.string() })))),
          ...refusals(403, 404),
        },
      },
      validatorCompiler: documentOnly,
    },
    async (req, reply) => {
      const auth = memberOf(req);
      const body = parseBody(schemasFor(auth).exportCsv, req.body);
      requireOwnOrganization(auth, body.organization_id);
      toSearchFilter(body); // the query compiles (the job would fail otherwise)
      const { search, from_date, to_date, languages, media_score } = body;
      const row = await db.transaction((tx) =>
        queueSupersearchExport(tx, app.deps.boss, {
          orgId: auth.orgId,
          userId: auth.userId,
          toEmail: body.to_email,
          params: { search, from_date, to_date, languages, media_score, base_url: ownBaseUrl(fastify) },
        }),
      );
      return reply
        .code(202)
        .type(JSONAPI)
        .send({ data: resource('export', row.id, { status: 'queued', message: MSG.exports.emailed }) });
    },
  );
}
