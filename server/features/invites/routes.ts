import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { inviteUserBody } from '../../../common/schemas/signup.js';
import { inviteResourceSchema, type InviteAttributes } from '../../../common/schemas/invites.js';
import { invitedUserAttributesSchema, type InvitedUserAttributes } from '../../../common/schemas/signup.js';
import { oneDocument, resourceSchema } from '../../../common/schemas/jsonapi.js';
import { memberOf, org, PUBLIC } from '../../http/access.js';
import { resource, sendOne } from '../../http/jsonapi.js';
import { jsonApi, refusals } from '../../http/openapi.js';
import { createInvite, requireInvite, signUpWithInvite, type InviteRow } from './service.js';

export const inviteResource = (i: InviteRow) =>
  resource('invite', i.key, {
    key: i.key,
    url: `/signup/${i.key}`,
    status: i.status,
    expires: i.expiresAt.toISOString(),
    organization: { id: String(i.organization.id), name: i.organization.name },
  } satisfies InviteAttributes);

// Any string is accepted here: a malformed key is just another invalid link (404, not 400).
const keyParams = z.object({ key: z.string() });
const inviteDocument = jsonApi(oneDocument(inviteResourceSchema));

export default async function inviteRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, authenticator, config } = app.deps;

  app.post(
    '/invite',
    {
      config: org({ action: 'org.admin', closedWorkspace: 'allowed' }),
      schema: { tags: ['invites'], summary: 'Create an invitation link (admins)', response: { 201: inviteDocument, ...refusals(403) } },
    },
    async (req, reply) => {
      const auth = memberOf(req);
      const invite = await createInvite(db, auth.orgId, auth.userId);
      return sendOne(reply, inviteResource(invite), 201);
    },
  );

  // The sign-up page has no token; both spellings answer the same.
  for (const path of ['/ivs/:key', '/p/ivs/:key']) {
    app.get(
      path,
      { config: PUBLIC, schema: { tags: ['invites'], summary: 'An invitation link', security: [], params: keyParams, response: { 200: inviteDocument } } },
      async (req, reply) => {
        const invite = await requireInvite(db, req.params.key);
        return sendOne(reply, inviteResource(invite));
      },
    );
  }

  app.post(
    '/p/new_user',
    {
      config: PUBLIC,
      schema: {
        tags: ['invites'],
        summary: 'Sign up through an invitation link',
        security: [],
        body: inviteUserBody,
        // 404: the invitation is not valid or expired; 409: the address has an account.
        response: { 201: jsonApi(oneDocument(resourceSchema('user', invitedUserAttributesSchema))), ...refusals(404, 409) },
      },
    },
    async (req, reply) => {
      const result = await signUpWithInvite({ db, authenticator, config }, req.body.data.attributes, req.headers['user-agent']);
      return sendOne(
        reply,
        resource('user', result.user.id, {
          status: 'OK',
          email: result.user.email,
          token: result.token,
          expires_at: result.expiresAt.toISOString(),
        } satisfies InvitedUserAttributes),
        201,
      );
    },
  );
}
