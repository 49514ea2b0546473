import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PUBLIC } from '../../http/access.js';
import { AppError, notFound } from '../../http/errors.js';
import { receivePush, verifyIntent } from './websub.js';

/** Content types a hub may push a feed with; anything else is taken as bytes too. */
const FEED_TYPES = ['application/rss+xml', 'application/atom+xml', 'application/xml', 'text/xml', 'application/feed+json', 'application/json'];
/** Pushed documents may be larger than an API request, but not unbounded. */
const PUSH_BODY_LIMIT = 5 * 1024 * 1024;

const params = z.object({ feedId: z.string() });
const feedIdOf = (raw: string) => (/^\d{1,9}$/.test(raw) ? Number(raw) : null);

/**
 * WebSub callbacks (public, no credentials: the hub is not a user). The raw body is needed to
 * check the HMAC signature, so this plugin scope — and only it — reads pushed bodies as bytes.
 */
export default async function crawlerRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = app.deps;
  const asBuffer = (_req: unknown, body: Buffer, done: (err: Error | null, body?: Buffer) => void) => done(null, body);
  app.addContentTypeParser(FEED_TYPES, { parseAs: 'buffer', bodyLimit: PUSH_BODY_LIMIT }, asBuffer);
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: PUSH_BODY_LIMIT }, asBuffer);

  app.get(
    '/p/websub/:feedId',
    // The hub answers with the subscription's challenge and signs its pushes with its secret.
    { config: PUBLIC, schema: { hide: true, params, querystring: z.record(z.string(), z.string()) } },
    async (req, reply) => {
      const feedId = feedIdOf(req.params.feedId);
      const answer = feedId === null ? null : await verifyIntent(deps.db, feedId, req.query);
      if (answer === null) throw notFound('subscription');
      return reply.code(200).type('text/plain').send(answer);
    },
  );

  app.post('/p/websub/:feedId', { config: PUBLIC, schema: { hide: true, params }, bodyLimit: PUSH_BODY_LIMIT }, async (req, reply) => {
    const feedId = feedIdOf(req.params.feedId);
    if (feedId === null) throw notFound('feed');
    const body = Buffer.isBuffer(req.body) ? req.body : Buffer.from(typeof req.body === 'string' ? req.body : '');
    const outcome = await receivePush(deps, feedId, body, {
      contentType: req.headers['content-type'],
      signature: (req.headers['x-hub-signature'] as string | undefined) ?? (req.headers['x-hub-signature-256'] as string | undefined),
    });
    // A hub that pushes to a feed we no longer have should stop (410 ends the subscription).
    if (outcome.status === 'unknown_feed') throw new AppError('gone', 'This feed is no longer followed');
    if (outcome.status === 'ignored') req.log.info({ feedId, reason: outcome.reason }, 'websub push ignored');
    // Accepted whatever the signature check said (WebSub §8): the hub learns nothing from it.
    return reply.code(202).send();
  });
}
