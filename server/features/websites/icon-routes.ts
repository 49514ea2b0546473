import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PUBLIC } from '../../http/access.js';
import { notFound } from '../../http/errors.js';
import { bytes, noContent } from '../../http/openapi.js';
import { findIconByDomain } from './icons-repo.js';

/** `{domain}.png`: a lower-case host name (the websites' `domain`), nothing else reaches a query. */
const ICON_FILE = /^([a-z0-9](?:[a-z0-9.-]{0,251}[a-z0-9])?(?::\d{1,5})?)\.png$/;
const iconParams = z.object({ file: z.string().max(300) });

/**
 * `GET /api/icons/{domain}.png`, no token: an outlet's icon as we stored it, so the app and the
 * public report page never load pictures from the outlets' own sites. It answers a picture
 * anyone can see on the outlet's home page, for a domain the caller already names; 404 when
 * there is none (the web shows the outlet's initial).
 */
export default async function iconRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;

  app.get(
    '/icons/:file',
    {
      config: PUBLIC,
      schema: {
        tags: ['websites'],
        summary: "A website's icon as a 64×64 PNG ({domain}.png), public",
        security: [],
        params: iconParams,
        response: { 200: bytes('The icon', 'image/png'), 304: noContent('Not modified (If-None-Match)') },
      },
    },
    async (req, reply) => {
      const m = ICON_FILE.exec(req.params.file.toLowerCase());
      const icon = m ? await findIconByDomain(db, m[1]) : undefined;
      if (!icon) throw notFound('icon');
      const etag = `"${createHash('sha1').update(icon.png).digest('base64url').slice(0, 16)}"`;
      reply.header('etag', etag).header('cache-control', 'public, max-age=86400, stale-while-revalidate=604800');
      if (req.headers['if-none-match'] === etag) return reply.code(304).send();
      return reply.type('image/png').send(icon.png);
    },
  );
}
