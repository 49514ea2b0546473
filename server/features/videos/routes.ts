import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idSchema } from '../../../common/schemas/jsonapi.js';
import {
  saveMissingVideoBody,
  savedVideosDeleteBody,
  savedVideoUpdateBody,
  youtubeFeedCreateBody,
  youtubeFeedDeleteBody,
  youtubeFeedPreviewBody,
  youtubeFeedSaveBody,
  youtubeFeedUpdateBody,
} from '../../../common/schemas/videos.js';
import { requireActiveOrg, requirePermission, type OrgAuth } from '../../http/auth.js';
import { AppError, errorObject, notFound, ValidationError } from '../../http/errors.js';
import { JSONAPI, resource, sendOne } from '../../http/jsonapi.js';
import { assertWebhookHosts, sendWebhookTests, webhooksSet } from '../alerts/service.js';
import { getProject, projectInOrg } from '../projects/service.js';
import { readBody } from './body.js';
import { createYoutubeFeed, deleteFeedVideos, feedAttributes, findFeed, updateYoutubeFeed, type FeedSettings } from './feeds.js';
import { refreshSearch } from './jobs.js';
import { FEED_SORTS, listFeedVideos, listSavedVideos, parseMediaListQuery, SAVED_SORTS, savedAttributes } from './lists.js';
import { deleteSavedVideos, saveFeedVideos, saveMissingVideo, updateSavedVideo } from './saved.js';
import { previewKeyword, youtubeAvailability } from './service.js';
import websubRoutes from './websub-routes.js';

const idParams = z.object({ id: idSchema });
const meta = (total: number, page: number, pageSize: number) => ({ total_entries: total, last_page: Math.max(1, Math.ceil(total / pageSize)), page_number: page, page_size: pageSize });
const bulk = (id: string, success: number, failed: number, results: unknown[]) => ({ data: { type: 'bulk_result', id, attributes: { success, failed, results } } });

/** Every videos route: an active organization whose plan has YouTube feeds. */
function guard(req: Parameters<typeof requireActiveOrg>[0]): OrgAuth {
  const auth = requireActiveOrg(req);
  requirePermission(auth, 'youtube_feed');
  return auth;
}

/** Slack fields need the plan's `slack` flag, Discord fields its `discord` flag (as alerts do). */
function checkWebhookFlags(auth: OrgAuth, s: FeedSettings) {
  if (s.slackWebhookUrl) requirePermission(auth, 'slack');
  if (s.discordWebhookUrl) requirePermission(auth, 'discord');
}

const settingsOf = (b: { slack_webhook_url?: string | null; slack_min_subs_notification?: number | null; discord_webhook_url?: string | null; discord_min_subs_notification?: number | null }): FeedSettings => ({
  slackWebhookUrl: b.slack_webhook_url, slackMinSubs: b.slack_min_subs_notification, discordWebhookUrl: b.discord_webhook_url, discordMinSubs: b.discord_min_subs_notification,
});

