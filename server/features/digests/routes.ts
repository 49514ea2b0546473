import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { memberOf, org, PUBLIC } from '../../http/access.js';
import { AppError, notFound } from '../../http/errors.js';
import { JSONAPI, rel, resource, sendOne } from '../../http/jsonapi.js';
import { jsonApi, refusals } from '../../http/openapi.js';
import { z } from 'zod';
import { oneDocument, resourceSchema, toOne } from '../../../common/schemas/jsonapi.js';
import { FREQUENCIES } from './repo.js';
import { projectInOrg } from '../projects/service.js';
import { notificationCreateBody, notificationIdParams, notificationListQuery, notificationUpdateBody, unsubscribeParams } from './schemas.js';
import {
  findByToken,
  listSubscriptions,
  toggleSubscription,
  unsubscribeByToken,
  updateSubscription,
  type SubscriptionRow,
  type UnsubscribeTarget,
} from './service.js';

/** A subscription as the spec's calls answer it: status (and frequency), with its project and user. */
export const notificationResource = (s: SubscriptionRow) =>
  resource(
    'notification',
    s.id,
    { status: s.status, frequency: s.frequency, project_id: String(s.projectId), user_id: String(s.userId) },
    { project: rel('project', s.projectId), user: rel('user', s.userId) },
  );

/** "jane.doe@example.com" → "j•••@example.com": enough to recognise one's address, not to harvest it. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '•••';
  return `${email[0]}•••${email.slice(at)}`;
}

const unsubscribeResource = (t: UnsubscribeTarget) =>
  resource('unsubscribe', t.id, {
    status: t.status,
    frequency: t.frequency,
    project_name: t.projectName,
    organization_name: t.organizationName,
    email: maskEmail(t.email),
  });

const isPublic = { security: [] };

/** The resources above, for the API document. */
const notificationSchema = resourceSchema(
  'notification',
  z.object({ status: z.boolean(), frequency: z.string().describe(FREQUENCIES.join(' or ')), project_id: z.string(), user_id: z.string() }),
).extend({ relationships: z.object({ project: toOne('project'), user: toOne('user') }) });
const unsubscribeDocument = jsonApi(
  oneDocument(
    resourceSchema(
      'unsubscribe',
      z.object({
        status: z.boolean(),
        frequency: z.string().describe(FREQUENCIES.join(' or ')),
        project_name: z.string(),
        organization_name: z.string(),
        /** Masked: the first letter and the domain. */
        email: z.string(),
      }),
    ),
  ),
);

/**
 * The user named in a body or query must be the caller: one manages only one's own
 * notifications. Someone else's id answers 404 like any id the caller cannot see.
 */
function requireSelf(callerId: number, userId: number | undefined, pointer?: string) {
  if (userId !== undefined && userId !== callerId) throw new AppError('not_found', 'The user was not found', pointer);
}

/**
 * E-mail notifications (001 "Notifications"): the caller's subscriptions to their organization's
 * projects, and the public unsubscribe of a digest's link (RFC 8058 one-click).
 */
export default async function digestRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;

  app.get(
    '/notifications',
    {
      config: org(),
      schema: {
        tags: ['notifications'],
        summary: "The caller's project e-mail notifications (id = the caller's user id)",
        querystring: notificationListQuery,
        // 404: `id` is another user's.
        response: { 200: jsonApi(z.object({ data: z.array(notificationSchema) })), ...refusals(403, 404) },
      },
    },
    async (req, reply) => {
      const auth = memberOf(req);
      requireSelf(auth.userId, req.query.id);
      const rows = await listSubscriptions(db, auth.orgId, auth.userId);
      return reply.type(JSONAPI).send({ data: rows.map(notificationResource) });
    },
  );

  app.post(
    '/notifications',
    {
      config: org(),
      schema: {
        tags: ['notifications'],
        summary: 'Subscribe the caller to a project, or flip an existing subscription',
        body: notificationCreateBody,
        // 201: a new subscription; 200: an existing one flipped.
        response: { 201: jsonApi(oneDocument(notificationSchema)), 200: jsonApi(oneDocument(notificationSchema)), ...refusals(403, 404) },
      },
    },
    async (req, reply) => {
      const auth = memberOf(req);
      const { project_id: projectId, user_id: userId } = req.body.data.attributes;
      requireSelf(auth.userId, userId, '/data/attributes/user_id');
      if (!(await projectInOrg(db, auth.orgId, projectId))) throw notFound('project');
      const { row, created } = await toggleSubscription(db, auth.orgId, auth.userId, projectId, new Date());
      return sendOne(reply, notificationResource(row), created ? 201 : 200);
    },
  );

  app.patch(
    '/notifications/:id',
    {
      config: org(),
      schema: {
        tags: ['notifications'],
        summary: 'Switch a subscription on or off, or change how often it mails',
        params: notificationIdParams,
        body: notificationUpdateBody,
        response: { 200: jsonApi(oneDocument(notificationSchema)), ...refusals(403) },
      },
    },
    async (req, reply) => {
      const auth = memberOf(req);
      // A body id other than the address's was refused (409) by the app-wide refuseMismatchedId hook.
      const { attributes } = req.body.data;
      requireSelf(auth.userId, attributes.user_id, '/data/attributes/user_id');
      const row = await updateSubscription(db, auth.orgId, auth.userId, req.params.id, attributes.subscription, new Date());
      if (!row) throw notFound('notification');
      return sendOne(reply, notificationResource(row));
    },
  );

  app.get(
    '/p/unsubscribe/:token',
    {
      // The unsubscribe link's token is the whole credential (32 random bytes): it reaches that one
      // subscription and nothing else.
      config: PUBLIC,
      schema: {
        tags: ['notifications'],
        summary: 'What an unsubscribe link would turn off (no token needed; changes nothing)',
        ...isPublic,
        params: unsubscribeParams,
        response: { 200: unsubscribeDocument },
      },
    },
    async (req, reply) => {
      const target = await findByToken(db, req.params.token);
      if (!target) throw notFound('subscription');
      return sendOne(reply, unsubscribeResource(target));
    },
  );

  // RFC 8058: mail clients POST `List-Unsubscribe=One-Click` form-encoded; the web page posts
  // JSON or nothing. The body says nothing we need (the token is the whole request), so it is
  // read as text in this route's own scope and ignored.
  await app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_req, body, done) => done(null, body));
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/p/unsubscribe/:token',
      {
        config: PUBLIC,
        schema: {
          tags: ['notifications'],
          summary: 'One-click unsubscribe: turns this one subscription off (idempotent, no token needed)',
          ...isPublic,
          params: unsubscribeParams,
          response: { 200: unsubscribeDocument },
        },
      },
      async (req, reply) => {
        const { token } = req.params;
        if (!(await unsubscribeByToken(db, token, new Date()))) throw notFound('subscription');
        const target = await findByToken(db, token);
        return sendOne(reply, unsubscribeResource(target!));
      },
    );
  });
}
