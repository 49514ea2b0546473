import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idSchema } from '../../../common/schemas/jsonapi.js';
import { readSteamPeriod, steamQueryParams, steamSummaryDocument } from '../../../common/schemas/steam.js';
import { memberOf, org } from '../../http/access.js';
import { errorObject, ValidationError } from '../../http/errors.js';
import { JSONAPI } from '../../http/jsonapi.js';
import { refusals } from '../../http/openapi.js';
import { projectSteamSummary } from './service.js';

/** A project's Steam panel (issue 31 item 2; docs/api.md "Steam"): its apps, announcements and daily reviews over a period. */
export default async function steamRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;

  app.get(
    '/projects/:id/steam',
    {
      config: org(),
      schema: {
        tags: ['steam'],
        summary: "A project's Steam apps: their state, the developer's announcements and each day's reviews and share positive over a period",
        params: z.object({ id: idSchema }),
        querystring: steamQueryParams,
        response: { 200: steamSummaryDocument, ...refusals(404, 422) },
      },
    },
    async (req, reply) => {
      const auth = memberOf(req);
      const period = readSteamPeriod(req.query);
      if (period.problems.length) throw new ValidationError(period.problems.map((p) => errorObject('validation_failed', p.detail, { parameter: p.parameter })));
      const attributes = await projectSteamSummary(db, auth.orgId, req.params.id, { from: period.from, to: period.to });
      return reply.type(JSONAPI).send({ data: { type: 'steam-summary', id: String(req.params.id), attributes } });
    },
  );
}
