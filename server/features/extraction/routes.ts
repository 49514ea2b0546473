import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MSG } from '../../../common/messages.js';
import { idSchema, oneDocument } from '../../../common/schemas/jsonapi.js';
import { normalizeUserUrl } from '../../../common/url.js';
import { memberOf, org } from '../../http/access.js';
import { AppError, errorObject, ValidationError } from '../../http/errors.js';
import { resource, sendOne } from '../../http/jsonapi.js';
import { previewUrlOf } from '../articles/service.js';
import { extractPage, type ExtractedPage } from '../../net/extract.js';
import { extractionResourceSchema, type ExtractionAttributes } from '../../../common/schemas/extraction.js';
import { jsonApi, refusals } from '../../http/openapi.js';

const query = z.object({ id: idSchema.optional(), url: z.string().max(2048).optional() });

// A preview is often opened twice in a row (preview, then save); a few minutes of memory spares the site a second fetch.
const CACHE_MAX = 64;
const CACHE_TTL_MS = 5 * 60_000;

const noPreview = () => new AppError('not_found', MSG.articles.noPreview);

export const extractionResource = (id: string, p: ExtractedPage) =>
  resource('extraction', id, {
    url: p.url,
    title: p.title,
    text: p.text,
    excerpt: p.excerpt,
    image: p.image,
    published_at: p.publishedAt?.toISOString() ?? null,
    language: p.language,
    site_name: p.siteName,
  } satisfies ExtractionAttributes);

export default async function extractionRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = app.deps;
  // Per app (not per process): apps with different network settings never share an answer.
  const cache = new Map<string, { page: ExtractedPage; until: number }>();

  async function readCached(url: string): Promise<ExtractedPage | null> {
    const now = Date.now();
    const hit = cache.get(url);
    if (hit && hit.until > now) return hit.page;
    let page: ExtractedPage;
    try {
      page = await extractPage(deps, url);
    } catch {
      // Unreachable, refused, not HTML: to the reader all of these are "no preview".
      return null;
    }
    if (!page.text) return null;
    cache.delete(url);
    if (cache.size >= CACHE_MAX) cache.delete(cache.keys().next().value!);
    cache.set(url, { page, until: now + CACHE_TTL_MS });
    return page;
  }

  app.get(
    '/extract',
    {
      config: org(),
      schema: {
        tags: ['articles'],
        summary: "An article's readable text and metadata (by feed or saved article id, or url)",
        querystring: query,
        // 404: no preview of that page.
        response: { 200: jsonApi(oneDocument(extractionResourceSchema)), ...refusals(403, 404) },
      },
    },
    async (req, reply) => {
      const auth = memberOf(req);
      const { id, url } = req.query;
      let target: string | null | undefined;
      if (id !== undefined) {
        // An id names an article the organization can see; anything else is not found.
        target = await previewUrlOf(deps.db, auth.orgId, id);
        if (!target) throw noPreview();
      } else if (url) {
        target = normalizeUserUrl(url);
        if (!target) throw new ValidationError([errorObject('bad_request', MSG.articles.invalidUrl, { parameter: 'url' })], 'bad_request');
      } else {
        throw new ValidationError([errorObject('bad_request', 'id or url is required', { parameter: 'id' })], 'bad_request');
      }
      const page = await readCached(target);
      if (!page) throw noPreview();
      return sendOne(reply, extractionResource(id !== undefined ? String(id) : page.url, page));
    },
  );
}
