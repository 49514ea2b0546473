import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { allows } from '../../../common/policy.js';
import { idSchema, listDocument, oneDocument } from '../../../common/schemas/jsonapi.js';
import {
  discoverBody,
  feedDiscoveryResourceSchema,
  firstRunBody,
  sourcePackResourceSchema,
  sourcePackUpdateBody,
  sourcesStatusResourceSchema,
  sourcesSummarySchema,
  suggestionCreateBody,
  suggestionUpdateBody,
  SUGGESTION_STATUSES,
  websiteSuggestionResourceSchema,
  type FeedDiscoveryAttributes,
  type SourcesStatusAttributes,
} from '../../../common/schemas/sources.js';
import { memberOf, operator, org } from '../../http/access.js';
import { errorObject, notFound, ValidationError } from '../../http/errors.js';
import { JSONAPI, parseListParams, resource, sendList, sendOne } from '../../http/jsonapi.js';
import { jsonApi, listOrCsv, refusals } from '../../http/openapi.js';
import { pageWindow } from '../../db/paging.js';
import { listPacks, markFirstRunDone, setPackEnabled, sourcesStatus, sourcesSummary } from './packs.js';
import { packResource, suggestionResource } from './resources.js';
import { decideSuggestion, discoverForPerson, findSuggestion, listSuggestions, readSuggestion, suggestOutlet } from './suggestions.js';

const packParams = z.object({
  id: z
    .string()
    .trim()
    .min(1)
    .max(64)
    .regex(/^[a-z0-9-]+$/, 'Unknown source pack'),
});
const idParams = z.object({ id: idSchema });
const suggestionDocument = jsonApi(oneDocument(websiteSuggestionResourceSchema));
// Operator-only routes answer 404 to anyone else, 403 without a current organization. The
// operator's organization sees every organization's suggestions (`platform.operate`); anyone else
// only their organization's.

/**
 * Sources (issue 25): the outlet directory's packs, the first-run screen, what is being watched,
 * feed discovery and outlet suggestions.
 */
