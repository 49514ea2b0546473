import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  websiteArticleResourceSchema,
  websiteCreateBody,
  websiteIncludedSchema,
  websiteResourceSchema,
  websiteUpdateBody,
} from '../../../common/schemas/websites.js';
import { listDocument, oneDocument } from '../../../common/schemas/jsonapi.js';
import { memberOf, operator } from '../../http/access.js';
import { notFound } from '../../http/errors.js';
import { parseListParams, sendList, sendOne } from '../../http/jsonapi.js';
import { bytes, jsonApi, listOrCsv, refusals } from '../../http/openapi.js';
import feedRoutes from './feeds-routes.js';
import { findWebsite, listWebsiteArticles, listWebsites, WEBSITE_ARTICLE_SORTS, WEBSITE_FILTERS, WEBSITE_SORTS, websiteRelations } from './repo.js';
import { websiteArticleResource, websiteIncluded, websiteResource } from './resources.js';
import { enqueueWebsiteIcon } from './icons.js';
import { createWebsite, editWebsite } from './service.js';

/** An id or a domain (the web app's /websites/{domain} asks by domain). */
const websiteParams = z.object({ id: z.string().trim().min(1).max(253) });

/** 001 §9: GET websites defaults to 50; the website page fetches up to 10000 articles at once. */
const WEBSITES_PAGE = 50;
const ARTICLES_PAGE = { default: 5000, max: 10000 };

// Every route here is the platform operator's: anyone else gets 404, a non-admin writer 403.
const websiteDocument = jsonApi(z.object({ data: websiteResourceSchema, included: websiteIncludedSchema }));

const CSV_COLUMNS = [
  'domain',
  'name',
  'reach',
  'reach_source',
  'reach_basis',
  'muv',
  'muv_source',
  'rank',
  'rank_list_date',
  'language',
  'mediatype-name',
  'is_metacritic',
  'articles-count',
  'feeds-count',
  'feeds-failing',
  'feeds-disabled',
  'fullUrl',
  'inserted-at',
  'updated-at',
];

export default async function websiteRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;
  // The crawler subscribes to WebSub hubs only when the server has a public address.
  const websubAvailable = Boolean(app.deps.config.publicUrl);
  // SimilarWeb is connected: visitors, the map and categories come from it.
  const trafficConnected = Boolean(app.deps.config.similarweb.apiKey);

  // Operator routes are gated before body parsing and validation, so an outsider's malformed
  // request is a 404 like any other (never a 422 that would reveal the route).
  const read = operator('websites.read');
  const write = operator('websites.write');

  const list = (req: FastifyRequest, reply: FastifyReply) => {
    const params = parseListParams(req.query as Record<string, unknown>, {
      sortable: WEBSITE_SORTS,
      filters: WEBSITE_FILTERS,
      defaultSort: 'name',
      defaultPageSize: WEBSITES_PAGE,
    });
    return sendList(req, reply, {
      name: 'websites',
      params,
      fetchPage: (p) => listWebsites(db, p),
      toResource: (w) => websiteResource(w, undefined, trafficConnected),
      csvColumns: CSV_COLUMNS,
    });
  };

  app.get(
    '/websites',
    {
      config: read,
      schema: {
        tags: ['websites'],
        summary: 'List websites (platform operator)',
        response: { 200: listOrCsv(listDocument(websiteResourceSchema)), ...refusals(403, 404) },
      },
    },
    list,
  );

  app.get(
    '/csv/websites',
    {
      config: read,
      schema: {
        tags: ['websites'],
        summary: 'Websites as CSV, streamed (platform operator)',
        response: { 200: bytes('Every website', 'text/csv'), ...refusals(403, 404) },
      },
    },
    (req, reply) => {
      // The csv/ address always answers CSV, whatever the Accept header says.
      req.headers.accept = 'text/csv';
      return list(req, reply);
    },
  );

  app.get(
    '/websites/:id',
    {
      config: read,
      schema: {
        tags: ['websites'],
        summary: 'One website by id or domain, with feeds, authors and accounts',
        params: websiteParams,
        response: { 200: websiteDocument, ...refusals(403) },
      },
    },
    async (req, reply) => {
      const website = await findWebsite(db, req.params.id);
      if (!website) throw notFound('website');
      const relations = await websiteRelations(db, website.id);
      return sendOne(reply, websiteResource(website, relations, trafficConnected), 200, { included: websiteIncluded(relations, websubAvailable) });
    },
  );

  app.get(
    '/websites/:id/articles',
    {
      config: read,
      schema: {
        tags: ['websites'],
        summary: "A website's archive articles, newest first",
        params: websiteParams,
        response: { 200: listOrCsv(listDocument(websiteArticleResourceSchema)), ...refusals(403) },
      },
    },
    async (req, reply) => {
      const website = await findWebsite(db, req.params.id);
      if (!website) throw notFound('website');
      const params = parseListParams(req.query as Record<string, unknown>, {
        sortable: WEBSITE_ARTICLE_SORTS,
        filters: ['search'],
        defaultSort: '-pub_date',
        defaultPageSize: ARTICLES_PAGE.default,
        maxPageSize: ARTICLES_PAGE.max,
      });
      return sendList(req, reply, {
        name: `${website.domain}-articles`,
        params,
        fetchPage: (p) => listWebsiteArticles(db, website.id, p),
        toResource: websiteArticleResource,
        csvColumns: ['title', 'url', 'fullUrl', 'author', 'language', 'reach', 'pub_date'],
      });
    },
  );

  app.post(
    '/websites',
    {
      config: write,
      schema: {
        tags: ['websites'],
        summary: 'Add a website',
        body: websiteCreateBody,
        // 409: the domain exists.
        response: { 201: jsonApi(oneDocument(websiteResourceSchema)), ...refusals(403, 404, 409) },
      },
    },
    async (req, reply) => {
      const { userId } = memberOf(req);
      const website = await createWebsite(db, req.body.data.attributes, { userId });
      // Its icon is fetched in the background, never during the request; so are its SimilarWeb
      // figures when connected (features/reach's `traffic-website` queue, named here: reach sits above websites).
      await enqueueWebsiteIcon(app.deps.boss, website.id);
      if (trafficConnected) await app.deps.boss?.send('traffic-website', { websiteId: website.id }, { singletonKey: `traffic-website-${website.id}` });
      return sendOne(reply, websiteResource(website, undefined, trafficConnected), 201);
    },
  );

  app.patch(
    '/websites/:id',
    {
      config: write,
      schema: {
        tags: ['websites'],
        summary: 'Edit a website (score, traffic, media type, accounts, …)',
        params: websiteParams,
        body: websiteUpdateBody,
        response: { 200: websiteDocument, ...refusals(403) },
      },
    },
    async (req, reply) => {
      const { userId } = memberOf(req);
      const website = await editWebsite(db, req.params.id, req.body.data.attributes, { userId });
      const relations = await websiteRelations(db, website.id);
      return sendOne(reply, websiteResource(website, relations, trafficConnected), 200, { included: websiteIncluded(relations, websubAvailable) });
    },
  );

  await app.register(feedRoutes);
}
