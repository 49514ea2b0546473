import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PAGE_SIZES } from '../../../common/limits.js';
import { idSchema, listDocument, oneDocument } from '../../../common/schemas/jsonapi.js';
import { operator } from '../../http/access.js';
import { parseListParams, resource, sendList, sendOne } from '../../http/jsonapi.js';
import { OPERATOR_ORGANIZATION_FILTERS, OPERATOR_ORGANIZATION_SORTS } from './repo.js';
import { operatorOrganizationResourceSchema, operatorOrganizationUpdateBody } from '../../../common/schemas/operator.js';
import { jsonApi, listOrCsv, refusals } from '../../http/openapi.js';
import { changeOperatorOrganization, listOperatorOrganizations, operatorOrganizationAttributes, type OperatorOrganization } from './service.js';

const TYPE = 'operator_organization';
// The table's "View all" asks for PAGE_SIZES.max rows at once.
const PAGE_SIZE = { default: 25, max: PAGE_SIZES.max };
const idParams = z.object({ id: idSchema });

const toResource = (row: OperatorOrganization) => resource(TYPE, row.org.id, { ...operatorOrganizationAttributes(row) });

/**
 * The platform operator's console (organization 1 admins): every organization with its plan,
 * status, trial end and usage; change a plan, extend a trial. Self-hosted installations without
 * Stripe sell plans by hand here.
 */
export default async function operatorRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, authenticator } = app.deps;

  // Operator routes are gated before body parsing and validation, so an outsider's malformed
  // request is a 404 too.

  app.get(
    '/operator/organizations',
    {
      config: operator(),
      schema: {
        tags: ['operator'],
        summary: 'Every organization with its plan, status and usage (platform operator)',
        // 404: anyone but the platform operator's admins.
        response: { 200: listOrCsv(listDocument(operatorOrganizationResourceSchema)), ...refusals(403, 404) },
      },
    },
    async (req, reply) => {
      const params = parseListParams(req.query as Record<string, unknown>, {
        sortable: OPERATOR_ORGANIZATION_SORTS,
        filters: OPERATOR_ORGANIZATION_FILTERS,
        defaultSort: 'name',
        defaultPageSize: PAGE_SIZE.default,
        maxPageSize: PAGE_SIZE.max,
      });
      return sendList(req, reply, {
        name: 'organizations',
        params,
        fetchPage: (p) => listOperatorOrganizations(db, p),
        toResource,
        csvColumns: ['name', 'plan', 'plan-name', 'subscription_status', 'stripe_customer_id', 'inserted_at', 'members', 'usage'],
      });
    },
  );

  app.patch(
    '/operator/organizations/:id',
    {
      config: operator(),
      schema: {
        tags: ['operator'],
        summary: "Change an organization's plan or trial end (platform operator)",
        params: idParams,
        body: operatorOrganizationUpdateBody,
        response: { 200: jsonApi(oneDocument(operatorOrganizationResourceSchema)), ...refusals(403) },
      },
    },
    async (req, reply) => {
      const { plan, trial_ends_at } = req.body.data.attributes;
      const changed = await changeOperatorOrganization(db, req.params.id, { plan, trialEndsAt: trial_ends_at });
      // The organization's members are cached with its plan and permissions: they get the new ones now.
      authenticator.forgetAll();
      return sendOne(reply, toResource(changed));
    },
  );
}
