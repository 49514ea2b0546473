import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idSchema } from '../../../common/schemas/jsonapi.js';
import { streamMetricsSchema, viewerSeriesSchema } from '../../../common/schemas/streams.js';
import { memberOf, org } from '../../http/access.js';
import { JSONAPI } from '../../http/jsonapi.js';
import { jsonApi, refusals } from '../../http/openapi.js';
import type { Sample } from './metrics.js';
import { metricsAttributes } from './presenter.js';
import { feedItemViewers, savedStreamViewers } from './service.js';

/** The series a document carries: the samples kept (≤ 60 once the stream ended), oldest first. */
const seriesDocument = jsonApi(z.object({ data: z.array(viewerSeriesSchema), meta: streamMetricsSchema }));
const points = (series: Sample[]) => series.map((s) => ({ at: new Date(s.at).toISOString(), viewers: s.viewers }));

/** Viewers over time of a feed's stream and of a saved stream (the detail modal's chart); each needs `twitch.use`. */
export default async function viewerRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;
  const tags = ['streams'];
  const twitch = org({ action: 'twitch.use' });

  app.get(
    '/twitch_feed/:id/viewers/:itemId',
    {
      config: twitch,
      schema: {
        tags,
        summary: "A feed stream's viewers over time and its live metrics (a video: the stream it recorded)",
        params: z.object({ id: idSchema, itemId: idSchema }),
        response: { 200: seriesDocument, ...refusals(403, 404) },
      },
    },
    async (req, reply) => {
      const auth = memberOf(req);
      const { item, series } = await feedItemViewers(db, auth.orgId, req.params.id, req.params.itemId);
      return reply.type(JSONAPI).send({ data: points(series), meta: metricsAttributes(item.metrics) });
    },
  );

  app.get(
    '/saved_streams/:id/viewers',
    {
      config: twitch,
      schema: {
        tags,
        summary: "A saved stream's viewers over time and its live metrics",
        params: z.object({ id: idSchema }),
        response: { 200: seriesDocument, ...refusals(403, 404) },
      },
    },
    async (req, reply) => {
      const auth = memberOf(req);
      const { saved, series } = await savedStreamViewers(db, auth.orgId, req.params.id);
      return reply.type(JSONAPI).send({ data: points(series), meta: metricsAttributes(saved.metrics ?? null) });
    },
  );
}
