import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PUBLIC } from '../../http/access.js';
import { AppError, notFound } from '../../http/errors.js';
import { receiveChannelPush, verifyChannelIntent } from './channels.js';

const PUSH_BODY_LIMIT = 1024 * 1024;
const params = z.object({ channelId: z.string() });
const CHANNEL_ID = /^UC[A-Za-z0-9_-]{10,40}$/;

/**
 * The WebSub callbacks of followed YouTube channels (public: the hub is not a user; a channel id
 * answers only with its subscription's secret, and pushes are signed with it). Bodies are
 * read as bytes in this plugin scope only, since the HMAC signature covers the raw body.
 */
export default async function youtubeWebsubRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = app.deps;
  const asBuffer = (_req: unknown, body: Buffer, done: (err: Error | null, body?: Buffer) => void) => done(null, body);
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: PUSH_BODY_LIMIT }, asBuffer);
  app.addContentTypeParser(
    ['application/atom+xml', 'application/xml', 'text/xml', 'application/json'],
    { parseAs: 'buffer', bodyLimit: PUSH_BODY_LIMIT },
    asBuffer,
  );

  app.get(
    '/p/youtube_websub/:channelId',
    { config: PUBLIC, schema: { hide: true, params, querystring: z.record(z.string(), z.string()) } },
    async (req, reply) => {
      const answer = CHANNEL_ID.test(req.params.channelId) ? await verifyChannelIntent(deps, req.params.channelId, req.query) : null;
      if (answer === null) throw notFound('subscription');
      return reply.code(200).type('text/plain').send(answer);
    },
  );

  app.post('/p/youtube_websub/:channelId', { config: PUBLIC, schema: { hide: true, params }, bodyLimit: PUSH_BODY_LIMIT }, async (req, reply) => {
    if (!CHANNEL_ID.test(req.params.channelId)) throw notFound('channel');
    const body = Buffer.isBuffer(req.body) ? req.body : Buffer.from(typeof req.body === 'string' ? req.body : '');
    const outcome = await receiveChannelPush(deps, req.params.channelId, body, req.headers['x-hub-signature'] as string | undefined);
    // A hub pushing a channel we no longer follow should stop (410 ends the subscription).
    if (outcome === 'unknown') throw new AppError('gone', 'This channel is no longer followed');
    if (outcome === 'ignored') req.log.info({ channelId: req.params.channelId }, 'youtube websub push ignored (signature)');
    // Accepted whatever the signature check said (WebSub §8).
    return reply.code(202).send();
  });
}
