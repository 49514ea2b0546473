import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PUBLIC } from '../../http/access.js';
import { plainJson } from '../../http/openapi.js';

export default async function healthRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/health',
    {
      config: PUBLIC,
      schema: {
        tags: ['system'],
        summary: 'Liveness and database reachability',
        security: [],
        response: {
          200: plainJson(z.object({ status: z.literal('ok'), database: z.enum(['embedded', 'external']), version: z.string() })),
          503: plainJson(
            z.object({ status: z.literal('unavailable'), database: z.enum(['embedded', 'external']), version: z.string() }),
            'The database is not reachable',
          ),
        },
      },
    },
    async (req, reply) => {
      const { pool, databaseKind, config } = app.deps;
      try {
        const client = await pool.connect();
        try {
          await client.query('select 1');
        } finally {
          client.release();
        }
        return { status: 'ok' as const, database: databaseKind, version: config.version };
      } catch {
        return reply.code(503).send({ status: 'unavailable' as const, database: databaseKind, version: config.version });
      }
    },
  );
}
