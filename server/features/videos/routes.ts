import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idSchema, listMetaSchema, oneDocument, plainOrDocument, resourceSchema } from '../../../common/schemas/jsonapi.js';
import { bulkResultSchema } from '../../../common/schemas/articles.js';
import { notificationTestsSchema } from '../../../common/schemas/alerts.js';
import {
  youtubeFeedResourceSchema,
  youtubePreviewVideoSchema,
  youtubeVideoResourceSchema,
  youtubeFeedCreateBody,
  youtubeFeedDeleteBody,
  youtubeFeedPreviewBody,
  youtubeFeedSaveBody,
  youtubeFeedUpdateBody,
} from '../../../common/schemas/videos.js';
import { memberOf, org } from '../../http/access.js';
import { authorizeChannels, webhookChannels } from '../../http/authorize.js';
import { AppError, notFound } from '../../http/errors.js';
import { JSONAPI, resource, sendOne } from '../../http/jsonapi.js';
import { jsonApi, plainJson, refusals } from '../../http/openapi.js';
import { assertWebhookHosts, sendWebhookTests, webhooksSet } from '../alerts/service.js';
import { getProject, projectInOrg } from '../projects/service.js';
import { readBody } from './body.js';
import { listFeedVideos, FEED_SORTS } from './items-repo.js';
import { refreshSearch } from './jobs.js';
import { previewKeyword } from './preview.js';
import { bulkResultDocument as bulk, feedResource, feedVideoResource, listMeta as meta } from './presenter.js';
import { parseMediaListQuery } from './queries.js';
import type { FeedSettings } from './repo.js';
import savedVideoRoutes from './saved-routes.js';
import {
  createYoutubeFeed,
  deleteYoutubeFeedVideos,
  getYoutubeFeed,
  notConnected,
  saveFeedVideos,
  updateYoutubeFeed,
  youtubeAvailability,
  type FeedWebhooks,
} from './service.js';
import websubRoutes from './websub-routes.js';

const idParams = z.object({ id: idSchema });

// What the routes answer (readBody reads each body as the plain object or `data.attributes`).
const bulkDocument = jsonApi(z.object({ data: z.object({ type: z.literal('bulk_result'), id: z.enum(['save', 'delete']), attributes: bulkResultSchema }) }));
const feedDocument = (meta: z.ZodType) => jsonApi(oneDocument(youtubeFeedResourceSchema, { meta }));
const availabilityDocument = jsonApi(
  oneDocument(
    resourceSchema('availability', z.object({ available: z.boolean(), reason: z.string().nullable(), searches_left_today: z.number().int().nullable() })),
  ),
);

const settingsOf = (b: {
  slack_webhook_url?: string | null;
  slack_min_subs_notification?: number | null;
  discord_webhook_url?: string | null;
  discord_min_subs_notification?: number | null;
}): FeedSettings => ({
  slackWebhookUrl: b.slack_webhook_url,
  slackMinSubs: b.slack_min_subs_notification,
  discordWebhookUrl: b.discord_webhook_url,
  discordMinSubs: b.discord_min_subs_notification,
});

/**
 * The videos feature's HTTP routes (spec 001 "Video feed (YouTube)", "Saved videos and streams"): each
 * needs `youtube.use`, the refresh `youtube.refresh`; Slack and Discord webhooks their plan flags.
 */
