import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { clientCreateBody, clientResourceSchema, clientUpdateBody, type ClientAttributes } from '../../../common/schemas/clients.js';
import { idSchema, listDocument, oneDocument } from '../../../common/schemas/jsonapi.js';
import { PAGE_SIZES } from '../../../common/limits.js';
import { memberOf, org } from '../../http/access.js';
import { notFound } from '../../http/errors.js';
import { parseListParams, resource, sendList, sendOne } from '../../http/jsonapi.js';
import { jsonApi, listOrCsv, refusals } from '../../http/openapi.js';
import { CLIENT_FILTERS, CLIENT_SORTS, findClient, insertClient, listClients, updateClient, type ClientRow } from './repo.js';
import { requireOwnAvatar } from '../uploads/service.js';

export const clientResource = (c: ClientRow) =>
  resource('client', c.id, {
    name: c.name,
    avatar: c.avatar,
    locked: c.locked,
    'inserted-at': c.insertedAt?.toISOString(),
    'updated-at': c.updatedAt?.toISOString(),
  } satisfies ClientAttributes);

const idParams = z.object({ id: idSchema });
const brandDocument = jsonApi(oneDocument(clientResourceSchema));

export default async function clientRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;

  app.get(
    '/clients',
    {
      config: org(),
      schema: { tags: ['brands'], summary: 'List brands (clients)', response: { 200: listOrCsv(listDocument(clientResourceSchema)), ...refusals(403) } },
    },
    async (req, reply) => {
      const auth = memberOf(req);
      const params = parseListParams(req.query as Record<string, unknown>, {
        sortable: CLIENT_SORTS,
        filters: CLIENT_FILTERS,
        defaultSort: 'name',
        defaultPageSize: PAGE_SIZES.wholeList,
      });
      return sendList(req, reply, {
        name: 'brands',
        params,
        fetchPage: (p) => listClients(db, auth.orgId, p),
        toResource: clientResource,
        csvColumns: ['name', 'locked', 'inserted-at', 'updated-at'],
      });
    },
  );

  app.get(
    '/clients/:id',
    { config: org(), schema: { tags: ['brands'], summary: 'One brand', params: idParams, response: { 200: brandDocument, ...refusals(403) } } },
    async (req, reply) => {
      const auth = memberOf(req);
      const client = await findClient(db, auth.orgId, req.params.id);
      if (!client) throw notFound('brand');
      return sendOne(reply, clientResource(client));
    },
  );

  app.post(
    '/clients',
    { config: org(), schema: { tags: ['brands'], summary: 'Create a brand', body: clientCreateBody, response: { 201: brandDocument, ...refusals(403) } } },
    async (req, reply) => {
      const auth = memberOf(req);
      await requireOwnAvatar(db, { orgId: auth.orgId }, req.body.data.attributes.avatar, '/data/attributes/avatar');
      const client = await insertClient(db, auth.orgId, req.body.data.attributes);
      return sendOne(reply, clientResource(client), 201);
    },
  );

  app.patch(
    '/clients/:id',
    {
      config: org(),
      schema: {
        tags: ['brands'],
        summary: 'Rename, change avatar, archive or re-activate a brand',
        params: idParams,
        body: clientUpdateBody,
        response: { 200: brandDocument, ...refusals(403) },
      },
    },
    async (req, reply) => {
      const auth = memberOf(req);
      await requireOwnAvatar(db, { orgId: auth.orgId }, req.body.data.attributes.avatar, '/data/attributes/avatar');
      const client = await updateClient(db, auth.orgId, req.params.id, req.body.data.attributes);
      if (!client) throw notFound('brand');
      return sendOne(reply, clientResource(client));
    },
  );
}
