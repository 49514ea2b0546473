import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MSG } from '../../../common/messages.js';
import { idSchema, oneDocument, plainOrDocument, resourceSchema } from '../../../common/schemas/jsonapi.js';
import { twitchFeedCreateBody, twitchFeedItemAttributesSchema, twitchFeedResourceSchema, twitchFeedUpdateBody } from '../../../common/schemas/streams.js';
import { notificationTestsSchema } from '../../../common/schemas/alerts.js';
import { signupGamesDocument } from '../../../common/schemas/signup.js';
import { memberOf, org } from '../../http/access.js';
import { authorizeChannels, webhookChannels } from '../../http/authorize.js';
import { AppError } from '../../http/errors.js';
import { JSONAPI, resource, sendOne } from '../../http/jsonapi.js';
import { jsonApi, refusals } from '../../http/openapi.js';
import viewerRoutes from './viewer-routes.js';
import type { TwitchCategory } from '../../integrations/twitch/client.js';
import { bodyByHandler, parseBody } from './body.js';
import { feedResource, itemAttributes } from './presenter.js';
import { gameSearchQuery, previewStreamsQuery } from './queries.js';
import savedStreamRoutes from './saved-routes.js';
import feedItemRoutes from './feed-item-routes.js';
import { assertWebhookHosts, sendWebhookTests, webhooksSet, type NotificationTests } from '../alerts/service.js';
import { getProject } from '../projects/service.js';
import type { FeedWithGame } from './repo.js';
import { previewStreams } from './preview.js';
import {
  createTwitchClient,
  createTwitchFeed,
  gameNotFound,
  getTwitchFeed,
  notConnected,
  resolveGameName,
  twitchConfigured,
  updateTwitchFeed,
  type FeedWebhooks,
  type TwitchFeedChanges,
} from './service.js';

const idParams = z.object({ id: idSchema });
const GAME_CACHE_MS = 5 * 60_000;

// What the routes answer (parseBody reads each body as the plain object or `data.attributes`).
const feedDocument = (meta: z.ZodType) => jsonApi(oneDocument(twitchFeedResourceSchema, { meta }));

const changesOf = (b: z.output<typeof twitchFeedUpdateBody>): TwitchFeedChanges => ({
  keyword: b.keyword,
  gameId: b.game_id,
  minViewers: b.min_viewers,
  isEnabled: b.is_enabled,
  slackWebhookUrl: b.slack_webhook_url,
  slackMinFollowers: b.slack_min_followers_notification,
  discordWebhookUrl: b.discord_webhook_url,
  discordMinFollowers: b.discord_min_followers_notification,
});

/**
 * The streams feature's HTTP routes (spec 001 "Stream feed (Twitch)", "Saved videos and streams"): each
 * needs `twitch.use`, the refresh `twitch.refresh`; Slack and Discord webhooks their plan flags.
 */
