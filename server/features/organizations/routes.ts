import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  memberResourceSchema,
  organizationCreateBody,
  organizationResourceSchema,
  organizationUpdateBody,
  type MemberAttributes,
  type OrganizationAttributes,
} from '../../../common/schemas/organizations.js';
import { idSchema, listDocument, toMany } from '../../../common/schemas/jsonapi.js';
import type { Tx } from '../../db/client.js';
import { memberOf, org } from '../../http/access.js';
import { authorize } from '../../http/authorize.js';
import { notFound } from '../../http/errors.js';
import { parseListParams, resource, sendList, sendOne } from '../../http/jsonapi.js';
import { jsonApi, listOrCsv, refusals } from '../../http/openapi.js';
import { allMembers, findOrganization, listMembers, MEMBER_FILTERS, MEMBER_SORTS, updateOrganization, type MemberRow, type OrganizationRow } from './repo.js';
import { addOrganization, changeMemberRoles, listSlackChannelNames, organizationAttributes } from './service.js';
import { requireOwnAvatar } from '../uploads/service.js';

export const memberResource = (m: MemberRow) =>
  resource('member', m.userId, {
    name: m.name,
    email: m.email,
    avatar: m.avatar,
    'role-id': m.roleId,
    'inserted-at': m.insertedAt.toISOString(),
  } satisfies MemberAttributes);

/** The organization with its members, as one compound document. */
async function organizationDocument(db: Tx, org: OrganizationRow) {
  const members = await allMembers(db, org.id);
  const data = resource('organization', org.id, organizationAttributes(org, await listSlackChannelNames(db, org.id)) satisfies OrganizationAttributes, {
    members: { data: members.map((m) => ({ type: 'member', id: String(m.userId) })) },
  });
  return { data, included: members.map(memberResource) };
}

const idParams = z.object({ id: idSchema });
/** The organization and its members (`organizationDocument`). */
const organizationAnswer = jsonApi(
  z.object({ data: organizationResourceSchema.extend({ relationships: z.object({ members: toMany('member') }) }), included: z.array(memberResourceSchema) }),
);

export default async function organizationRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, authenticator } = app.deps;

  /** Only the caller's current organization exists for them; any other id is 404. */
  const currentOrganization = async (orgId: number, id: number) => {
    const org = id === orgId ? await findOrganization(db, orgId) : undefined;
    if (!org) throw notFound('organization');
    return org;
  };

  // Open after a trial ended: the organization (plan, members, billing) is exactly what its
  // admins need to see to upgrade.
  const openWhenClosed = org({ closedWorkspace: 'allowed' });

  app.get(
    '/organizations/:id',
    {
      config: openWhenClosed,
      schema: { tags: ['organizations'], summary: 'The current organization', params: idParams, response: { 200: organizationAnswer, ...refusals(403) } },
    },
    async (req, reply) => {
      const auth = memberOf(req);
      const found = await currentOrganization(auth.orgId, req.params.id);
      const { data, included } = await organizationDocument(db, found);
      return sendOne(reply, data, 200, { included });
    },
  );

  app.get(
    '/organizations/:id/members',
    {
      config: openWhenClosed,
      schema: {
        tags: ['organizations'],
        summary: 'Members of the current organization',
        params: idParams,
        response: { 200: listOrCsv(listDocument(memberResourceSchema)), ...refusals(403) },
      },
    },
    async (req, reply) => {
      const auth = memberOf(req);
      await currentOrganization(auth.orgId, req.params.id);
      const params = parseListParams(req.query as Record<string, unknown>, {
        sortable: MEMBER_SORTS,
        filters: MEMBER_FILTERS,
        defaultSort: 'name',
      });
      return sendList(req, reply, {
        name: 'members',
        params,
        fetchPage: (p) => listMembers(db, auth.orgId, p),
        toResource: memberResource,
        csvColumns: ['name', 'email', 'avatar', 'role-id', 'inserted-at'],
      });
    },
  );

  app.patch(
    '/organizations/:id',
    {
      // The admin check follows the organization's (existence before role), in the handler.
      config: openWhenClosed,
      schema: {
        tags: ['organizations'],
        summary: 'Kick or promote members, or rename the organization and change its logo (admins)',
        params: idParams,
        body: organizationUpdateBody,
        response: { 200: organizationAnswer, ...refusals(403) },
      },
    },
    async (req, reply) => {
      // Existence first: a caller from another organization learns nothing, not even "forbidden".
      const member = memberOf(req);
      await currentOrganization(member.orgId, req.params.id);
      const auth = authorize(member, 'org.admin');
      const body = req.body.data;
      if (body.type === 'organizationPermission') {
        await changeMemberRoles(db, auth.orgId, auth.userId, body.attributes.users);
      } else if (Object.keys(body.attributes).length > 0) {
        await requireOwnAvatar(db, { orgId: auth.orgId }, body.attributes.avatar, '/data/attributes/avatar');
        await updateOrganization(db, auth.orgId, body.attributes);
      }
      // Cached callers carry roles and the organization's name: kicked members lose access now.
      authenticator.forgetAll();
      const { data, included } = await organizationDocument(db, await currentOrganization(auth.orgId, auth.orgId));
      return sendOne(reply, data, 200, { included });
    },
  );

  app.post(
    '/settings',
    {
      // Only an admin (the one who pays) may add organizations: they share its plan and billing.
      config: org({ action: 'org.admin', closedWorkspace: 'allowed' }),
      schema: {
        tags: ['organizations'],
        summary: 'Create another organization and switch to it',
        body: organizationCreateBody,
        response: { 201: organizationAnswer, ...refusals(403) },
      },
    },
    async (req, reply) => {
      const auth = memberOf(req);
      const org = await addOrganization(db, auth.userId, auth.orgId, req.body.data.attributes.name);
      authenticator.forgetSession(auth.sessionId);
      const { data, included } = await organizationDocument(db, org);
      return sendOne(reply, data, 201, { included });
    },
  );
}
