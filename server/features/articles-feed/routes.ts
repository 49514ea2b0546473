import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { scoreBasis, type MuvSource, type ReachSource } from '../../../common/schemas/reach.js';
import { LIMITS } from '../../../common/limits.js';
import { MSG } from '../../../common/messages.js';
import { allows } from '../../../common/policy.js';
import { idSchema } from '../../../common/schemas/jsonapi.js';
import {
  FEED_CSV_FILTERS,
  FEED_DEFAULT_SORT,
  FEED_FILTERS,
  FEED_PAGE_SIZE,
  FEED_SORTS,
  parseFeedFilters,
  feedPageDocument,
  storyDocument,
  storyMergeBody,
  storySplitBody,
  type FeedArticleAttributes,
  type FeedFilters,
  type FeedSort,
} from '../../../common/schemas/articles-feed.js';
import { memberOf, org } from '../../http/access.js';
import type { OrgAuth } from '../../http/auth.js';
import { parameterRefusals } from '../../http/authorize.js';
import { errorObject, notFound, ValidationError, type ErrorObject } from '../../http/errors.js';
import { isoFromMs } from '../../http/iso-time.js';
import { JSONAPI, listMeta, parseListParams, wantsCsv, type ListParams, type Resource } from '../../http/jsonapi.js';
import { sendCsvCopy } from '../../http/csv.js';
import { bytes, listOrCsv, refusals } from '../../http/openapi.js';
import { findFeedAlert, type FeedAlert } from '../alerts/service.js';
import { mergeStories, splitStory } from '../stories/service.js';
import { feedCsvQuery, readFeedPage, resolveFeedSearch, type FeedOrder, type FeedRow } from './repo.js';

/**
 * A feed row as a JSON:API resource, built as one literal (a 500-row page builds 500 of them).
 * Its `alert` relationship names the alert that matched it (a project may have several).
 * `umv: false` (a plan without the `similarweb` flag) sends the monthly-visits figures as null.
 */
export const feedArticleResource = (r: FeedRow, alertId: string, umv = true): Resource => ({
  type: 'feed_article',
  id: String(r.id),
  attributes: {
    title: r.title,
    url: r.url,
    fullUrl: r.full_url,
    description: r.description,
    language: r.language,
    reach: r.reach,
    pub_date: isoFromMs(r.pub_date),
    website_id: r.website_id === null ? null : String(r.website_id),
    media: r.media ?? '',
    'website-visits': umv ? r.website_visits : null,
    muv: umv ? r.muv : null,
    muv_source: umv ? (r.muv_source as MuvSource | null) : null,
    // Derived from the outlet's monthly visitors: shown with them (the plan's `similarweb` flag).
    estimated_views: umv ? r.estimated_views : null,
    // The outlet's basis (the article carries its outlet's score as of its last rescoring).
    reach_basis: r.reach_source
      ? scoreBasis({ reach: r.reach, reach_source: r.reach_source as ReachSource, rank: r.rank, rank_list_date: r.rank_list_date })
      : null,
    is_metacritic: r.is_metacritic,
    author: r.author,
    image: r.image,
    source: r.source,
    matched_at: isoFromMs(r.matched_at),
    matched_by: r.matched_by === 'gdelt' || r.matched_by === 'steam' ? r.matched_by : 'feed',
    saved: r.saved,
    story_id: r.story_id === null ? null : String(r.story_id),
    story_size: r.story_size,
  } satisfies FeedArticleAttributes,
  relationships: { alert: { data: { type: 'alert', id: alertId } } },
});

const alertParams = z.object({ alert_id: idSchema });
const csvSelectionBody = z.object({
  ids_list: z
    .array(z.union([z.string(), z.number()]))
    .min(1)
    .max(LIMITS.exportIds, MSG.alertsApi.tooManyIds),
  sort: z.string().max(50).optional(),
});

function badRequest(errors: ErrorObject[]): never {
  throw new ValidationError(errors, 'bad_request');
}

