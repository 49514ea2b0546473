import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { tagCreateBody, tagResourceSchema, tagUpdateBody, type TagAttributes } from '../../../common/schemas/tags.js';
import { idSchema, listDocument, oneDocument } from '../../../common/schemas/jsonapi.js';
import { PAGE_SIZES } from '../../../common/limits.js';
import { memberOf, org } from '../../http/access.js';
import { fieldError, notFound } from '../../http/errors.js';
import { parseListParams, rel, resource, sendList, sendOne } from '../../http/jsonapi.js';
import { jsonApi, listOrCsv, refusals } from '../../http/openapi.js';
import { TAG_FILTERS, TAG_SORTS, findTag, insertTag, listTags, updateTag, type TagRow } from './repo.js';
import { projectInOrg } from '../projects/service.js';

export const tagResource = (t: TagRow) =>
  resource(
    'tag',
    t.id,
    {
      name: t.name,
      project_id: String(t.projectId),
      locked: t.locked,
      'has-highlight': t.hasHighlight,
      'highlight-date': t.highlightDate?.toISOString() ?? null,
      'inserted-at': t.insertedAt.toISOString(),
      'updated-at': t.updatedAt.toISOString(),
    } satisfies TagAttributes,
    { project: rel('project', t.projectId) },
  );

const toDate = (v: string | null | undefined) => (v ? new Date(v) : v === null ? null : undefined);

const idParams = z.object({ id: idSchema });
const projectParams = z.object({ projectId: idSchema });
const tagDocument = jsonApi(oneDocument(tagResourceSchema));

export default async function tagRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;

  app.get(
    '/tags',
    {
      config: org(),
      schema: {
        tags: ['tags'],
        summary: 'List tags (filter[project_id] for one project)',
        response: { 200: listOrCsv(listDocument(tagResourceSchema)), ...refusals(403) },
      },
    },
    async (req, reply) => {
      const auth = memberOf(req);
      const params = parseListParams(req.query as Record<string, unknown>, {
        sortable: TAG_SORTS,
        filters: TAG_FILTERS,
        defaultSort: 'name',
        defaultPageSize: PAGE_SIZES.wholeList,
      });
      return sendList(req, reply, {
        name: 'tags',
        params,
        fetchPage: (p) => listTags(db, auth.orgId, p),
        toResource: tagResource,
        csvColumns: ['name', 'project_id', 'locked', 'has-highlight', 'highlight-date', 'inserted-at', 'updated-at'],
      });
    },
  );

  app.get(
    '/tags/:id',
    { config: org(), schema: { tags: ['tags'], summary: 'One tag', params: idParams, response: { 200: tagDocument, ...refusals(403) } } },
    async (req, reply) => {
      const auth = memberOf(req);
      const tag = await findTag(db, auth.orgId, req.params.id);
      if (!tag) throw notFound('tag');
      return sendOne(reply, tagResource(tag));
    },
  );

  app.post(
    '/projects/:projectId/tags',
    {
      config: org(),
      schema: {
        tags: ['tags'],
        summary: 'Create a tag in a project',
        params: projectParams,
        body: tagCreateBody,
        response: { 201: tagDocument, ...refusals(403) },
      },
    },
    async (req, reply) => {
      const auth = memberOf(req);
      const { projectId } = req.params;
      const { attributes, relationships } = req.body.data;
      if (!(await projectInOrg(db, auth.orgId, projectId))) throw notFound('project');
      // The spec's payload also names the project; it must not point somewhere else than the path.
      const named = relationships?.project?.data.id;
      if (named !== undefined && named !== projectId) {
        throw fieldError('/data/relationships/project', 'The project does not match the address of the request');
      }
      const tag = await insertTag(db, auth.orgId, projectId, {
        name: attributes.name,
        hasHighlight: attributes.has_highlight,
        highlightDate: toDate(attributes.highlight_date),
      });
      return sendOne(reply, tagResource(tag), 201);
    },
  );

  app.patch(
    '/tags/:id',
    {
      config: org(),
      schema: {
        tags: ['tags'],
        summary: 'Rename, highlight, archive or re-activate a tag',
        params: idParams,
        body: tagUpdateBody,
        response: { 200: tagDocument, ...refusals(403) },
      },
    },
    async (req, reply) => {
      const auth = memberOf(req);
      const { attributes } = req.body.data;
      const tag = await updateTag(db, auth.orgId, req.params.id, {
        name: attributes.name,
        locked: attributes.locked,
        hasHighlight: attributes.has_highlight,
        highlightDate: toDate(attributes.highlight_date),
      });
      if (!tag) throw notFound('tag');
      return sendOne(reply, tagResource(tag));
    },
  );
}
