import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { coverageDocument, coverageQueryParams, readCoveragePeriod } from '../../../common/schemas/coverage.js';
import { idSchema } from '../../../common/schemas/jsonapi.js';
import { memberOf, org } from '../../http/access.js';
import { errorObject, notFound, ValidationError } from '../../http/errors.js';
import { JSONAPI } from '../../http/jsonapi.js';
import { refusals } from '../../http/openapi.js';
import { projectCoverage } from './coverage.js';

/** The project overview's figures (issue 31/32; docs/api.md "Coverage"). */
export default async function overviewRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;

  app.get(
    '/projects/:id/coverage',
    {
      config: org(),
      schema: {
        tags: ['overview'],
        summary: "A project's coverage over time: each day's press articles (feeds, GDELT), YouTube videos and Twitch streams",
        params: z.object({ id: idSchema }),
        querystring: coverageQueryParams,
        response: { 200: coverageDocument, ...refusals(404, 422) },
      },
    },
    async (req, reply) => {
      const auth = memberOf(req);
      const period = readCoveragePeriod(req.query);
      if (period.problems.length) throw new ValidationError(period.problems.map((p) => errorObject('validation_failed', p.detail, { parameter: p.parameter })));
      const attributes = await projectCoverage(db, auth.orgId, req.params.id, { from: period.from, to: period.to });
      if (!attributes) throw notFound('project');
      return reply.type(JSONAPI).send({ data: { type: 'coverage', id: String(req.params.id), attributes } });
    },
  );
}