export default async function sourcesRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, config } = app.deps;
  const boss = () => app.deps.boss;

  // Operator-only routes answer 404 to anyone else before the body is read (as the Websites routes).
  const operatorOnly = operator();
  // What is watched and the suggestions: any member, also after a trial ended.
  const member = org({ closedWorkspace: 'allowed' });

  app.get(
    '/source_packs',
    {
      config: operatorOnly,
      schema: {
        tags: ['sources'],
        summary: 'The outlet directory by pack, with what is enabled (platform operator)',
        response: { 200: jsonApi(z.object({ data: z.array(sourcePackResourceSchema), meta: sourcesSummarySchema })), ...refusals(403, 404) },
      },
    },
    async (_req, reply) => {
      const [packs, summary] = await Promise.all([listPacks(db), sourcesSummary(db)]);
      return reply.type(JSONAPI).send({ data: packs.map(packResource), meta: summary });
    },
  );

  app.patch(
    '/source_packs/:id',
    {
      config: operatorOnly,
      schema: {
        tags: ['sources'],
        summary: "Switch a pack's outlets on or off (platform operator)",
        params: packParams,
        body: sourcePackUpdateBody,
        response: { 200: jsonApi(oneDocument(sourcePackResourceSchema)), ...refusals(403) },
      },
    },
    async (req, reply) => {
      const pack = await setPackEnabled({ db, boss: boss() }, req.params.id, req.body.data.attributes.enabled);
      return sendOne(reply, packResource(pack));
    },
  );

  app.post(
    '/source_packs/first_run',
    {
      config: operatorOnly,
      schema: {
        tags: ['sources'],
        summary: 'The first-run screen was answered (platform operator)',
        body: firstRunBody,
        response: { 200: jsonApi(z.object({ meta: sourcesSummarySchema })), ...refusals(403, 404) },
      },
    },
    async (_req, reply) => {
      await markFirstRunDone(db);
      return reply.type(JSONAPI).send({ meta: await sourcesSummary(db) });
    },
  );

  app.get(
    '/sources/status',
    {
      config: member,
      schema: {
        tags: ['sources'],
        summary: 'What the installation watches: outlets, languages, last crawl',
        response: { 200: jsonApi(oneDocument(sourcesStatusResourceSchema)), ...refusals(403) },
      },
    },
    async (req, reply) => {
      const auth = memberOf(req);
      const attributes: SourcesStatusAttributes = {
        ...(await sourcesStatus(db)),
        can_suggest: allows(auth, 'sources.suggest'),
        self_service: config.sourcesSelfService,
      };
      return sendOne(reply, resource('sources_status', 'current', { ...attributes }));
    },
  );

  app.post(
    '/feeds/discover',
    {
      config: operatorOnly,
      schema: {
        tags: ['sources'],
        summary: 'Find and prove the feeds and news sitemaps of a site (platform operator)',
        body: discoverBody,
        response: { 200: jsonApi(oneDocument(feedDiscoveryResourceSchema)), ...refusals(403, 404) },
      },
    },
    async (req, reply) => {
      const found = await discoverForPerson(config, req.body.data.attributes.url);
      const attributes: FeedDiscoveryAttributes = { url: found.url, feeds: found.feeds, reason: found.reason };
      return sendOne(reply, resource('feed_discovery', found.url, { ...attributes }));
    },
  );

  app.post(
    '/website_suggestions',
    {
      config: org({ action: 'sources.suggest', closedWorkspace: 'allowed' }),
      schema: {
        tags: ['sources'],
        summary: 'Suggest an outlet to monitor (organization admin)',
        body: suggestionCreateBody,
        // 200: the organization had suggested it already; 429: the day's suggestions are spent.
        response: { 201: suggestionDocument, 200: suggestionDocument, ...refusals(403, 429) },
      },
    },
    async (req, reply) => {
      const auth = memberOf(req);
      const { row, created } = await suggestOutlet({ db, boss: boss(), config }, { orgId: auth.orgId, userId: auth.userId }, req.body.data.attributes.url);
      return sendOne(reply, suggestionResource(await readSuggestion(db, row.id), { operator: allows(auth, 'platform.operate') }), created ? 201 : 200);
    },
  );

  app.get(
    '/website_suggestions',
    {
      config: member,
      schema: {
        tags: ['sources'],
        summary: "Outlet suggestions: the organization's own, or all (platform operator)",
        response: { 200: listOrCsv(listDocument(websiteSuggestionResourceSchema)), ...refusals(403) },
      },
    },
    async (req, reply) => {
      const auth = memberOf(req);
      const operator = allows(auth, 'platform.operate');
      const params = parseListParams(req.query as Record<string, unknown>, {
        sortable: ['created_at'],
        filters: ['status'],
        defaultSort: '-created_at',
        defaultPageSize: 25,
      });
      const status = params.filter.status;
      if (status !== undefined && !(SUGGESTION_STATUSES as readonly string[]).includes(status)) {
        throw new ValidationError(
          [errorObject('bad_request', `filter[status] must be one of ${SUGGESTION_STATUSES.join(', ')}`, { parameter: 'filter[status]' })],
          'bad_request',
        );
      }
      return sendList(req, reply, {
        name: 'website-suggestions',
        params,
        fetchPage: (p) => listSuggestions(db, { orgId: operator ? null : auth.orgId, status, ...pageWindow(p) }),
        toResource: (s) => suggestionResource(s, { operator }),
        csvColumns: ['domain', 'url', 'status', 'reason', 'created-at', 'decided-at'],
      });
    },
  );

  app.patch(
    '/website_suggestions/:id',
    {
      config: operatorOnly,
      schema: {
        tags: ['sources'],
        summary: 'Approve or reject a suggestion (platform operator)',
        params: idParams,
        body: suggestionUpdateBody,
        response: { 200: suggestionDocument, ...refusals(403) },
      },
    },
    async (req, reply) => {
      const auth = memberOf(req);
      if (!(await findSuggestion(db, req.params.id, null))) throw notFound('suggestion');
      const row = await decideSuggestion({ db, boss: boss(), config }, req.params.id, req.body.data.attributes.status, auth.userId);
      return sendOne(reply, suggestionResource(await readSuggestion(db, row.id), { operator: allows(auth, 'operator.console') }));
    },
  );
}