/** The filters of a request, with 400s naming each bad parameter; regional ones (and EA-only) need the capability. */
function readFilters(auth: OrgAuth, params: ListParams): FeedFilters {
  const { filters, issues } = parseFeedFilters({ ...params.filter, search: params.filter.search ?? params.search });
  const errors = issues.map((i) => errorObject('bad_request', i.message, { parameter: i.parameter }));
  // ea_only=-1 is the spec's "off" value, accepted from everyone.
  const regional = [
    ...(filters.eaOnly !== undefined ? ['filter[ea_only]'] : []),
    ...(['regions', 'countries'] as const).filter((name) => params.filter[name]?.trim()).map((name) => `filter[${name}]`),
  ];
  errors.push(...parameterRefusals(auth, 'feed.regionalFilters', regional));
  if (errors.length) badRequest(errors);
  return filters;
}

const orderOf = (params: ListParams): FeedOrder => {
  // One key orders the feed (the table sorts by one column); a second one is ignored.
  const s = params.sort[0] ?? { field: 'pub_date', desc: true };
  return { field: s.field as FeedSort, desc: s.desc };
};

async function requireAlert(app: FastifyInstance, orgId: number, alertId: number): Promise<FeedAlert> {
  const alert = await findFeedAlert(app.deps.db, orgId, alertId);
  if (!alert) throw notFound('alert');
  return alert;
}

/**
 * CSV of the feed: the selected rows (`filter[ids_list]`, at most LIMITS.exportIds) or
 * everything the current filters match (the first LIMITS.exportFilters rows in the list's order).
 */
async function sendFeedCsv(app: FastifyInstance, req: FastifyRequest, reply: FastifyReply, alertId: number, query: Record<string, unknown>) {
  const auth = memberOf(req);
  const params = parseListParams(query, {
    sortable: FEED_SORTS,
    filters: FEED_CSV_FILTERS,
    defaultSort: FEED_DEFAULT_SORT,
    maxPageSize: LIMITS.exportFilters,
  });
  const alert = await requireAlert(app, auth.orgId, alertId);
  let filters: FeedFilters;
  let limit: number = LIMITS.exportFilters;
  const idsList = params.filter.ids_list?.trim();
  if (idsList) {
    const parsed = parseFeedFilters({ ids: idsList });
    if (parsed.issues.length) badRequest([errorObject('bad_request', parsed.issues[0].message, { parameter: 'filter[ids_list]' })]);
    filters = { ids: parsed.filters.ids };
    limit = LIMITS.exportIds;
  } else {
    filters = readFilters(auth, params);
  }
  const csvQuery = feedCsvQuery(alert, await resolveFeedSearch(app.deps.db, filters), orderOf(params), limit, { umv: allows(auth, 'feed.umv') });
  return sendCsvCopy(reply, app.deps.pool, `articles_feed_${alert.id}`, csvQuery);
}

