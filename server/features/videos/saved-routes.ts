import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MSG } from '../../../common/messages.js';
import { idSchema, listMetaSchema, oneDocument, plainOrDocument } from '../../../common/schemas/jsonapi.js';
import { bulkResultSchema } from '../../../common/schemas/articles.js';
import { saveMissingVideoBody, savedVideoResourceSchema, savedVideosDeleteBody, savedVideoUpdateBody } from '../../../common/schemas/videos.js';
import { memberOf, org } from '../../http/access.js';
import { errorObject, notFound, ValidationError } from '../../http/errors.js';
import { JSONAPI, sendOne } from '../../http/jsonapi.js';
import { jsonApi, refusals } from '../../http/openapi.js';
import { projectInOrg } from '../projects/service.js';
import { readBody } from './body.js';
import { bulkResultDocument as bulk, listMeta as meta, savedVideoResource } from './presenter.js';
import { parseMediaListQuery } from './queries.js';
import { deleteSavedVideos, listSavedVideos, SAVED_SORTS } from './saved-repo.js';
import { saveMissingVideo } from './save-missing.js';
import { updateSavedVideo } from './service.js';

const idParams = z.object({ id: idSchema });
const bulkDocument = jsonApi(z.object({ data: z.object({ type: z.literal('bulk_result'), id: z.enum(['save', 'delete']), attributes: bulkResultSchema }) }));
const savedVideoDocument = jsonApi(oneDocument(savedVideoResourceSchema, { meta: z.object({ message: z.string() }).optional() }));

/** Saved videos (spec 001 "Saved videos and streams"): list, edit, bulk delete, add by URL; each needs `youtube.use`. */
export default async function savedVideoRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = app.deps;
  const { db } = deps;
  const youtube = org({ action: 'youtube.use' });

  app.get(
    '/saved_videos',
    {
      config: youtube,
      schema: {
        tags: ['videos'],
        summary: "A project's saved videos",
        // 404: the project (`project_id`, required) is not the caller's.
        response: { 200: jsonApi(z.object({ data: z.array(savedVideoResourceSchema), meta: listMetaSchema })), ...refusals(403, 404) },
      },
    },
    async (req, reply) => {
      const auth = memberOf(req);
      const query = req.query as Record<string, unknown>;
      const raw = query['filter[project_id]'] ?? query.project_id;
      const projectId = idSchema.safeParse(Array.isArray(raw) ? raw[raw.length - 1] : raw);
      if (!projectId.success || projectId.data > 2_147_483_647)
        throw new ValidationError([errorObject('bad_request', 'project_id (a project id) is required', { parameter: 'project_id' })], 'bad_request');
      if (!(await projectInOrg(db, auth.orgId, projectId.data))) throw notFound('project');
      const q = parseMediaListQuery(query, SAVED_SORTS);
      const { rows, total } = await listSavedVideos(db, auth.orgId, projectId.data, q);
      return reply.type(JSONAPI).send({ data: rows.map(savedVideoResource), meta: meta(total, q.page, q.pageSize) });
    },
  );

  app.patch(
    '/saved_videos/:id',
    {
      config: youtube,
      schema: {
        tags: ['videos'],
        summary: 'Edit a saved video',
        params: idParams,
        documentedBody: plainOrDocument(savedVideoUpdateBody),
        response: { 200: savedVideoDocument, ...refusals(403, 422) },
      },
    },
    async (req, reply) => {
      const auth = memberOf(req);
      const { value, pointer } = readBody(savedVideoUpdateBody, req.body);
      const row = await updateSavedVideo(
        db,
        auth.orgId,
        req.params.id,
        {
          tagId: value.tag_id,
          title: value.title,
          description: value.description,
          views: value.views,
          channelSubscribers: value.channel_subscribers,
          channelLanguage: value.channel_language,
          channelCountry: value.channel_country,
          publishedAt: value.published_at,
        },
        pointer,
      );
      return sendOne(reply, savedVideoResource(row), 200, { meta: { message: MSG.videos.videoEdited } });
    },
  );

  app.delete(
    '/saved_videos',
    {
      config: youtube,
      schema: {
        tags: ['videos'],
        summary: 'Delete saved videos',
        documentedBody: plainOrDocument(savedVideosDeleteBody),
        response: { 200: bulkDocument, ...refusals(403, 422) },
      },
    },
    async (req, reply) => {
      const auth = memberOf(req);
      const { value } = readBody(savedVideosDeleteBody, req.body);
      const n = await deleteSavedVideos(db, auth.orgId, value.video_ids);
      return reply.type(JSONAPI).send(bulk('delete', n, 0, []));
    },
  );

  app.post(
    '/saved_videos/save_missing_video',
    {
      config: youtube,
      schema: {
        tags: ['videos'],
        summary: 'Save a video by its YouTube address',
        documentedBody: plainOrDocument(saveMissingVideoBody),
        // 429: today's quota is spent; 502: YouTube failed; 503: YouTube is not connected.
        response: { 201: savedVideoDocument, ...refusals(403, 422, 429, 502, 503) },
      },
    },
    async (req, reply) => {
      const auth = memberOf(req);
      const { value, pointer } = readBody(saveMissingVideoBody, req.body);
      const row = await saveMissingVideo(deps, auth.orgId, { url: value.youtube_video_url, tagId: value.tag_id }, pointer);
      return sendOne(reply, savedVideoResource(row), 201);
    },
  );
}
