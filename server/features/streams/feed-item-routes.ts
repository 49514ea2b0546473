import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MSG } from '../../../common/messages.js';
import { idSchema, listMetaSchema, oneDocument, plainOrDocument, resourceSchema } from '../../../common/schemas/jsonapi.js';
import { twitchFeedDeleteBody, twitchFeedSaveBody, twitchVideoResourceSchema } from '../../../common/schemas/streams.js';
import { bulkResultSchema } from '../../../common/schemas/articles.js';
import { memberOf, org } from '../../http/access.js';
import { errorObject, notFound, ValidationError } from '../../http/errors.js';
import { JSONAPI, resource, sendCsv, sendOne, wantsCsv } from '../../http/jsonapi.js';
import { jsonApi, listOrCsv, refusals } from '../../http/openapi.js';
import type { TwitchClient } from '../../integrations/twitch/client.js';
import { kickNotifier } from '../notifications/service.js';
import { bodyByHandler, parseBody } from './body.js';
import { FEED_CSV_COLUMNS, feedItemsCsv } from './csv.js';
import { listFeedItems } from './items-repo.js';
import { pollGame } from './poll.js';
import { feedItemResource } from './presenter.js';
import { feedItemsQuery, listOf, pageOf, rangeOk } from './queries.js';
import { deleteTwitchFeedItems, getTwitchFeed, notConnected, saveFeedItems } from './service.js';

const idParams = z.object({ id: idSchema });
const bulkDocument = jsonApi(oneDocument(resourceSchema('bulk_result', bulkResultSchema)));

/** A Twitch feed's items: the list (JSON or CSV), the operator's refresh, saving and removing streams. */
export default async function feedItemRoutes(fastify: FastifyInstance, client: TwitchClient, configured: boolean) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, config } = app.deps;
  const tags = ['streams'];
  const twitch = org({ action: 'twitch.use' });

  app.get(
    '/twitch_feed/:id',
    {
      config: twitch,
      schema: {
        tags,
        summary: "A Twitch feed's streams and videos",
        params: idParams,
        querystring: feedItemsQuery,
        // With `Accept: text/csv`: every row (filters and sort kept) with the live metrics.
        response: {
          200: listOrCsv(z.object({ data: z.array(twitchVideoResourceSchema), meta: listMetaSchema.extend({ latest_pull: z.string().nullable() }) })),
          ...refusals(403),
        },
      },
    },
    async (req, reply) => {
      const auth = memberOf(req);
      const q = req.query;
      if (q.organization_id !== undefined && q.organization_id !== auth.orgId) throw notFound('feed');
      const problems = [
        ...(rangeOk(q.minFollowers, q.maxFollowers) ? [] : [errorObject('bad_request', MSG.streams.minBelowMax, { parameter: 'minFollowers' })]),
        ...(rangeOk(q.minViews, q.maxViews) ? [] : [errorObject('bad_request', MSG.streams.minBelowMax, { parameter: 'minViews' })]),
      ];
      if (problems.length) throw new ValidationError(problems, 'bad_request');
      const feed = await getTwitchFeed(db, auth.orgId, req.params.id);
      const { page, pageSize } = pageOf(q, [q['page[page_size]'], q.pageSize]);
      const listing = {
        filter: {
          searchTerm: q.searchTerm?.trim() || undefined,
          startDate: q.startDate,
          endDate: q.endDate,
          minFollowers: q.minFollowers,
          maxFollowers: q.maxFollowers,
          minViews: q.minViews,
          maxViews: q.maxViews,
          languages: listOf(q.languages),
          tags: listOf(q.tags),
          kind: q.kind,
        },
        sort: q.sortField ?? 'published_at',
        desc: (q.sortOrder ?? 'desc') === 'desc',
      };
      if (wantsCsv(req)) return sendCsv(reply, 'twitch-streams', FEED_CSV_COLUMNS, feedItemsCsv(db, auth.orgId, feed, listing));
      const { rows, total } = await listFeedItems(db, auth.orgId, feed, { ...listing, page, pageSize });
      return reply.type(JSONAPI).send({
        data: rows.map(feedItemResource),
        meta: {
          total_entries: total,
          last_page: Math.max(1, Math.ceil(total / pageSize)),
          page_number: page,
          page_size: pageSize,
          latest_pull: feed.latestPull?.toISOString() ?? null,
        },
      });
    },
  );

  app.get(
    '/twitch_feed/:id/refresh',
    {
      config: org({ action: 'twitch.refresh' }),
      schema: {
        tags,
        summary: 'Poll the feed’s game now (platform operator only)',
        params: idParams,
        response: {
          202: jsonApi(oneDocument(resourceSchema('refresh', z.object({ queued: z.literal(true), found: z.number().int(), error: z.string().nullable() })))),
          ...refusals(403, 503),
        },
      },
    },
    async (req, reply) => {
      const auth = memberOf(req);
      const feed = await getTwitchFeed(db, auth.orgId, req.params.id);
      if (!configured) throw notConnected();
      const outcome = await pollGame({ db, client, log: req.log }, feed.gameId);
      if (outcome.announced > 0) void kickNotifier({ db, config, slackBot: app.deps.slackBot });
      return sendOne(reply, resource('refresh', feed.id, { queued: true, found: outcome.newFeedItems, error: outcome.error ?? null }), 202);
    },
  );

  app.post(
    '/twitch_feed/save',
    {
      config: twitch,
      schema: {
        tags,
        summary: 'Save feed streams to saved coverage under a tag',
        body: plainOrDocument(twitchFeedSaveBody),
        response: { 200: bulkDocument, ...refusals(403, 404, 422) },
      },
      validatorCompiler: bodyByHandler,
    },
    async (req, reply) => {
      const auth = memberOf(req);
      const { value } = parseBody(twitchFeedSaveBody, req.body);
      const result = await saveFeedItems(db, auth.orgId, { feedId: value.keyword_id, itemIds: value.streams, tagId: value.tag_id });
      return sendOne(reply, resource('bulk_result', 'save', { ...result }));
    },
  );

  app.delete(
    '/twitch_feed',
    {
      config: twitch,
      schema: {
        tags,
        summary: 'Remove streams from a feed (a later poll does not bring them back)',
        body: plainOrDocument(twitchFeedDeleteBody),
        response: { 200: bulkDocument, ...refusals(403, 404, 422) },
      },
      validatorCompiler: bodyByHandler,
    },
    async (req, reply) => {
      const auth = memberOf(req);
      const { value } = parseBody(twitchFeedDeleteBody, req.body);
      const n = await deleteTwitchFeedItems(db, auth.orgId, value.keyword_id, value.videos);
      return sendOne(reply, resource('bulk_result', 'delete', { success: n, failed: 0, results: [] }));
    },
  );
}