export default async function articlesFeedRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;

  const list = (defaultPageSize: number) => async (req: FastifyRequest<{ Params: { alert_id: number } }>, reply: FastifyReply) => {
    if (wantsCsv(req)) return sendFeedCsv(fastify, req, reply, req.params.alert_id, req.query as Record<string, unknown>);
    const auth = memberOf(req);
    const params = parseListParams(req.query as Record<string, unknown>, {
      sortable: FEED_SORTS,
      filters: FEED_FILTERS,
      defaultSort: FEED_DEFAULT_SORT,
      defaultPageSize,
      maxPageSize: FEED_PAGE_SIZE.max,
    });
    if (params.pageSize < FEED_PAGE_SIZE.min) {
      badRequest([errorObject('bad_request', `page_size must be between ${FEED_PAGE_SIZE.min} and ${FEED_PAGE_SIZE.max}`, { parameter: 'page[page_size]' })]);
    }
    const filters = readFilters(auth, params);
    const alert = await requireAlert(fastify, auth.orgId, req.params.alert_id);
    const window = { limit: params.pageSize, offset: (params.page - 1) * params.pageSize };
    const { rows, total } = await readFeedPage(db, alert, filters, orderOf(params), window);
    return reply.type(JSONAPI).send({
      data: rows.map((r) => feedArticleResource(r, String(alert.id), allows(auth, 'feed.umv'))),
      meta: listMeta(total, params),
      latest_pull: alert.lastRunAt?.toISOString() ?? null,
    });
  };

  app.get(
    '/articles_feed/:alert_id',
    {
      config: org(),
      schema: {
        tags: ['articles feed'],
        summary: "An alert's articles feed (filters, sort, pages of 10 to 500)",
        params: alertParams,
        response: { 200: listOrCsv(feedPageDocument), ...refusals(403) },
      },
    },
    list(FEED_PAGE_SIZE.default),
  );
  app.get(
    '/external_articles_alert/:alert_id',
    {
      config: org(),
      schema: {
        tags: ['articles feed'],
        summary: 'The articles feed, default page size 35',
        params: alertParams,
        response: { 200: listOrCsv(feedPageDocument), ...refusals(403) },
      },
    },
    list(FEED_PAGE_SIZE.external),
  );
  for (const path of ['/csv/articles_feed/:alert_id', '/csv/external_articles_alert/:alert_id']) {
    app.get(
      path,
      {
        config: org(),
        schema: {
          tags: ['articles feed'],
          summary: 'The articles feed as streamed CSV (filter[ids_list] or the filters)',
          params: alertParams,
          response: { 200: bytes('The feed’s rows', 'text/csv'), ...refusals(403) },
        },
      },
      (req, reply) => sendFeedCsv(fastify, req, reply, req.params.alert_id, req.query as Record<string, unknown>),
    );
    // 10,000 ids do not fit in a URL (Node refuses request heads over 16 KB): the same export
    // of selected rows with the ids in a JSON body.
    app.post(
      path,
      {
        config: org(),
        schema: {
          tags: ['articles feed'],
          summary: 'CSV of selected feed articles (ids in the body)',
          params: alertParams,
          body: csvSelectionBody,
          response: { 200: bytes('The selected rows', 'text/csv'), ...refusals(403) },
        },
      },
      (req, reply) =>
        sendFeedCsv(fastify, req, reply, req.params.alert_id, {
          'filter[ids_list]': req.body.ids_list.join(','),
          ...(req.body.sort ? { sort: req.body.sort } : {}),
        }),
    );
  }

  // Stories (issue 32): a person merges stories the detection kept apart, or splits an article out.
  app.post(
    '/articles_feed/:alert_id/stories/merge',
    {
      config: org(),
      schema: {
        tags: ['articles feed'],
        summary: "Merge stories of the alert's feed into the first (for this organization)",
        params: alertParams,
        body: storyMergeBody,
        response: { 200: storyDocument, ...refusals(403, 404) },
      },
    },
    async (req, reply) => {
      const auth = memberOf(req);
      const alert = await requireAlert(fastify, auth.orgId, req.params.alert_id);
      const merged = await db.transaction((tx) => mergeStories(tx, auth.orgId, alert.id, req.body.data.attributes.story_ids, auth.userId));
      if (!merged) throw notFound('story');
      return reply.type(JSONAPI).send({ data: { type: 'story', id: String(merged.storyId), attributes: { size: merged.size } } });
    },
  );
  app.post(
    '/articles_feed/:alert_id/stories/split',
    {
      config: org(),
      schema: {
        tags: ['articles feed'],
        summary: 'Split an article of the feed out of its story (for this organization)',
        params: alertParams,
        body: storySplitBody,
        response: { 200: storyDocument, ...refusals(403, 404) },
      },
    },
    async (req, reply) => {
      const auth = memberOf(req);
      const alert = await requireAlert(fastify, auth.orgId, req.params.alert_id);
      const split = await db.transaction((tx) => splitStory(tx, auth.orgId, alert.id, req.body.data.attributes.article_id, auth.userId));
      if (!split) throw notFound('article');
      return reply.type(JSONAPI).send({ data: { type: 'story', id: String(split.storyId), attributes: { size: 1 } } });
    },
  );
}
