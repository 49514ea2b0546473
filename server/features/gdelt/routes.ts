import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { oneDocument } from '../../../common/schemas/jsonapi.js';
import { gdeltResourceSchema, gdeltUpdateBody, type GdeltAttributes } from '../../../common/schemas/gdelt.js';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { operator } from '../../http/access.js';
import { resource, sendOne } from '../../http/jsonapi.js';
import { jsonApi, refusals } from '../../http/openapi.js';
import { REFRESH_MS, TICK_BUDGET_MS } from './discovery.js';
import { enqueueGdeltTick } from './jobs.js';
import { overview, requestsSince } from './repo.js';
import { readBackoff, readEnabled, writeEnabled } from './state.js';

/** Queries listed on the sources screen. */
const LISTED = 50;

/** What the operator sees of GDELT discovery. */
export async function gdeltStatus(db: Db, config: Pick<Config, 'gdelt'>, now = new Date()): Promise<GdeltAttributes> {
  const [enabled, backoff, hour, o] = await Promise.all([
    readEnabled(db, config.gdelt.enabled),
    readBackoff(db),
    requestsSince(db, new Date(now.getTime() - 3_600_000)),
    overview(db, LISTED),
  ]);
  // A tick sends up to budget / interval + 1 requests a minute: the real refresh of each query is the longer of 15 minutes and a full cycle.
  const perMinute = Math.floor(TICK_BUDGET_MS / Math.max(config.gdelt.intervalMs, 1)) + 1;
  const cycleMinutes = Math.ceil(o.queriesTotal / perMinute);
  return {
    enabled,
    api_url: config.gdelt.apiUrl,
    interval_seconds: config.gdelt.intervalMs / 1000,
    refresh_minutes: Math.max(REFRESH_MS / 60_000, cycleMinutes),
    requests_last_hour: hour.requests,
    refusals_last_hour: hour.refusals,
    backoff_until: backoff.until && Date.parse(backoff.until) > now.getTime() ? backoff.until : null,
    last_refusal_at: backoff.lastRefusalAt,
    last_refusal: backoff.lastRefusal,
    queries_total: o.queriesTotal,
    queries_invalid: o.queriesInvalid,
    alerts_searched: o.alertsSearched,
    alerts_unsupported: o.alertsUnsupported,
    queries: o.queries,
  };
}

/**
 * GDELT discovery (issue 31), the platform operator's: its state and its switch. Anyone else gets
 * a 404 (a caller without an organization 403), like the ranking's routes.
 */
export default async function gdeltRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, config } = app.deps;
  const operatorOnly = operator();
  const document = jsonApi(oneDocument(gdeltResourceSchema));
  const status = async () => resource('gdelt', 'current', { ...(await gdeltStatus(db, config)) });

  app.get(
    '/operator/gdelt',
    {
      config: operatorOnly,
      schema: {
        tags: ['gdelt'],
        summary: 'GDELT discovery: the switch, requests in the last hour, back-off, the distinct queries (platform operator)',
        response: { 200: document, ...refusals(403, 404) },
      },
    },
    async (_req, reply) => sendOne(reply, await status()),
  );

  app.patch(
    '/operator/gdelt',
    {
      config: operatorOnly,
      schema: {
        tags: ['gdelt'],
        summary: "Switch GDELT discovery on or off (platform operator); it sends the alerts' queries to GDELT",
        body: gdeltUpdateBody,
        response: { 200: document, ...refusals(403, 404, 422) },
      },
    },
    async (req, reply) => {
      const on = req.body.data.attributes.enabled;
      await writeEnabled(db, on);
      // Switched on: the alerts are searched now, not at the next minute.
      if (on) await enqueueGdeltTick(app.deps.boss);
      return sendOne(reply, await status());
    },
  );
}
