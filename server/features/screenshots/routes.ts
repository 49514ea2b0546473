import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idSchema, oneDocument } from '../../../common/schemas/jsonapi.js';
import { screenshotResourceSchema } from '../../../common/schemas/screenshots.js';
import { bytes, jsonApi, refusals } from '../../http/openapi.js';
import { memberOf, org } from '../../http/access.js';
import { sendOne } from '../../http/jsonapi.js';
import { sendJpeg } from '../../http/send-jpeg.js';
import { openScreenshotImage, privateScreenshotUrl, requestScreenshot, requireScreenshot, screenshotResource } from './service.js';

/** The body of `POST screenshots`: plain `{article_id, article_url}` as the spec's call sends it, or wrapped in data.attributes. */
const screenshotBody = z.preprocess(
  (v) => {
    const attrs = (v as { data?: { attributes?: unknown } } | null)?.data?.attributes;
    return attrs && typeof attrs === 'object' ? attrs : v;
  },
  z.object({ article_id: idSchema, article_url: z.string().max(2048).optional() }),
);

const articleParams = z.object({ article_id: idSchema });
const screenshotDocument = jsonApi(oneDocument(screenshotResourceSchema));

export default async function screenshotRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = app.deps;

  app.post(
    '/screenshots',
    {
      config: org({ action: 'screenshots.take' }),
      schema: {
        tags: ['reports'],
        summary: 'Highlight a saved article: take (or reuse) its picture',
        body: screenshotBody,
        // 200: the article had its picture already; 404: no such saved article.
        response: { 201: screenshotDocument, 200: screenshotDocument, ...refusals(403, 404) },
      },
    },
    async (req, reply) => {
      const auth = memberOf(req);
      // The page taken is the saved article's own address, whatever article_url says.
      const { row, created } = await requestScreenshot({ ...deps, log: req.log }, auth.orgId, req.body.article_id);
      return sendOne(reply, screenshotResource(row, privateScreenshotUrl), created ? 201 : 200);
    },
  );

  app.get(
    '/screenshots/:article_id',
    {
      config: org(),
      schema: {
        tags: ['reports'],
        summary: "A highlighted article's picture: status, source and image URL",
        params: articleParams,
        response: { 200: screenshotDocument, ...refusals(403) },
      },
    },
    async (req, reply) => {
      const auth = memberOf(req);
      return sendOne(reply, screenshotResource(await requireScreenshot(deps.db, auth.orgId, req.params.article_id), privateScreenshotUrl));
    },
  );

  app.get(
    '/screenshots/:article_id/image',
    {
      config: org(),
      schema: {
        tags: ['reports'],
        summary: "A highlighted article's picture (JPEG)",
        params: articleParams,
        response: { 200: bytes('The picture', 'image/jpeg'), ...refusals(403) },
      },
    },
    async (req, reply) => {
      const auth = memberOf(req);
      const row = await requireScreenshot(deps.db, auth.orgId, req.params.article_id);
      return sendJpeg(reply, await openScreenshotImage(deps.storage, row), 'private');
    },
  );
}
