import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MSG } from '../../../common/messages.js';
import { idSchema, listMetaSchema, oneDocument, plainOrDocument, resourceSchema } from '../../../common/schemas/jsonapi.js';
import { saveMissingStreamBody, savedStreamResourceSchema, savedStreamsDeleteBody, savedStreamUpdateBody } from '../../../common/schemas/streams.js';
import { bulkResultSchema } from '../../../common/schemas/articles.js';
import { memberOf, org } from '../../http/access.js';
import { AppError, errorObject, notFound, ValidationError } from '../../http/errors.js';
import { JSONAPI, resource, sendCsv, sendOne, wantsCsv } from '../../http/jsonapi.js';
import { jsonApi, listOrCsv, refusals } from '../../http/openapi.js';
import { SAVED_CSV_COLUMNS, savedStreamsCsv } from './csv.js';
import type { TwitchClient } from '../../integrations/twitch/client.js';
import { projectInOrg } from '../projects/service.js';
import { findTag } from '../tags/service.js';
import { bodyByHandler, parseBody } from './body.js';
import { savedStreamResource } from './presenter.js';
import { idsOf, listOf, pageOf, rangeOk, savedStreamsQuery } from './queries.js';
import { deleteSavedStreams, findSavedStream, listSavedStreams, updateSavedStreamRow, type SavedValues } from './saved-repo.js';
import { notConnected, saveMissingStream, twitchConfigured } from './service.js';

const idParams = z.object({ id: idSchema });
const savedStreamDocument = jsonApi(oneDocument(savedStreamResourceSchema, { meta: z.object({ message: z.string() }) }));

