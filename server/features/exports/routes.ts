import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { exports } from '../../db/schema/reports.js';
import { PUBLIC } from '../../http/access.js';
import { AppError } from '../../http/errors.js';
import { bytes } from '../../http/openapi.js';

const tokenParams = z.object({ token: z.string().min(1).max(256) });

const gone = () => new AppError('not_found', 'This download link is unknown or has expired');

/** `supersearch-2026-05-01.csv`: the export's kind (its first word) and the day it finished. */
export function downloadFilename(kind: string, finishedAt: Date | null, insertedAt: Date): string {
  const name = /^[a-z]+/i.exec(kind)?.[0].toLowerCase() || 'export';
  return `${name}-${(finishedAt ?? insertedAt).toISOString().slice(0, 10)}.csv`;
}

export default async function exportRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, storage } = app.deps;

  app.get(
    '/p/exports/:token',
    {
      // The unguessable token is the credential.
      config: PUBLIC,
      schema: {
        tags: ['exports'],
        summary: 'Download a finished export by the link sent by e-mail (the token is the credential)',
        security: [],
        params: tokenParams,
        response: { 200: bytes('The export', 'text/csv') },
      },
    },
    async (req, reply) => {
      // Mail clients send no bearer token: the unguessable token alone opens the file, until it expires.
      const [row] = await db.select().from(exports).where(eq(exports.token, req.params.token)).limit(1);
      if (!row || row.status !== 'done' || !row.fileKey) throw gone();
      if (row.expiresAt && row.expiresAt.getTime() <= Date.now()) throw gone();
      const body = await storage.get(row.fileKey);
      if (!body) throw gone();
      return (
        reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${downloadFilename(row.kind, row.finishedAt, row.insertedAt)}"`)
          .header('cache-control', 'private, no-store')
          .header('x-content-type-options', 'nosniff')
          // The token is in the URL: pages linked from here must not receive it as a referrer.
          .header('referrer-policy', 'no-referrer')
          .send(body)
      );
    },
  );
}
