import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MSG } from '../../../common/messages.js';
import { idSchema, listDocument, oneDocument } from '../../../common/schemas/jsonapi.js';
import { feedCreateBody, feedResourceSchema, feedUpdateBody, opmlImportDocument, type OpmlImportAttributes } from '../../../common/schemas/websites.js';
import { operator } from '../../http/access.js';
import { AppError, fieldError, notFound } from '../../http/errors.js';
import { JSONAPI, parseListParams, sendList, sendOne } from '../../http/jsonapi.js';
import { bytes, jsonApi, listOrCsv, noContent, refusals } from '../../http/openapi.js';
import { deleteFeed, enqueueFeedPoll, insertFeed, insertNewFeeds, updateFeed } from '../crawler/service.js';
import { allFeedsByWebsite, FEED_FILTERS, FEED_SORTS, listFeeds, ensureWebsites, feedUrlTaken, findFeed, type FeedRow } from './feeds-repo.js';
import { opmlChunks, parseOpml } from './opml.js';
import { findWebsite } from './repo.js';
import { conflictAt } from './service.js';
import { feedResource } from './resources.js';

const idParams = z.object({ id: idSchema });
const OPML_TYPES = ['text/x-opml', 'application/xml', 'text/xml', 'application/x-opml'];
// 5,000 outlines of a few hundred bytes each, with room for long titles.
const OPML_MAX_BYTES = 8 * 1024 * 1024;
const feedDocument = jsonApi(oneDocument(feedResourceSchema));
/** An import (`readOpml`): the OPML document as the body, or a multipart form with it in `file`. */
const opmlDocument = z.string().describe('An OPML 1.0 or 2.0 document');
const opmlBody = {
  content: {
    ...Object.fromEntries(OPML_TYPES.map((type) => [type, { schema: opmlDocument }])),
    'multipart/form-data': { schema: z.object({ file: z.file().describe('An OPML file') }) },
  },
};

/** The OPML text of an import: the raw body, or the multipart `file` field. */
async function readOpml(req: FastifyRequest): Promise<string> {
  if (req.isMultipart()) {
    let text: string | undefined;
    try {
      for await (const part of req.parts()) {
        if (part.type === 'file') {
          const bytes = await part.toBuffer();
          if (part.fieldname === 'file') text = bytes.toString('utf8');
        }
      }
    } catch (err) {
      if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('payload_too_large', MSG.websites.opmlTooLarge);
      throw err;
    }
    if (text === undefined) throw fieldError('/file', 'Choose an OPML file to import');
    if (text.includes('\u0000')) throw fieldError('/file', MSG.websites.opmlInvalid);
    return text;
  }
  if (typeof req.body !== 'string' || !req.body.trim()) throw fieldError('/', MSG.websites.opmlInvalid);
  return req.body;
}

