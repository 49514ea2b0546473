import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MSG } from '../../../common/messages.js';
import { memberOf, org, PUBLIC } from '../../http/access.js';
import { authorize } from '../../http/authorize.js';
import { AppError } from '../../http/errors.js';
import { JSONAPI, resource, sendOne } from '../../http/jsonapi.js';
import { jsonApi, noContent, plainJson, refusals } from '../../http/openapi.js';
import { oneDocument, resourceSchema } from '../../../common/schemas/jsonapi.js';
import { verifySlackSignature } from './crypto.js';
import { appBaseUrl } from '../../http/base-url.js';
import {
  authorizeUrl,
  channelCount,
  completeInstall,
  endInstallation,
  findInstallation,
  listChannels,
  slackConfigured,
  syncChannels,
  uninstall,
} from './service.js';

/**
 * The Slack app: the OAuth v2 install ("Add to Slack" and Slack's callback), the Events API
 * (uninstall, revoked tokens), the installation as settings show it, and the workspace's channels.
 */

/** Slack's events are small; an uninstall is a few hundred bytes. */
const EVENTS_BODY_LIMIT = 64 * 1024;

/** What the routes answer, for the API document. */
const channelsDocument = jsonApi(
  z.object({
    data: z.array(resourceSchema('slack_channel', z.object({ name: z.string(), is_private: z.boolean(), is_member: z.boolean() }))),
    meta: z.object({ total: z.number().int() }),
  }),
);
const installationDocument = jsonApi(
  oneDocument(
    resourceSchema(
      'slack_installation',
      z.object({
        configured: z.boolean(),
        installed: z.boolean(),
        team_name: z.string().nullable(),
        installed_at: z.string().nullable(),
        revoked_at: z.string().nullable(),
        revoked_reason: z.string().nullable(),
        channels_synced_at: z.string().nullable(),
        channel_count: z.number().int(),
      }),
    ),
  ),
);
/** Slack's Events API envelope (url_verification, event_callback), read as the bytes Slack signed. */
const slackEventSchema = z.looseObject({
  type: z.string(),
  challenge: z.string().optional(),
  team_id: z.string().optional(),
  event: z.looseObject({}).optional(),
});

const callbackQuery = z.object({
  code: z.string().max(512).optional(),
  state: z.string().max(2048).optional(),
  error: z.string().max(200).optional(),
});

