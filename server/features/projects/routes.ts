import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { projectCreateBody, projectResourceSchema, projectUpdateBody, type ProjectAttributes } from '../../../common/schemas/projects.js';
import { clientResourceSchema, type ClientAttributes } from '../../../common/schemas/clients.js';
import { idSchema, listDocument } from '../../../common/schemas/jsonapi.js';
import { PAGE_SIZES } from '../../../common/limits.js';
import { memberOf, org } from '../../http/access.js';
import { notFound } from '../../http/errors.js';
import { parseListParams, rel, resource, sendList, sendOne, wantsCsv, type Resource } from '../../http/jsonapi.js';
import { jsonApi, listOrCsv, refusals } from '../../http/openapi.js';
import { PROJECT_FILTERS, PROJECT_SORTS, listProjects, type ProjectBrand, type ProjectListRow, type ProjectWithBrand } from './repo.js';
import { createProject, getProject, updateProject, type ProjectChanges } from './service.js';
import { requireOwnAvatar } from '../uploads/service.js';

const iso = (d: Date | null) => d?.toISOString() ?? null;
const idString = (id: number | null) => (id === null ? null : String(id));

export const projectResource = (p: ProjectListRow) =>
  resource(
    'project',
    p.id,
    {
      name: p.name,
      avatar: p.avatar,
      locked: p.locked,
      client_id: String(p.clientId),
      client: { id: String(p.client.id), name: p.client.name },
      'alert-id': idString(p.alertId),
      'youtube-search-id': idString(p.youtubeSearchId),
      'twitch-search-id': idString(p.twitchSearchId),
      'steam-app-ids': p.steamAppIds,
      competitors: p.competitors,
      // Saved coverage that is not archived (counted in the same query as the project).
      'total-articles': p.totalArticles,
      'total-reports': p.totalReports,
      'inserted-at': iso(p.insertedAt),
      'updated-at': iso(p.updatedAt),
    } satisfies ProjectAttributes,
    { client: rel('client', p.clientId) },
  );

// Same attributes as the brands API's `client` resource, so `included` reads like GET clients.
const brandResource = (c: ProjectBrand) =>
  resource('client', c.id, {
    name: c.name,
    avatar: c.avatar,
    locked: c.locked,
    'inserted-at': iso(c.insertedAt),
    'updated-at': iso(c.updatedAt),
  } satisfies ClientAttributes);

function includedBrands(rows: ProjectWithBrand[]): Resource[] {
  const byId = new Map<number, Resource>();
  for (const r of rows) if (!byId.has(r.client.id)) byId.set(r.client.id, brandResource(r.client));
  return [...byId.values()];
}

// CSV has no room for an object: the `client` column carries the brand's name.
const csvResource = (p: ProjectListRow) => {
  const r = projectResource(p);
  return { ...r, attributes: { ...r.attributes, client: p.client.name } };
};

const idParams = z.object({ id: idSchema });
/** One project, its brand included. */
const projectDocument = jsonApi(z.object({ data: projectResourceSchema, included: z.array(clientResourceSchema) }));

export default async function projectRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;

  app.get(
    '/projects',
    {
      config: org(),
      schema: { tags: ['projects'], summary: 'List projects', response: { 200: listOrCsv(listDocument(projectResourceSchema)), ...refusals(403) } },
    },
    async (req, reply) => {
      const auth = memberOf(req);
      const params = parseListParams(req.query as Record<string, unknown>, {
        sortable: PROJECT_SORTS,
        filters: PROJECT_FILTERS,
        defaultSort: 'name',
        defaultPageSize: PAGE_SIZES.wholeList,
      });
      // Lists carry the brand's id and name in the attributes; GET projects/{id} includes the brand.
      return sendList(req, reply, {
        name: 'projects',
        params,
        fetchPage: (p) => listProjects(db, auth.orgId, p),
        toResource: wantsCsv(req) ? csvResource : projectResource,
        csvColumns: ['name', 'client', 'client_id', 'locked', 'alert-id', 'total-articles', 'total-reports', 'inserted-at', 'updated-at'],
      });
    },
  );

  app.get(
    '/projects/:id',
    { config: org(), schema: { tags: ['projects'], summary: 'One project', params: idParams, response: { 200: projectDocument, ...refusals(403) } } },
    async (req, reply) => {
      const auth = memberOf(req);
      const project = await getProject(db, auth.orgId, req.params.id);
      return sendOne(reply, projectResource(project), 200, { included: includedBrands([project]) });
    },
  );

  app.post(
    '/projects',
    {
      config: org(),
      schema: {
        tags: ['projects'],
        summary: 'Create a project under a brand',
        body: projectCreateBody,
        // 403 `plan_limit`: the plan lacks projects or the active-project limit is reached.
        response: { 201: projectDocument, ...refusals(403) },
      },
    },
    async (req, reply) => {
      const auth = memberOf(req);
      const { attributes, relationships } = req.body.data;
      await requireOwnAvatar(db, { orgId: auth.orgId }, attributes.avatar, '/data/attributes/avatar');
      const project = await createProject(db, auth.orgId, {
        name: attributes.name,
        avatar: attributes.avatar,
        clientId: relationships.client.data.id,
      });
      return sendOne(reply, projectResource(project), 201, { included: includedBrands([project]) });
    },
  );

  app.patch(
    '/projects/:id',
    {
      config: org(),
      schema: {
        tags: ['projects'],
        summary: 'Rename, change avatar, alert, brand, Steam apps or competitors, archive or re-activate a project',
        params: idParams,
        body: projectUpdateBody,
        response: { 200: projectDocument, ...refusals(403) },
      },
    },
    async (req, reply) => {
      const auth = memberOf(req);
      const { attributes = {}, relationships } = req.body.data;
      await requireOwnAvatar(db, { orgId: auth.orgId }, attributes.avatar, '/data/attributes/avatar');
      const changes: ProjectChanges = {
        name: attributes.name,
        avatar: attributes.avatar,
        locked: attributes.locked,
        alertId: attributes.alert_id,
        steamAppIds: attributes.steam_app_ids,
        competitors: attributes.competitors,
        clientId: relationships?.client?.data.id,
      };
      const project = await updateProject(db, auth.orgId, req.params.id, changes);
      if (!project) throw notFound('project');
      return sendOne(reply, projectResource(project), 200, { included: includedBrands([project]) });
    },
  );
}