export default async function streamsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, config } = app.deps;
  const client = createTwitchClient(config);
  const configured = twitchConfigured(config);
  const gameCache = new Map<string, { games: TwitchCategory[]; until: number }>();
  const tags = ['streams'];
  /**
   * Posts the test messages of the webhooks a save set (new or changed; `before` is null for a
   * new feed), after commit, and answers what the services said.
   */
  const testWebhooks = async (orgId: number, feed: FeedWithGame, before: FeedWebhooks | null): Promise<NotificationTests> => {
    const urls = webhooksSet(before, feed);
    if (!urls.slack && !urls.discord) return {};
    return sendWebhookTests(config, urls, (await getProject(db, orgId, feed.projectId)).name);
  };
  /** PATCH twitch_feed/{id}, and POST twitch_feed with twitch_search_id. */
  const update = async (orgId: number, id: number, value: z.output<typeof twitchFeedUpdateBody>, pointer: (field: string) => string) => {
    // An unknown game is refused before the transaction (which locks the feed).
    if (value.game_id !== undefined) await gameNameFor(value.game_id, pointer);
    const { feed, before } = await updateTwitchFeed(db, orgId, id, changesOf(value), config, client);
    return { feed, notificationTests: await testWebhooks(orgId, feed, before) };
  };
  /**
   * A game's name from the searches people just ran, else the service's lookup (stored, else
   * Helix /games): a game Helix does not know is a 422 at the field, in the form the caller used.
   */
  const gameNameFor = async (gameId: string, pointer: (field: string) => string): Promise<string> => {
    for (const { games } of gameCache.values()) {
      const hit = games.find((g) => g.id === gameId);
      if (hit) return hit.name;
    }
    return resolveGameName(db, gameId, undefined, config, client).catch((err) => {
      throw err instanceof AppError && err.pointer === '/game_id' ? gameNotFound(pointer('game_id')) : err;
    });
  };

  const twitch = org({ action: 'twitch.use' });

  app.get(
    '/twitch_feed/availability',
    {
      config: org(),
      schema: {
        tags,
        summary: 'Whether this server can reach Twitch',
        response: {
          200: jsonApi(
            oneDocument(resourceSchema('availability', z.object({ available: z.boolean(), reason: z.string().nullable(), searches_left_today: z.null() }))),
          ),
          ...refusals(403),
        },
      },
    },
    async (req, reply) => {
      return sendOne(
        reply,
        resource('availability', 'twitch', { available: configured, reason: configured ? null : MSG.streams.notConnected, searches_left_today: null }),
      );
    },
  );

  app.get(
    '/twitch_feed/preview',
    {
      config: twitch,
      schema: {
        tags,
        summary: 'Twitch games (categories) matching a name',
        querystring: gameSearchQuery,
        // 502: Twitch failed; 503: Twitch is not connected.
        response: { 200: jsonApi(signupGamesDocument), ...refusals(403, 502, 503) },
      },
    },
    async (req, reply) => {
      if (!configured) throw notConnected();
      const key = req.query.searchTerm.toLowerCase();
      const cached = gameCache.get(key);
      let games = cached && cached.until > Date.now() ? cached.games : null;
      if (!games) {
        games = await client.searchCategories(req.query.searchTerm, 20).catch((err) => {
          throw new AppError('bad_gateway', `Twitch did not answer the game search: ${(err as Error).message}`);
        });
        if (gameCache.size > 1000) gameCache.clear();
        gameCache.set(key, { games, until: Date.now() + GAME_CACHE_MS });
      }
      return reply
        .type(JSONAPI)
        .send({ data: games.map((g) => ({ id: g.id, name: g.name, box_art_url: g.box_art_url.replace('{width}', '52').replace('{height}', '72') })) });
    },
  );

  app.get(
    '/twitch_feed/preview_streams',
    {
      config: twitch,
      schema: {
        tags,
        summary: 'What a feed (keyword, or none: the whole game; game; minimum viewers) would find now (≤ 10)',
        querystring: previewStreamsQuery,
        response: { 200: jsonApi(z.object({ data: z.array(twitchFeedItemAttributesSchema.extend({ id: z.string() })) })), ...refusals(403, 502, 503) },
      },
    },
    async (req, reply) => {
      if (!configured) throw notConnected();
      const items = await previewStreams(client, req.query.keyword, req.query.game_id, new Date(), req.query.min_viewers ?? null).catch((err) => {
        throw new AppError('bad_gateway', `Twitch did not answer the preview: ${(err as Error).message}`);
      });
      return reply.type(JSONAPI).send({ data: items.map(({ key, row }) => ({ id: key, ...itemAttributes(row) })) });
    },
  );

  app.post(
    '/twitch_feed',
    {
      config: twitch,
      schema: {
        tags,
        summary: "Create a project's Twitch feed (with twitch_search_id: edit that feed)",
        body: plainOrDocument(z.union([twitchFeedCreateBody, twitchFeedUpdateBody.required({ twitch_search_id: true })])),
        // 200: an edit (twitch_search_id); 404: no such project or feed; 409: the project has a Twitch feed.
        response: {
          201: feedDocument(z.object({ status: z.enum(['ACTIVE', 'PENDING']), reason: z.string(), notification_tests: notificationTestsSchema })),
          200: feedDocument(z.object({ notification_tests: notificationTestsSchema })),
          ...refusals(403, 404, 409, 422),
        },
      },
      validatorCompiler: bodyByHandler,
    },
    async (req, reply) => {
      const auth = memberOf(req);
      const raw = req.body as Record<string, unknown> | null;
      const attrs =
        raw && typeof raw === 'object' && raw.data && typeof raw.data === 'object'
          ? ((raw.data as Record<string, unknown>).attributes as Record<string, unknown> | undefined)
          : raw;
      if (attrs && typeof attrs === 'object' && attrs.twitch_search_id !== undefined && attrs.twitch_search_id !== null) {
        const { value, pointer } = parseBody(twitchFeedUpdateBody.required({ twitch_search_id: true }), req.body);
        authorizeChannels(auth, webhookChannels(value, pointer));
        assertWebhookHosts(changesOf(value), config.allowPrivateNetwork, pointer);
        const { feed, notificationTests } = await update(auth.orgId, value.twitch_search_id, value, pointer);
        return sendOne(reply, feedResource(feed, configured), 200, { meta: { notification_tests: notificationTests } });
      }
      const { value, pointer } = parseBody(twitchFeedCreateBody, req.body);
      authorizeChannels(auth, webhookChannels(value, pointer));
      assertWebhookHosts({ slackWebhookUrl: value.slack_webhook_url, discordWebhookUrl: value.discord_webhook_url }, config.allowPrivateNetwork, pointer);
      // The game's name is looked up before the transaction (which locks the project row).
      const gameName = await gameNameFor(value.game_id, pointer);
      const created = await db
        .transaction((tx) =>
          createTwitchFeed(
            tx,
            auth.orgId,
            {
              projectId: value.project_id,
              keyword: value.keyword ?? '',
              gameId: value.game_id,
              gameName,
              minViewers: value.min_viewers ?? null,
              slackWebhookUrl: value.slack_webhook_url,
              slackMinFollowers: value.slack_min_followers_notification,
              discordWebhookUrl: value.discord_webhook_url,
              discordMinFollowers: value.discord_min_followers_notification,
            },
            config,
            { client },
          ),
        )
        .catch((err) => {
          if (err instanceof AppError && err.code === 'conflict') throw new AppError('conflict', err.message, pointer('project_id'));
          throw err;
        });
      const feed = await getTwitchFeed(db, auth.orgId, created.id);
      const notificationTests = await testWebhooks(auth.orgId, feed, null);
      return sendOne(reply, feedResource(feed, configured), 201, {
        meta: { status: created.status, reason: created.reason, notification_tests: notificationTests },
      });
    },
  );

  app.patch(
    '/twitch_feed/:id',
    {
      config: twitch,
      schema: {
        tags,
        summary: 'Edit a Twitch feed (only what changed)',
        params: idParams,
        body: plainOrDocument(twitchFeedUpdateBody),
        response: { 200: feedDocument(z.object({ notification_tests: notificationTestsSchema })), ...refusals(403, 422) },
      },
      validatorCompiler: bodyByHandler,
    },
    async (req, reply) => {
      const auth = memberOf(req);
      const { value, pointer } = parseBody(twitchFeedUpdateBody, req.body);
      authorizeChannels(auth, webhookChannels(value, pointer));
      assertWebhookHosts(changesOf(value), config.allowPrivateNetwork, pointer);
      const { feed, notificationTests } = await update(auth.orgId, req.params.id, value, pointer);
      return sendOne(reply, feedResource(feed, configured), 200, { meta: { notification_tests: notificationTests } });
    },
  );

  app.get(
    '/twitch_feed/:id/info',
    {
      config: twitch,
      schema: {
        tags,
        summary: 'A Twitch feed and its polling state',
        params: idParams,
        response: { 200: jsonApi(oneDocument(twitchFeedResourceSchema)), ...refusals(403) },
      },
    },
    async (req, reply) => {
      const auth = memberOf(req);
      return sendOne(reply, feedResource(await getTwitchFeed(db, auth.orgId, req.params.id), configured));
    },
  );

  await feedItemRoutes(fastify, client, configured);
  await savedStreamRoutes(fastify, client);
  await viewerRoutes(fastify);
}
