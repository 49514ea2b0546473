import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { crawlerStatusAttributesSchema } from '../../../common/schemas/metrics.js';
import type { AppDeps } from '../../context.js';
import { allows } from '../../../common/policy.js';
import { operator, PUBLIC } from '../../http/access.js';
import { errorObject } from '../../http/errors.js';
import { JSONAPI } from '../../http/jsonapi.js';
import { bytes, jsonApi, refusals } from '../../http/openapi.js';
import { METRICS_PATH } from './latency.js';
import { startProcessSampler } from './process.js';
import { registry } from './registry.js';
import { renderMetrics } from './scrape.js';
import { crawlerStatus } from './status.js';

const digest = (s: string) => createHash('sha256').update(s).digest();

/** METRICS_TOKEN, compared in constant time (digests of equal length, whatever the lengths given). */
function isMetricsToken(given: string, expected: string | undefined): boolean {
  return !!expected && timingSafeEqual(digest(given), digest(expected));
}

/**
 * Prometheus with METRICS_TOKEN, or a platform operator's admin with their session token. The
 * onRequest hook authenticates /api only, so the session is resolved here.
 */
async function mayScrape(req: FastifyRequest, deps: AppDeps): Promise<boolean> {
  const header = req.headers.authorization;
  if (!header?.startsWith('Bearer ')) return false;
  if (isMetricsToken(header.slice(7).trim(), deps.config.metricsToken)) return true;
  const caller = await deps.authenticator.authenticate(req);
  return !!caller && allows(caller, 'operator.console');
}

const crawlerStatusDocument = z.object({
  data: z.object({ type: z.literal('crawler_status'), id: z.literal('current'), attributes: crawlerStatusAttributesSchema }),
});

/**
 * GET /metrics (Prometheus' default path, at the root) and the operator's crawler status. The
 * API process samples its own event loop while the app runs.
 */
export default async function metricsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const stopSampler = startProcessSampler();
  app.addHook('onClose', async () => stopSampler());

  app.get(
    METRICS_PATH,
    {
      // METRICS_TOKEN or an operator's session, checked by the handler (the session is not resolved outside /api).
      config: PUBLIC,
      schema: {
        tags: ['system'],
        summary: 'Prometheus metrics of every process and the queue (METRICS_TOKEN or the platform operator)',
        // 401: without METRICS_TOKEN or an operator's session (answered by the handler, with WWW-Authenticate).
        response: { 200: bytes('The Prometheus text exposition format', 'text/plain'), ...refusals(401) },
      },
    },
    async (req, reply) => {
      if (!(await mayScrape(req, app.deps))) {
        return reply
          .code(401)
          .header('www-authenticate', 'Bearer')
          .type(JSONAPI)
          .send({ errors: [errorObject('unauthorized', 'GET /metrics needs METRICS_TOKEN or a platform operator session as a bearer token')] });
      }
      return reply.type(registry.contentType).send(await renderMetrics(app.deps));
    },
  );

  app.get(
    '/api/operator/crawler_status',
    {
      config: operator(),
      schema: {
        tags: ['operator'],
        summary: 'Feeds due, the queue, ingest rate, API latency and the worker processes (platform operator)',
        // 404: anyone but the platform operator's admins.
        response: { 200: jsonApi(crawlerStatusDocument), ...refusals(403, 404) },
      },
    },
    async (req, reply) => {
      const attributes = await crawlerStatus(app.deps);
      return reply.type(JSONAPI).send({ data: { type: 'crawler_status' as const, id: 'current' as const, attributes } });
    },
  );
}
