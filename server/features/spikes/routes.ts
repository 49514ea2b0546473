import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idSchema } from '../../../common/schemas/jsonapi.js';
import {
  spikeListDocument,
  spikeSettingsBody,
  spikeSettingsDocument,
  type SpikeAttributes,
  type SpikeSettingsAttributes,
} from '../../../common/schemas/spikes.js';
import { memberOf, org } from '../../http/access.js';
import { JSONAPI } from '../../http/jsonapi.js';
import { jsonApi, refusals } from '../../http/openapi.js';
import { getSpikeSettings, listSpikes, updateSpikeSettings, type SpikeRow, type SpikeSettings } from './service.js';

const settingsResource = (projectId: number, s: SpikeSettings) => ({
  type: 'spike-alerts' as const,
  id: String(projectId),
  attributes: { enabled: s.enabled, window: s.window, factor: s.factor, min_matches: s.minMatches } satisfies SpikeSettingsAttributes,
});

const spikeResource = (s: SpikeRow) => ({
  type: 'spike' as const,
  id: String(s.id),
  attributes: {
    window: s.window,
    window_start: s.windowStart.toISOString(),
    matches: s.matches,
    baseline: Math.round(s.baseline * 100) / 100,
    factor: s.factor,
    stories: s.stories,
    emailed_at: s.emailedAt?.toISOString() ?? null,
    created_at: s.insertedAt.toISOString(),
  } satisfies SpikeAttributes,
});

const params = z.object({ id: idSchema });

/** A project's spike alerts (issue 32 item 3; docs/api.md "Spike alerts"): the settings and the last spikes. */
export default async function spikeRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;

  app.get(
    '/projects/:id/spike-alerts',
    {
      config: org(),
      schema: {
        tags: ['spikes'],
        summary: "A project's spike alert settings: on or off, the window (hour or day), the factor over the 14-day baseline and the minimum matches",
        params,
        response: { 200: jsonApi(spikeSettingsDocument), ...refusals(404) },
      },
    },
    async (req, reply) => {
      const auth = memberOf(req);
      const settings = await getSpikeSettings(db, auth.orgId, req.params.id);
      return reply.type(JSONAPI).send({ data: settingsResource(req.params.id, settings) });
    },
  );

  app.patch(
    '/projects/:id/spike-alerts',
    {
      config: org(),
      schema: {
        tags: ['spikes'],
        summary: "Changes a project's spike alert settings (the attributes given); 422 at the attribute out of range",
        params,
        body: spikeSettingsBody,
        response: { 200: jsonApi(spikeSettingsDocument), ...refusals(404, 422) },
      },
    },
    async (req, reply) => {
      const auth = memberOf(req);
      const settings = await updateSpikeSettings(db, auth.orgId, req.params.id, req.body.data.attributes);
      return reply.type(JSONAPI).send({ data: settingsResource(req.params.id, settings) });
    },
  );

  app.get(
    '/projects/:id/spikes',
    {
      config: org(),
      schema: {
        tags: ['spikes'],
        summary: "A project's last spike alerts, newest window first, with the stories that drove each",
        params,
        response: { 200: jsonApi(spikeListDocument), ...refusals(404) },
      },
    },
    async (req, reply) => {
      const auth = memberOf(req);
      const rows = await listSpikes(db, auth.orgId, req.params.id);
      return reply.type(JSONAPI).send({ data: rows.map(spikeResource) });
    },
  );
}