/** Feeds of websites (platform operator; the gate of websiteRoutes applies here too). */
export default async function feedRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;
  const websubAvailable = Boolean(app.deps.config.publicUrl);
  const toFeedResource = (f: FeedRow) => feedResource(f, websubAvailable);
  // Read per call: the job queue may be attached after the routes are built (tests, API-only role).
  const boss = () => app.deps.boss;
  // The platform operator's, like the websites: anyone else gets 404, a non-admin writer 403.
  const read = operator('websites.read');
  const write = operator('websites.write');

  app.addContentTypeParser(OPML_TYPES, { parseAs: 'string', bodyLimit: OPML_MAX_BYTES }, (_req, body, done) => done(null, body));

  app.get(
    '/feeds',
    {
      config: read,
      schema: {
        tags: ['feeds'],
        summary: 'Feeds with their polling state (filter[website_id])',
        response: { 200: listOrCsv(listDocument(feedResourceSchema)), ...refusals(403, 404) },
      },
    },
    async (req, reply) => {
      const params = parseListParams(req.query as Record<string, unknown>, { sortable: FEED_SORTS, filters: FEED_FILTERS, defaultSort: 'feed' });
      return sendList(req, reply, {
        name: 'feeds',
        params,
        fetchPage: (p) => listFeeds(db, p),
        toResource: toFeedResource,
        csvColumns: ['feed', 'type', 'disabled', 'website_id', 'status', 'last-success-at', 'last-error', 'error-count', 'next-check-at', 'articles-added'],
      });
    },
  );

  app.post(
    '/feeds',
    {
      config: write,
      schema: {
        tags: ['feeds'],
        summary: 'Add a feed to a website',
        body: feedCreateBody,
        // 409: the address exists.
        response: { 201: feedDocument, ...refusals(403, 404, 409) },
      },
    },
    async (req, reply) => {
      const a = req.body.data.attributes;
      const website = await findWebsite(db, String(a.website_id));
      if (!website) throw fieldError('/data/attributes/website_id', 'The website was not found');
      const feed = await insertFeed(db, {
        websiteId: website.id,
        feed: a.feed,
        type: a.type ?? 0,
        language: a.language ?? null,
        reach: a.reach ?? null,
        nextCheckAt: new Date(),
      });
      if (!feed) throw conflictAt('/data/attributes/feed', MSG.websites.feedTaken);
      await enqueueFeedPoll(boss(), feed.id);
      return sendOne(reply, toFeedResource(feed), 201);
    },
  );

  app.patch(
    '/feeds/:id',
    {
      config: write,
      schema: {
        tags: ['feeds'],
        summary: 'Change a feed address, disable or re-enable it',
        params: idParams,
        body: feedUpdateBody,
        response: { 200: feedDocument, ...refusals(403) },
      },
    },
    async (req, reply) => {
      const a = req.body.data.attributes;
      const current = await findFeed(db, req.params.id);
      if (!current) throw notFound('feed');
      if (a.feed !== undefined && a.feed !== current.feed && (await feedUrlTaken(db, a.feed, current.id))) {
        throw conflictAt('/data/attributes/feed', MSG.websites.feedTaken);
      }
      let feed;
      try {
        feed = await updateFeed(db, current, a);
      } catch (err) {
        // Two edits racing to the same address: the unique index decides.
        if ((err as { cause?: { code?: string }; code?: string }).code === '23505' || (err as { cause?: { code?: string } }).cause?.code === '23505') {
          throw conflictAt('/data/attributes/feed', MSG.websites.feedTaken);
        }
        throw err;
      }
      if (!feed) throw notFound('feed');
      const restarted = (a.feed !== undefined && a.feed !== current.feed) || (a.disabled === false && current.disabled);
      if (restarted && !feed.disabled) await enqueueFeedPoll(boss(), feed.id);
      return sendOne(reply, toFeedResource(feed));
    },
  );

  app.delete(
    '/feeds/:id',
    {
      config: write,
      schema: { tags: ['feeds'], summary: 'Delete a feed (its articles stay)', params: idParams, response: { 204: noContent('Deleted'), ...refusals(403) } },
    },
    async (req, reply) => {
      if (!(await deleteFeed(db, req.params.id))) throw notFound('feed');
      return reply.code(204).send();
    },
  );

  app.get(
    '/feeds/opml',
    {
      config: read,
      schema: {
        tags: ['feeds'],
        summary: 'Every feed as OPML 2.0, grouped by website',
        response: { 200: bytes('OPML 2.0', 'text/x-opml'), ...refusals(403, 404) },
      },
    },
    async (req, reply) => {
      const date = new Date().toISOString().slice(0, 10);
      return reply
        .header('content-type', 'text/x-opml; charset=utf-8')
        .header('content-disposition', `attachment; filename="coverwatch-feeds-${date}.opml"`)
        .send(Readable.from(opmlChunks(allFeedsByWebsite(db))));
    },
  );

  app.post(
    '/feeds/opml',
    {
      config: write,
      schema: {
        tags: ['feeds'],
        summary: 'Import feeds from OPML (body, or multipart field `file`)',
        documentedBody: opmlBody,
        response: { 200: jsonApi(opmlImportDocument), ...refusals(403, 404, 422) },
      },
      bodyLimit: OPML_MAX_BYTES,
    },
    async (req, reply) => {
      const parsed = parseOpml(await readOpml(req));
      if (!parsed.ok) {
        if (parsed.reason === 'too_large') throw new AppError('payload_too_large', parsed.message);
        throw fieldError('/', parsed.message);
      }
      const { entries, invalid } = parsed;
      const created = await db.transaction(async (tx) => {
        const languageByDomain = new Map<string, string>();
        for (const e of entries) {
          if ((languageByDomain.get(e.domain) ?? 'unknown') === 'unknown') languageByDomain.set(e.domain, e.websiteLanguage);
        }
        const websiteIds = await ensureWebsites(
          tx,
          [...languageByDomain].map(([domain, language]) => ({ domain, language })),
        );
        const unique = new Map(entries.map((e) => [e.feed, e]));
        return insertNewFeeds(
          tx,
          [...unique.values()].map((e) => ({
            websiteId: websiteIds.get(e.domain)!,
            feed: e.feed,
            type: e.type,
            title: e.title,
            language: e.language === 'unknown' ? null : e.language,
            nextCheckAt: new Date(),
          })),
        );
      });
      for (const f of created) await enqueueFeedPoll(boss(), f.id);
      return reply.type(JSONAPI).send({
        data: {
          type: 'opml_import',
          attributes: { created: created.length, skipped: entries.length - created.length, invalid } satisfies OpmlImportAttributes,
        },
        meta: { message: MSG.websites.opmlImported(created.length, entries.length - created.length, invalid.length) },
      });
    },
  );
}