export default async function videosRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = app.deps;
  const { db, config } = deps;
  /**
   * A saved feed's document, and what the services answered to the test messages of the webhooks
   * this save set (new or changed; `before` is null for a new feed), posted after commit.
   */
  const savedFeed = async (orgId: number, id: number, before: FeedWebhooks | null) => {
    const feed = await getYoutubeFeed(db, orgId, id);
    const urls = webhooksSet(before, { slackWebhookUrl: feed.slack_webhook_url, discordWebhookUrl: feed.discord_webhook_url });
    const notificationTests = urls.slack || urls.discord ? await sendWebhookTests(config, urls, (await getProject(db, orgId, feed.project_id)).name) : {};
    return { doc: feedResource(feed, config), notificationTests };
  };
  const youtube = org({ action: 'youtube.use' });

  app.get(
    '/youtube_feed/availability',
    {
      config: org(),
      schema: { tags: ['videos'], summary: 'Whether YouTube searches can run on this server now', response: { 200: availabilityDocument, ...refusals(403) } },
    },
    async (req, reply) => {
      return sendOne(reply, resource('availability', 'youtube', { ...(await youtubeAvailability(deps)) }));
    },
  );

  app.post(
    '/youtube_feed',
    {
      config: youtube,
      schema: {
        tags: ['videos'],
        summary: "Create a project's YouTube feed (one per project)",
        documentedBody: plainOrDocument(youtubeFeedCreateBody),
        // 404: no such project; 409: the project has a YouTube feed.
        response: {
          201: feedDocument(z.object({ status: z.enum(['ACTIVE', 'PENDING']), reason: z.string(), notification_tests: notificationTestsSchema })),
          ...refusals(403, 404, 409, 422),
        },
      },
    },
    async (req, reply) => {
      const auth = memberOf(req);
      const { value, pointer } = readBody(youtubeFeedCreateBody, req.body);
      authorizeChannels(auth, webhookChannels(value, pointer));
      const settings = settingsOf(value);
      assertWebhookHosts(settings, config.allowPrivateNetwork, pointer);
      const created = await db.transaction(async (tx) => {
        if (!(await projectInOrg(tx, auth.orgId, value.project_id))) throw notFound('project');
        return createYoutubeFeed(tx, auth.orgId, { projectId: value.project_id, keyword: value.keyword, ...settings }, config).catch((err: unknown) => {
          if (err instanceof AppError && err.code === 'conflict') throw new AppError('conflict', err.message, pointer('project_id'));
          throw err;
        });
      });
      const { doc, notificationTests } = await savedFeed(auth.orgId, created.id, null);
      return sendOne(reply, doc, 201, { meta: { status: created.status, reason: created.reason, notification_tests: notificationTests } });
    },
  );

  app.get(
    '/youtube_feed/:id/info',
    {
      config: youtube,
      schema: {
        tags: ['videos'],
        summary: 'A YouTube feed and its polling state',
        params: idParams,
        response: { 200: jsonApi(oneDocument(youtubeFeedResourceSchema)), ...refusals(403) },
      },
    },
    async (req, reply) => {
      const auth = memberOf(req);
      return sendOne(reply, feedResource(await getYoutubeFeed(db, auth.orgId, req.params.id), config));
    },
  );

  app.patch(
    '/youtube_feed/:id',
    {
      config: youtube,
      schema: {
        tags: ['videos'],
        summary: 'Edit a YouTube feed (a new keyword moves it to that shared search)',
        params: idParams,
        documentedBody: plainOrDocument(youtubeFeedUpdateBody),
        response: { 200: feedDocument(z.object({ notification_tests: notificationTestsSchema })), ...refusals(403, 422) },
      },
    },
    async (req, reply) => {
      const auth = memberOf(req);
      const { value, pointer } = readBody(youtubeFeedUpdateBody, req.body);
      authorizeChannels(auth, webhookChannels(value, pointer));
      const settings = settingsOf(value);
      assertWebhookHosts(settings, config.allowPrivateNetwork, pointer);
      const before = await db.transaction((tx) =>
        updateYoutubeFeed(tx, auth.orgId, req.params.id, { ...settings, keyword: value.keyword, isEnabled: value.is_enabled }),
      );
      const { doc, notificationTests } = await savedFeed(auth.orgId, req.params.id, before);
      return sendOne(reply, doc, 200, { meta: { notification_tests: notificationTests } });
    },
  );

  app.get(
    '/youtube_feed/:id',
    {
      config: youtube,
      schema: {
        tags: ['videos'],
        summary: "A YouTube feed's videos",
        params: idParams,
        response: {
          200: jsonApi(z.object({ data: z.array(youtubeVideoResourceSchema), meta: listMetaSchema.extend({ latest_pull: z.string().nullable() }) })),
          ...refusals(403),
        },
      },
    },
    async (req, reply) => {
      const auth = memberOf(req);
      const query = req.query as Record<string, unknown>;
      const named = query.organization_id;
      if (named !== undefined && String(named) !== String(auth.orgId)) throw notFound('YouTube feed');
      const feed = await getYoutubeFeed(db, auth.orgId, req.params.id);
      const q = parseMediaListQuery(query, FEED_SORTS);
      const { rows, total } = await listFeedVideos(db, auth.orgId, feed.id, feed.project_id, q);
      return reply.type(JSONAPI).send({
        data: rows.map(feedVideoResource),
        meta: { ...meta(total, q.page, q.pageSize), latest_pull: feed.latest_pull === null ? null : new Date(feed.latest_pull).toISOString() },
      });
    },
  );

  app.get(
    '/youtube_feed/:id/refresh',
    {
      config: org({ action: 'youtube.refresh' }),
      schema: {
        tags: ['videos'],
        summary: "Poll a feed's search now (platform operator)",
        params: idParams,
        // 503: YouTube is not connected on this server.
        response: { 202: jsonApi(oneDocument(resourceSchema('refresh', z.object({ queued: z.literal(true) })))), ...refusals(403, 503) },
      },
    },
    async (req, reply) => {
      const auth = memberOf(req);
      const feed = await getYoutubeFeed(db, auth.orgId, req.params.id);
      if (!config.youtube.apiKey) throw notConnected();
      await refreshSearch(deps.boss, deps, feed.search_id);
      return sendOne(reply, resource('refresh', feed.id, { queued: true }), 202);
    },
  );

  app.post(
    '/youtube_feed/preview',
    {
      config: youtube,
      schema: {
        tags: ['videos'],
        summary: 'The newest videos a keyword finds (one search, cached 30 minutes)',
        documentedBody: plainOrDocument(youtubeFeedPreviewBody),
        // 429: today's search quota is spent; 502: YouTube failed; 503: YouTube is not connected.
        response: { 200: plainJson(z.object({ data: z.array(youtubePreviewVideoSchema) })), ...refusals(403, 422, 429, 502, 503) },
      },
    },
    async (req) => {
      const { value } = readBody(youtubeFeedPreviewBody, req.body);
      return { data: await previewKeyword(deps, value.keyword) };
    },
  );

  app.post(
    '/youtube_feed/save',
    {
      config: youtube,
      schema: {
        tags: ['videos'],
        summary: 'Save feed videos to saved coverage under tags',
        documentedBody: plainOrDocument(youtubeFeedSaveBody),
        response: { 200: bulkDocument, ...refusals(403, 422) },
      },
    },
    async (req, reply) => {
      const auth = memberOf(req);
      const { value } = readBody(youtubeFeedSaveBody, req.body);
      const result = await saveFeedVideos(db, auth.orgId, value.youtube_videos);
      return reply.type(JSONAPI).send(bulk('save', result.success, result.failed, result.results));
    },
  );

  app.delete(
    '/youtube_feed',
    {
      config: youtube,
      schema: {
        tags: ['videos'],
        summary: 'Remove videos from a feed (no later poll brings them back)',
        documentedBody: plainOrDocument(youtubeFeedDeleteBody),
        response: { 200: bulkDocument, ...refusals(403, 404, 422) },
      },
    },
    async (req, reply) => {
      const auth = memberOf(req);
      const { value } = readBody(youtubeFeedDeleteBody, req.body);
      const n = await deleteYoutubeFeedVideos(db, auth.orgId, value.keyword_id, value.videos);
      return reply.type(JSONAPI).send(bulk('delete', n, 0, []));
    },
  );

  await savedVideoRoutes(fastify);
  await app.register(websubRoutes);
}
