import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { allows } from '../../../common/policy.js';
import { creatorsDocumentSchema, creatorsQueryParams, readCreatorsQuery, type CreatorTotals } from '../../../common/schemas/creators.js';
import { idSchema } from '../../../common/schemas/jsonapi.js';
import { memberOf, org } from '../../http/access.js';
import { authorize } from '../../http/authorize.js';
import { errorObject, notFound, ValidationError } from '../../http/errors.js';
import { JSONAPI, sendCsv, wantsCsv } from '../../http/jsonapi.js';
import { listOrCsv, refusals } from '../../http/openapi.js';
import { projectInOrg } from '../projects/service.js';
import { projectHasFeed, twitchLeaderboard, youtubeLeaderboard, type CreatorListing, type CreatorScope } from './leaderboard.js';
import { TWITCH_CSV_COLUMNS, twitchCreatorResource, twitchCsvRow, YOUTUBE_CSV_COLUMNS, youtubeCreatorResource, youtubeCsvRow } from './presenter.js';

/**
 * A project's creator leaderboard (issue 30 item 3; docs/api.md "Creators"): its Twitch
 * broadcasters or YouTube channels ranked over a period, a page as JSON:API or every row as CSV.
 * The platform is a filter, so its action (`twitch.use` / `youtube.use`) is checked once the query
 * is read; the query's problems are 422s at their parameters.
 */
export default async function creatorRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;

  app.get(
    '/projects/:id/creators',
    {
      config: org(),
      schema: {
        tags: ['creators'],
        summary: "A project's creators ranked over a period: Twitch broadcasters by hours watched, YouTube channels by views",
        params: z.object({ id: idSchema }),
        querystring: creatorsQueryParams,
        response: { 200: listOrCsv(creatorsDocumentSchema), ...refusals(403, 404, 422) },
      },
    },
    async (req, reply) => {
      const auth = memberOf(req);
      const read = readCreatorsQuery(req.query, { platform: allows(auth, 'twitch.use') || !allows(auth, 'youtube.use') ? 'twitch' : 'youtube' });
      if (!read.query) throw new ValidationError(read.problems.map((p) => errorObject('validation_failed', p.detail, { parameter: p.parameter })));
      const q = read.query;
      authorize(auth, q.platform === 'twitch' ? 'twitch.use' : 'youtube.use');
      if (!(await projectInOrg(db, auth.orgId, req.params.id))) throw notFound('project');
      const scope: CreatorScope = { period: { from: q.from, to: q.to } };
      const csv = wantsCsv(req);
      const listing: CreatorListing = { sort: q.sort, desc: q.desc, search: q.search, ...(csv ? {} : { page: { number: q.page, size: q.pageSize } }) };
      const filename = `creators-${q.platform}-${q.from}-${q.to}`;
      if (q.platform === 'twitch') {
        const board = await twitchLeaderboard(db, auth.orgId, req.params.id, scope, listing);
        if (csv) return sendCsv(reply, filename, TWITCH_CSV_COLUMNS, once(board.rows.map(twitchCsvRow)));
        return send(board.rows.map(twitchCreatorResource), board.matching, board.totals);
      }
      const board = await youtubeLeaderboard(db, auth.orgId, req.params.id, scope, listing);
      if (csv) return sendCsv(reply, filename, YOUTUBE_CSV_COLUMNS, once(board.rows.map(youtubeCsvRow)));
      return send(board.rows.map(youtubeCreatorResource), board.matching, board.totals);

      async function send(data: unknown[], total: number, totals: CreatorTotals) {
        return reply.type(JSONAPI).send({
          data,
          meta: {
            total_entries: total,
            last_page: Math.max(1, Math.ceil(total / q.pageSize)),
            page_number: q.page,
            page_size: q.pageSize,
            platform: q.platform,
            period: { from: q.from, to: q.to },
            totals,
            has_feed: await projectHasFeed(db, auth.orgId, req.params.id, q.platform),
          },
        });
      }
    },
  );
}

/** One batch for sendCsv (a leaderboard has a row per creator: it is read whole, like a report's). */
async function* once(rows: Record<string, unknown>[]): AsyncGenerator<Record<string, unknown>[]> {
  yield rows;
}
