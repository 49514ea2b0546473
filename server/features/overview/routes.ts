import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { coverageDocument, coverageQueryParams, readCoveragePeriod } from '../../../common/schemas/coverage.js';
import { idSchema } from '../../../common/schemas/jsonapi.js';
import { memberOf, org } from '../../http/access.js';
import { errorObject, notFound, ValidationError } from '../../http/errors.js';
import { JSONAPI } from '../../http/jsonapi.js';
import { refusals } from '../../http/openapi.js';
import { overviewDocument, overviewQueryParams, readOverviewPeriod } from '../../../common/schemas/projects-overview.js';
import { createSearchDatabase } from '../../db/search-db.js';
import { SearchEngine } from '../supersearch/service.js';
import { projectCoverage } from './coverage.js';
import { projectOverview } from './overview.js';

/** The project overview's figures (issue 31/32; docs/api.md "Coverage" and "Project overview"). */
export default async function overviewRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, config, pool } = app.deps;
  // The competitors' totals are Super Search's counts (per month, closed months cached): its
  // engine on connections of its own, a few, as the overview counts at most five queries.
  const searchDb = createSearchDatabase(pool, {
    timeoutMs: config.searchStatementTimeoutMs,
    max: Math.max(2, config.searchParallel),
    url: config.searchDatabaseUrl,
    indexFirst: true,
  });
  fastify.addHook('onClose', () => searchDb.close());
  const search = new SearchEngine(searchDb.db, { parallel: config.searchParallel, totalWaitMs: config.searchTotalWaitMs });

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

  app.get(
    '/projects/:id/overview',
    {
      config: org(),
      schema: {
        tags: ['overview'],
        summary:
          "A project's overview over a period: placements and unique stories, reach and estimated views, YouTube and Twitch creators, share of voice against its competitors, top outlets, latest highlights",
        params: z.object({ id: idSchema }),
        querystring: overviewQueryParams,
        response: { 200: overviewDocument, ...refusals(404, 422) },
      },
    },
    async (req, reply) => {
      const auth = memberOf(req);
      const period = readOverviewPeriod(req.query);
      if (period.problems.length) throw new ValidationError(period.problems.map((p) => errorObject('validation_failed', p.detail, { parameter: p.parameter })));
      const attributes = await projectOverview({ db, search }, auth, auth.orgId, req.params.id, { from: period.from, to: period.to });
      if (!attributes) throw notFound('project');
      return reply.type(JSONAPI).send({ data: { type: 'overview', id: String(req.params.id), attributes } });
    },
  );
}