/** The videos feature's HTTP routes (spec 001 "Video feed (YouTube)", "Saved videos and streams"). */
export default async function videosRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = app.deps;
  const { db, config } = deps;
  /**
   * A saved feed's document, and what the services answered to the test messages of the webhooks
   * this save set (new or changed; `before` is null for a new feed), posted after commit.
   */
  const savedFeed = async (orgId: number, id: number, before: { slackWebhookUrl: string | null; discordWebhookUrl: string | null } | null) => {
    const feed = await findFeed(db, orgId, id);
    if (!feed) throw notFound('YouTube feed');
    const urls = webhooksSet(before, { slackWebhookUrl: feed.slack_webhook_url, discordWebhookUrl: feed.discord_webhook_url });
    const notificationTests = urls.slack || urls.discord ? await sendWebhookTests(config, urls, (await getProject(db, orgId, feed.project_id)).name) : {};
    return { doc: resource('youtube_feed', feed.id, { ...feedAttributes(feed, config) }), notificationTests };
  };
  const feedDoc = async (orgId: number, id: number) => {
    const feed = await findFeed(db, orgId, id);
    if (!feed) throw notFound('YouTube feed');
    return resource('youtube_feed', feed.id, { ...feedAttributes(feed, config) });
  };

  app.get('/youtube_feed/availability', { schema: { tags: ['videos'], summary: 'Whether YouTube searches can run on this server now' } }, async (req, reply) => {
    requireActiveOrg(req);
    return sendOne(reply, resource('availability', 'youtube', { ...(await youtubeAvailability(deps)) }));
  });

  app.post('/youtube_feed', { schema: { tags: ['videos'], summary: "Create a project's YouTube feed (one per project)" } }, async (req, reply) => {
    const auth = guard(req);
    const { value, pointer } = readBody(youtubeFeedCreateBody, req.body);
    const settings = settingsOf(value);
    checkWebhookFlags(auth, settings);
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
  });

  app.get('/youtube_feed/:id/info', { schema: { tags: ['videos'], summary: 'A YouTube feed and its polling state', params: idParams } }, async (req, reply) => {
    const auth = guard(req);
    return sendOne(reply, await feedDoc(auth.orgId, req.params.id));
  });

  app.patch('/youtube_feed/:id', { schema: { tags: ['videos'], summary: 'Edit a YouTube feed (a new keyword moves it to that shared search)', params: idParams } }, async (req, reply) => {
    const auth = guard(req);
    const { value, pointer } = readBody(youtubeFeedUpdateBody, req.body);
    const settings = settingsOf(value);
    checkWebhookFlags(auth, settings);
    assertWebhookHosts(settings, config.allowPrivateNetwork, pointer);
    const before = await db.transaction((tx) => updateYoutubeFeed(tx, auth.orgId, req.params.id, { ...settings, keyword: value.keyword, isEnabled: value.is_enabled }));
    const { doc, notificationTests } = await savedFeed(auth.orgId, req.params.id, before);
    return sendOne(reply, doc, 200, { meta: { notification_tests: notificationTests } });
  });

  app.get('/youtube_feed/:id', { schema: { tags: ['videos'], summary: "A YouTube feed's videos", params: idParams } }, async (req, reply) => {
    const auth = guard(req);
    const query = req.query as Record<string, unknown>;
    const org = query.organization_id;
    if (org !== undefined && String(org) !== String(auth.orgId)) throw notFound('YouTube feed');
    const feed = await findFeed(db, auth.orgId, req.params.id);
    if (!feed) throw notFound('YouTube feed');
    const q = parseMediaListQuery(query, FEED_SORTS);
    const { rows, total } = await listFeedVideos(db, auth.orgId, feed.id, feed.project_id, q);
    return reply.type(JSONAPI).send({
      data: rows.map((r) => resource('youtube_video', r.id, { ...r.attributes })),
      meta: { ...meta(total, q.page, q.pageSize), latest_pull: feed.latest_pull === null ? null : new Date(feed.latest_pull).toISOString() },
    });
  });

  app.get('/youtube_feed/:id/refresh', { schema: { tags: ['videos'], summary: "Poll a feed's search now (platform operator)", params: idParams } }, async (req, reply) => {
    const auth = requireActiveOrg(req);
    if (!auth.org.capabilities.platform_operator) throw notFound('YouTube feed');
    const feed = await findFeed(db, auth.orgId, req.params.id);
    if (!feed) throw notFound('YouTube feed');
    if (!config.youtube.apiKey) throw new AppError('not_connected', 'YouTube is not connected on this server: set YOUTUBE_API_KEY.');
    await refreshSearch(deps.boss, deps, feed.search_id);
    return sendOne(reply, resource('refresh', feed.id, { queued: true }), 202);
  });

  app.post('/youtube_feed/preview', { schema: { tags: ['videos'], summary: 'The newest videos a keyword finds (one search, cached 30 minutes)' } }, async (req) => {
    guard(req);
    const { value } = readBody(youtubeFeedPreviewBody, req.body);
    return { data: await previewKeyword(deps, value.keyword) };
  });

  app.post('/youtube_feed/save', { schema: { tags: ['videos'], summary: 'Save feed videos to saved coverage under tags' } }, async (req, reply) => {
    const auth = guard(req);
    const { value } = readBody(youtubeFeedSaveBody, req.body);
    const result = await saveFeedVideos(db, auth.orgId, value.youtube_videos);
    return reply.type(JSONAPI).send(bulk('save', result.success, result.failed, result.results));
  });

  app.delete('/youtube_feed', { schema: { tags: ['videos'], summary: 'Remove videos from a feed (no later poll brings them back)' } }, async (req, reply) => {
    const auth = guard(req);
    const { value } = readBody(youtubeFeedDeleteBody, req.body);
    const n = await deleteFeedVideos(db, auth.orgId, value.keyword_id, value.videos);
    return reply.type(JSONAPI).send(bulk('delete', n, 0, []));
  });

  app.get('/saved_videos', { schema: { tags: ['videos'], summary: "A project's saved videos" } }, async (req, reply) => {
    const auth = guard(req);
    const query = req.query as Record<string, unknown>;
    const raw = query['filter[project_id]'] ?? query.project_id;
    const projectId = idSchema.safeParse(Array.isArray(raw) ? raw[raw.length - 1] : raw);
    if (!projectId.success || projectId.data > 2_147_483_647)
      throw new ValidationError([errorObject('bad_request', 'project_id (a project id) is required', { parameter: 'project_id' })], 'bad_request');
    if (!(await projectInOrg(db, auth.orgId, projectId.data))) throw notFound('project');
    const q = parseMediaListQuery(query, SAVED_SORTS);
    const { rows, total } = await listSavedVideos(db, auth.orgId, projectId.data, q);
    return reply.type(JSONAPI).send({ data: rows.map((r) => resource('saved_video', r.id, { ...savedAttributes(r) })), meta: meta(total, q.page, q.pageSize) });
  });

  app.patch('/saved_videos/:id', { schema: { tags: ['videos'], summary: 'Edit a saved video', params: idParams } }, async (req, reply) => {
    const auth = guard(req);
    const { value, pointer } = readBody(savedVideoUpdateBody, req.body);
    const row = await updateSavedVideo(
      db,
      auth.orgId,
      req.params.id,
      {
        tagId: value.tag_id, title: value.title, description: value.description, views: value.views, channelSubscribers: value.channel_subscribers,
        channelLanguage: value.channel_language, channelCountry: value.channel_country, publishedAt: value.published_at,
      },
      pointer,
    );
    return sendOne(reply, resource('saved_video', row.id, { ...savedAttributes(row) }), 200, { meta: { message: 'Video has been edited.' } });
  });

  app.delete('/saved_videos', { schema: { tags: ['videos'], summary: 'Delete saved videos' } }, async (req, reply) => {
    const auth = guard(req);
    const { value } = readBody(savedVideosDeleteBody, req.body);
    const n = await deleteSavedVideos(db, auth.orgId, value.video_ids);
    return reply.type(JSONAPI).send(bulk('delete', n, 0, []));
  });

  app.post('/saved_videos/save_missing_video', { schema: { tags: ['videos'], summary: 'Save a video by its YouTube address' } }, async (req, reply) => {
    const auth = guard(req);
    const { value, pointer } = readBody(saveMissingVideoBody, req.body);
    const row = await saveMissingVideo(deps, auth.orgId, { url: value.youtube_video_url, tagId: value.tag_id }, pointer);
    return sendOne(reply, resource('saved_video', row.id, { ...savedAttributes(row) }), 201);
  });

  await app.register(websubRoutes);
}
