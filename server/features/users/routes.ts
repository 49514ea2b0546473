import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { TIER_NAMES, type TierId } from '../../../common/limits.js';
import { roleNames } from '../../../common/policy.js';
import { idSchema } from '../../../common/schemas/jsonapi.js';
import {
  tierListDocument,
  userDocument,
  userUpdateBody,
  type Abilities,
  type TierAttributes,
  type UserAttributes,
  type UserDocumentMeta,
} from '../../../common/schemas/users.js';
import { callerOf, SELF } from '../../http/access.js';
import { requireOrg } from '../../http/auth.js';
import { notFound } from '../../http/errors.js';
import { JSONAPI, resource, sendOne } from '../../http/jsonapi.js';
import { jsonApi, refusals } from '../../http/openapi.js';
import { organizationAttributes } from '../organizations/service.js';
import { getUserAbilities, getUserProfile, setDefaultProject, updateUser, type UserProfile } from './service.js';
import { requireOwnAvatar } from '../uploads/service.js';

export const userResource = (u: UserProfile) =>
  resource('user', u.id, {
    name: u.name,
    email: u.email,
    avatar: u.avatar,
    roles: roleNames(u.organization ? u.roleId : null),
    'role-id': u.roleId,
    'tier-id': u.tierId,
    'default-project-id': u.defaultProjectId === null ? null : String(u.defaultProjectId),
    'inserted-at': u.insertedAt.toISOString(),
    email_verified: u.emailVerified,
    open_projects_first: u.openProjectsFirst,
    status: u.organization ? 'OK' : 'NO_ORG',
    organization: u.organization ? { id: String(u.organization.id), ...organizationAttributes(u.organization, u.slackChannels) } : null,
    organizations: u.organizations.map((o) => ({ id: String(o.id), name: o.name, 'role-id': o.roleId })),
  } satisfies UserAttributes);

/** What every user document carries besides the user (common/schemas/users `UserDocumentMeta`): instance settings and the caller's abilities. */
const userMeta = (config: { analysisUrl?: string }, abilities: Abilities): { meta: UserDocumentMeta } => ({
  meta: { analysis_url: config.analysisUrl ?? null, abilities },
});

const TIER_IDS = Object.keys(TIER_NAMES).map(Number) as TierId[];

const idParams = z.object({ id: idSchema });

export default async function userRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, authenticator, config } = app.deps;
  /** The user document: the profile and, in `meta`, the instance settings and the caller's abilities. */
  const sendUser = async (reply: FastifyReply, profile: UserProfile) =>
    sendOne(reply, userResource(profile), 200, userMeta(config, await getUserAbilities(db, profile)));

  // Works without an organization too: the web app reads `status` to send NO_ORG users away.
  app.get(
    '/user',
    { config: SELF, schema: { tags: ['users'], summary: 'The caller, their organization and memberships', response: { 200: jsonApi(userDocument) } } },
    async (req, reply) => {
      const auth = callerOf(req);
      return sendUser(reply, await getUserProfile(db, auth.userId));
    },
  );

  app.patch(
    '/user/:id',
    {
      // A default project needs an organization: checked by the handler for that change only.
      config: SELF,
      schema: {
        tags: ['users'],
        summary: 'Set the default project (type new_user), edit the profile and `/` preference or switch organization (type user)',
        params: idParams,
        body: userUpdateBody,
        // 403: a default project needs a current organization.
        response: { 200: jsonApi(userDocument), ...refusals(403) },
      },
    },
    async (req, reply) => {
      const auth = callerOf(req);
      if (req.params.id !== auth.userId) throw notFound('user');
      const { data } = req.body;
      if (data.type === 'new_user') {
        const org = requireOrg(req);
        await setDefaultProject(db, org.orgId, auth.userId, data.relationships.project.data?.id ?? null);
      } else {
        await requireOwnAvatar(db, { orgId: req.auth?.org?.id, userId: auth.userId }, data.attributes?.avatar, '/data/attributes/avatar');
        const { switched } = await updateUser(db, auth.userId, {
          name: data.attributes?.name,
          avatar: data.attributes?.avatar,
          organizationId: data.relationships?.organization?.data.id,
          openProjectsFirst: data.attributes?.open_projects_first,
        });
        if (switched) authenticator.forgetSession(auth.sessionId);
      }
      return sendUser(reply, await getUserProfile(db, auth.userId));
    },
  );

  app.get(
    '/tiers',
    { config: SELF, schema: { tags: ['users'], summary: 'Tier names (1 Admin … 6 Agency)', response: { 200: jsonApi(tierListDocument) } } },
    async (req, reply) => {
      return reply.type(JSONAPI).send({
        data: TIER_IDS.map((id) => resource('tier', id, { name: TIER_NAMES[id] } satisfies TierAttributes)),
        meta: { total_entries: TIER_IDS.length, last_page: 1, page_number: 1, page_size: TIER_IDS.length },
      });
    },
  );
}