/** Saved streams (spec 001 "Saved videos and streams"): list, edit, bulk delete, add by URL; each needs `twitch.use`. */
export default async function savedStreamRoutes(fastify: FastifyInstance, client: TwitchClient) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, config } = app.deps;
  const tags = ['streams'];
  const twitch = org({ action: 'twitch.use' });

  app.get(
    '/saved_streams',
    {
      config: twitch,
      schema: {
        tags,
        summary: "A project's saved streams",
        querystring: savedStreamsQuery,
        // 404: the project (`project_id`, required) is not the caller's.
        // With `Accept: text/csv`: every saved stream of the list with the live metrics.
        response: { 200: listOrCsv(z.object({ data: z.array(savedStreamResourceSchema), meta: listMetaSchema })), ...refusals(403, 404) },
      },
    },
    async (req, reply) => {
      const auth = memberOf(req);
      const q = req.query;
      const projectId = q['filter[project_id]'] ?? q.project_id;
      const problems = [];
      if (projectId === undefined) problems.push(errorObject('bad_request', 'project_id is required', { parameter: 'project_id' }));
      const tagIds = idsOf(q.tags);
      if (!tagIds) problems.push(errorObject('bad_request', 'tags must be a comma-separated list of ids', { parameter: 'tags' }));
      if (!rangeOk(q.minFollowers, q.maxFollowers)) problems.push(errorObject('bad_request', MSG.streams.minBelowMax, { parameter: 'minFollowers' }));
      if (problems.length) throw new ValidationError(problems, 'bad_request');
      const { page, pageSize } = pageOf(q, [q['page[page_size]'], q.sizePerPage, q.pageSize]);
      const filter = {
        projectId: projectId!,
        startDate: q.startDate,
        endDate: q.endDate,
        tagIds: tagIds ?? [],
        languages: listOf(q.languages),
        minFollowers: q.minFollowers,
        maxFollowers: q.maxFollowers,
        searchTerm: q.searchTerm?.trim() || undefined,
      };
      const order = { sort: q.sortField ?? 'published_at', desc: (q.sortOrder ?? 'desc') === 'desc' };
      if (wantsCsv(req)) {
        if (!(await projectInOrg(db, auth.orgId, projectId!))) throw notFound('project');
        return sendCsv(reply, 'saved-streams', SAVED_CSV_COLUMNS, savedStreamsCsv(db, auth.orgId, filter, order));
      }
      const { rows, total } = await listSavedStreams(db, auth.orgId, filter, { ...order, page, pageSize });
      // An unknown or foreign project is 404 (an empty list would not tell the two apart from "nothing saved").
      if (total === 0 && !(await projectInOrg(db, auth.orgId, projectId!))) throw notFound('project');
      return reply.type(JSONAPI).send({
        data: rows.map(savedStreamResource),
        meta: { total_entries: total, last_page: Math.max(1, Math.ceil(total / pageSize)), page_number: page, page_size: pageSize },
      });
    },
  );

  app.patch(
    '/saved_streams/:id',
    {
      config: twitch,
      schema: {
        tags,
        summary: 'Edit a saved stream (only the fields sent)',
        params: idParams,
        body: plainOrDocument(savedStreamUpdateBody),
        response: { 200: savedStreamDocument, ...refusals(403, 422) },
      },
      validatorCompiler: bodyByHandler,
    },
    async (req, reply) => {
      const auth = memberOf(req);
      const { value, pointer } = parseBody(savedStreamUpdateBody, req.body);
      const current = await findSavedStream(db, auth.orgId, req.params.id);
      if (!current) throw notFound('saved stream');
      const set: Partial<SavedValues> = {};
      if (value.tag_id !== undefined) {
        const tag = await findTag(db, auth.orgId, value.tag_id);
        // A tag of another project (or organization) cannot hold this project's stream.
        if (!tag || tag.projectId !== current.projectId) throw new AppError('validation_failed', 'Choose a tag of this project', pointer('tag_id'));
        set.tagId = tag.id;
      }
      if (value.language !== undefined) set.language = value.language || null;
      if (value.title !== undefined) set.title = value.title;
      if (value.description !== undefined) set.description = value.description;
      if (value.followers !== undefined) set.followers = value.followers;
      if (value.view_count !== undefined) set.viewCount = value.view_count;
      if (value.published_at !== undefined) set.publishedAt = new Date(value.published_at);
      await updateSavedStreamRow(db, auth.orgId, req.params.id, set);
      return sendOne(reply, savedStreamResource((await findSavedStream(db, auth.orgId, req.params.id))!), 200, { meta: { message: MSG.streams.streamEdited } });
    },
  );

  const deleteSaved = async (req: Parameters<typeof memberOf>[0], reply: Parameters<typeof sendOne>[0]) => {
    const auth = memberOf(req);
    const { value } = parseBody(savedStreamsDeleteBody, req.body);
    const n = await deleteSavedStreams(db, auth.orgId, [...new Set(value.stream_ids)]);
    return sendOne(reply, resource('bulk_result', 'delete', { success: n, failed: 0, results: [] }));
  };
  const deleteSchema = {
    config: twitch,
    schema: {
      tags,
      summary: 'Delete saved streams',
      body: plainOrDocument(savedStreamsDeleteBody),
      response: { 200: jsonApi(oneDocument(resourceSchema('bulk_result', bulkResultSchema))), ...refusals(403, 422) },
    },
    validatorCompiler: bodyByHandler,
  };
  app.delete('/saved_streams', deleteSchema, deleteSaved);
  app.delete('/saved_streams/', deleteSchema, deleteSaved);

  app.post(
    '/saved_streams/save_missing_stream',
    {
      config: twitch,
      schema: {
        tags,
        summary: 'Add a stream or video by its Twitch address under a tag',
        body: plainOrDocument(saveMissingStreamBody),
        // 404: no such tag; 502: Twitch failed; 503: Twitch is not connected.
        response: { 201: savedStreamDocument, ...refusals(403, 404, 422, 502, 503) },
      },
      validatorCompiler: bodyByHandler,
    },
    async (req, reply) => {
      const auth = memberOf(req);
      const { value, pointer } = parseBody(saveMissingStreamBody, req.body);
      if (!twitchConfigured(config)) {
        if (!(await findTag(db, auth.orgId, value.tag_id))) throw notFound('tag');
        throw notConnected();
      }
      const saved = await saveMissingStream(db, auth.orgId, { streamUrl: value.stream_url, tagId: value.tag_id }, client, pointer).catch((err) => {
        if (err instanceof AppError) throw err;
        throw new AppError('bad_gateway', `Twitch did not answer: ${(err as Error).message}`);
      });
      return sendOne(reply, savedStreamResource(saved), 201, { meta: { message: MSG.streams.streamAdded } });
    },
  );
}