export default async function slackRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, config } = app.deps;
  const deps = { db, config };

  // Settings, open after a trial ended like the organization's; the changes are its admins'.
  const member = org({ closedWorkspace: 'allowed' });
  const admin = org({ action: 'org.admin', closedWorkspace: 'allowed' });

  const requireConfigured = () => {
    if (!slackConfigured(config)) throw new AppError('not_connected', MSG.slack.notConfigured);
  };

  app.get(
    '/slack/install',
    {
      config: admin,
      schema: {
        tags: ['slack'],
        summary: 'The "Add to Slack" link (admins)',
        // 503: Slack is not configured on this server.
        response: { 200: jsonApi(oneDocument(resourceSchema('slack_install', z.object({ url: z.string() })))), ...refusals(403, 503) },
      },
    },
    async (req, reply) => {
      const auth = authorize(memberOf(req), 'notify.slack');
      requireConfigured();
      const url = await authorizeUrl(deps, { orgId: auth.orgId, userId: auth.userId }, appBaseUrl(config, req));
      return sendOne(reply, resource('slack_install', auth.orgId, { url }));
    },
  );

  // Public: Slack sends the installing admin's browser here. The signed state says which
  // organization and person started it; the browser lands on a page that explains the result.
  app.get(
    '/p/slack/oauth/callback',
    {
      config: PUBLIC,
      schema: {
        tags: ['slack'],
        summary: 'Slack OAuth v2 callback',
        security: [],
        querystring: callbackQuery,
        response: { 302: noContent('To the page that shows the outcome (/slack/installed?status=…)') },
      },
    },
    async (req, reply) => {
      let target: string;
      try {
        const result = await completeInstall(deps, { ...req.query, baseUrl: appBaseUrl(config, req) });
        target = result.ok ? '/slack/installed?status=ok' : `/slack/installed?status=error&reason=${result.reason}`;
      } catch (err) {
        req.log.error({ err }, 'slack install failed');
        target = '/slack/installed?status=error&reason=internal';
      }
      return reply.redirect(target, 302);
    },
  );

  app.get(
    '/slack/installation',
    {
      config: member,
      schema: { tags: ['slack'], summary: "The organization's Slack app, as settings show it", response: { 200: installationDocument, ...refusals(403) } },
    },
    async (req, reply) => {
      const auth = memberOf(req);
      const row = await findInstallation(db, auth.orgId);
      return sendOne(
        reply,
        resource('slack_installation', auth.orgId, {
          configured: slackConfigured(config),
          installed: Boolean(row && !row.revokedAt),
          team_name: row?.teamName ?? null,
          installed_at: row?.installedAt.toISOString() ?? null,
          revoked_at: row?.revokedAt?.toISOString() ?? null,
          revoked_reason: row?.revokedReason ?? null,
          channels_synced_at: row?.channelsSyncedAt?.toISOString() ?? null,
          channel_count: row ? await channelCount(db, auth.orgId) : 0,
        }),
      );
    },
  );

  app.get(
    '/slack/channels',
    {
      config: member,
      schema: { tags: ['slack'], summary: "The channels of the organization's Slack workspace", response: { 200: channelsDocument, ...refusals(403) } },
    },
    async (req, reply) => {
      const auth = memberOf(req);
      const rows = await listChannels(db, auth.orgId);
      const data = rows.map((c) => resource('slack_channel', c.channelId, { name: c.name, is_private: c.isPrivate, is_member: c.isMember }));
      return reply.type(JSONAPI).send({ data, meta: { total: data.length } });
    },
  );

  app.post(
    '/slack/channels/refresh',
    {
      config: admin,
      schema: {
        tags: ['slack'],
        summary: "List the workspace's channels again (admins)",
        // 409: no app is installed (or it was removed); 502: Slack failed; 503: Slack is not configured.
        response: { 200: channelsDocument, ...refusals(403, 409, 502, 503) },
      },
    },
    async (req, reply) => {
      const auth = memberOf(req);
      requireConfigured();
      const row = await findInstallation(db, auth.orgId);
      if (!row || row.revokedAt) throw new AppError('conflict', MSG.slack.notInstalled);
      const res = await syncChannels(deps, auth.orgId);
      if (!res.ok) {
        if (res.error === 'not_installed' || (await findInstallation(db, auth.orgId))?.revokedAt) throw new AppError('conflict', MSG.slack.revokedNow);
        throw new AppError('bad_gateway', `Slack did not list the channels (${res.error}); try again later`);
      }
      const rows = await listChannels(db, auth.orgId);
      const data = rows.map((c) => resource('slack_channel', c.channelId, { name: c.name, is_private: c.isPrivate, is_member: c.isMember }));
      return reply.type(JSONAPI).send({ data, meta: { total: data.length } });
    },
  );

  app.delete(
    '/slack/installation',
    {
      config: admin,
      schema: { tags: ['slack'], summary: 'Disconnect the Slack app (admins)', response: { 204: noContent('Disconnected'), ...refusals(403, 404) } },
    },
    async (req, reply) => {
      const auth = memberOf(req);
      if (!(await uninstall(deps, auth.orgId))) throw new AppError('not_found', MSG.slack.notInstalled);
      return reply.code(204).send();
    },
  );

  // The Events API, in its own scope: the signature covers the exact bytes Slack sent.
  await app.register(async (events) => {
    events.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: EVENTS_BODY_LIMIT }, (_req, body, done) => done(null, body));
    events.post(
      '/p/slack/events',
      {
        // The X-Slack-Signature header is the credential.
        config: PUBLIC,
        bodyLimit: EVENTS_BODY_LIMIT,
        schema: {
          tags: ['slack'],
          summary: 'Slack Events API (signed)',
          security: [],
          consumes: ['application/json'],
          documentedBody: slackEventSchema,
          // 200 with the challenge for url_verification, empty for events; 401: the signature does not match; 503: not configured.
          response: { 200: plainJson(z.object({ challenge: z.string() })), ...refusals(401, 503) },
        },
      },
      async (req, reply) => {
        const secret = config.slack.signingSecret;
        if (!secret) throw new AppError('not_connected', MSG.slack.eventsNotConfigured);
        const raw = typeof req.body === 'string' ? req.body : '';
        const header = (name: string) => (typeof req.headers[name] === 'string' ? (req.headers[name] as string) : undefined);
        if (!verifySlackSignature(secret, { timestamp: header('x-slack-request-timestamp'), signature: header('x-slack-signature') }, raw)) {
          throw new AppError('unauthorized', 'The X-Slack-Signature header does not match this body and timestamp');
        }
        let body: { type?: unknown; challenge?: unknown; team_id?: unknown; event?: { type?: unknown; tokens?: { bot?: unknown } } };
        try {
          body = JSON.parse(raw);
        } catch {
          throw new AppError('bad_request', 'The body is not JSON');
        }
        if (!body || typeof body !== 'object') throw new AppError('bad_request', 'The body is not a JSON object');
        if (body.type === 'url_verification') {
          if (typeof body.challenge !== 'string') throw new AppError('bad_request', 'url_verification without a challenge');
          return reply.type('application/json').send({ challenge: body.challenge });
        }
        const eventType = body.event?.type;
        // tokens_revoked also reports user tokens, which the app never holds: only a bot token ends it.
        const botRevoked = eventType === 'tokens_revoked' && Array.isArray(body.event?.tokens?.bot) && body.event.tokens.bot.length > 0;
        if (body.type === 'event_callback' && (eventType === 'app_uninstalled' || botRevoked) && typeof body.team_id === 'string') {
          const ended = await endInstallation(db, { teamId: body.team_id }, eventType);
          req.log.info({ teamId: body.team_id, event: eventType, organizations: ended.length }, 'slack app removed');
        }
        // Other events are acknowledged and ignored: Slack retries anything that is not a 2xx.
        return reply.code(200).send();
      },
    );
  });
}
