import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  alertCreateBody,
  alertPreviewBody,
  alertPreviewDocument,
  alertResourceSchema,
  alertUpdateBody,
  articlesCountBody,
  notificationTestsSchema,
  type AlertResourceAttributes,
} from '../../../common/schemas/alerts.js';
import { idSchema, listDocument, oneDocument } from '../../../common/schemas/jsonapi.js';
import { parseQuery } from '../../../common/query/parse.js';
import { toTsquery } from '../../../common/query/postgres.js';
import { memberOf, org } from '../../http/access.js';
import { AppError, notFound } from '../../http/errors.js';
import { parseListParams, rel, resource, sendList, sendOne } from '../../http/jsonapi.js';
import { jsonApi, listOrCsv, noContent, plainJson, refusals } from '../../http/openapi.js';
import { ALERT_FILTERS, ALERT_SORTS, countRecentMatches, listAlerts, type AlertWithTotal } from './repo.js';
import { createAlert, deleteAlert, getAlert, previewAlert, updateAlert, type AlertInput, type SavedAlert } from './service.js';

const iso = (d: Date | null) => d?.toISOString() ?? null;

export const alertResource = (a: AlertWithTotal) => {
  const attributes: AlertResourceAttributes = {
    project_id: String(a.projectId),
    name: a.name,
    keywords: a.keywords,
    min_reach: a.minReach,
    slack_tracking: a.slackTracking,
    slack_channel_id: a.slackChannelId,
    slack_channel_name: a.slackChannelName,
    slack_webhook_url: a.slackWebhookUrl,
    discord_webhook_url: a.discordWebhookUrl,
    last_run_at: iso(a.lastRunAt),
    total_articles: a.totalArticles,
    inserted_at: a.insertedAt.toISOString(),
    updated_at: a.updatedAt.toISOString(),
  };
  return resource('alert', a.id, { ...attributes }, { project: rel('project', a.projectId) });
};

type Attributes = z.output<typeof alertUpdateBody>['data']['attributes'];

const toInput = (a: Attributes): Partial<AlertInput> => ({
  projectId: a.project_id,
  name: a.name,
  keywords: a.keywords,
  minReach: a.min_reach,
  slackTracking: a.slack_tracking,
  slackChannelId: a.slack_channel_id,
  slackChannelName: a.slack_channel_name,
  slackWebhookUrl: a.slack_webhook_url,
  discordWebhookUrl: a.discord_webhook_url,
});

const idParams = z.object({ id: idSchema });
/** A saved alert, with what the services answered to its test messages. */
const savedAlertDocument = jsonApi(oneDocument(alertResourceSchema, { meta: z.object({ notification_tests: notificationTestsSchema }) }));

export default async function alertRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;
  const notify = { db, config: app.deps.config };
  /** What the services answered to this save's test messages ({} when it set no webhook or channel). */
  const testsMeta = (alert: SavedAlert) => ({ meta: { notification_tests: alert.notificationTests } });

  app.get(
    '/alerts',
    {
      config: org(),
      schema: {
        tags: ['alerts'],
        summary: 'List alerts (filter[project_id] for one project)',
        response: { 200: listOrCsv(listDocument(alertResourceSchema)), ...refusals(403) },
      },
    },
    async (req, reply) => {
      const auth = memberOf(req);
      const params = parseListParams(req.query as Record<string, unknown>, {
        sortable: ALERT_SORTS,
        filters: ALERT_FILTERS,
        defaultSort: 'name',
        defaultPageSize: 100,
      });
      return sendList(req, reply, {
        name: 'alerts',
        params,
        fetchPage: (p) => listAlerts(db, auth.orgId, p),
        toResource: alertResource,
        csvColumns: ['project_id', 'name', 'keywords', 'min_reach', 'slack_tracking', 'last_run_at', 'total_articles', 'inserted_at', 'updated_at'],
      });
    },
  );

  app.get(
    '/alerts/:id',
    {
      config: org(),
      schema: { tags: ['alerts'], summary: 'One alert', params: idParams, response: { 200: jsonApi(oneDocument(alertResourceSchema)), ...refusals(403) } },
    },
    async (req, reply) => {
      const auth = memberOf(req);
      return sendOne(reply, alertResource(await getAlert(db, auth.orgId, req.params.id)));
    },
  );

  app.post(
    '/alerts',
    {
      config: org(),
      schema: {
        tags: ['alerts'],
        summary: "Create a project's alert; links the project and fills the feed",
        body: alertCreateBody,
        // 403 `plan_limit` past the plan's alerts per project; 404: no such project; 409: the project has its one alert.
        response: { 201: savedAlertDocument, ...refusals(403, 404, 409) },
      },
    },
    async (req, reply) => {
      const auth = memberOf(req);
      const { attributes } = req.body.data;
      const alert = await createAlert(
        db,
        auth.orgId,
        { ...toInput(attributes), projectId: attributes.project_id, keywords: attributes.keywords },
        {
          onBackfillError: (err) => req.log.error({ err }, 'alert backfill failed'),
          notify,
        },
      );
      return sendOne(reply, alertResource(alert), 201, testsMeta(alert));
    },
  );

  app.post(
    '/alerts/preview',
    {
      config: org(),
      schema: {
        tags: ['alerts'],
        summary: 'What an alert would find before it is saved: matches of the last two months in the archive and the five newest',
        body: alertPreviewBody,
        // 503: the search ran past its time limit.
        response: { 200: plainJson(alertPreviewDocument), ...refusals(403, 503) },
      },
    },
    async (req) => {
      return { data: await previewAlert(db, req.body.keywords, { minReach: req.body.min_reach }) };
    },
  );

  app.patch(
    '/alerts/:id',
    {
      config: org(),
      schema: {
        tags: ['alerts'],
        summary: 'Edit an alert (new keywords re-match the feed)',
        params: idParams,
        body: alertUpdateBody,
        response: { 200: savedAlertDocument, ...refusals(403) },
      },
    },
    async (req, reply) => {
      const auth = memberOf(req);
      const alert = await updateAlert(db, auth.orgId, req.params.id, toInput(req.body.data.attributes), {
        onBackfillError: (err) => req.log.error({ err }, 'alert backfill failed'),
        notify,
      });
      if (!alert) throw notFound('alert');
      return sendOne(reply, alertResource(alert), 200, testsMeta(alert));
    },
  );

  app.delete(
    '/alerts/:id',
    {
      config: org(),
      schema: { tags: ['alerts'], summary: 'Delete an alert and its feed', params: idParams, response: { 204: noContent('Deleted'), ...refusals(403) } },
    },
    async (req, reply) => {
      const auth = memberOf(req);
      if (!(await deleteAlert(db, auth.orgId, req.params.id))) throw notFound('alert');
      return reply.code(204).send();
    },
  );

  app.post(
    '/analytics/articles/count',
    {
      config: org(),
      schema: {
        tags: ['alerts'],
        summary: 'How many archive articles of the last two months match a query (capped at 100000)',
        body: articlesCountBody,
        response: { 200: plainJson(z.object({ data: z.object({ count: z.number().int(), capped: z.boolean() }) })), ...refusals(403) },
      },
    },
    async (req) => {
      const parsed = parseQuery(req.body.query);
      if (!parsed.ok) throw new AppError('bad_request', parsed.error.message, '/query');
      const { count, capped } = await countRecentMatches(db, toTsquery(parsed.query));
      return { data: { count, capped } };
    },
  );
}
