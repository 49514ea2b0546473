import type { FastifyInstance, FastifyRequest } from 'fastify';
import { COUNTRIES, LANGUAGES, REGIONS } from '../../../common/reference.js';
import { org } from '../../http/access.js';
import { parseListParams, resource, sendList, type ListParams } from '../../http/jsonapi.js';
import { listMediatypes } from './service.js';
import {
  countryResourceSchema,
  languageResourceSchema,
  mediatypeResourceSchema,
  regionResourceSchema,
  type CountryAttributes,
  type LanguageAttributes,
  type MediatypeAttributes,
  type RegionAttributes,
} from '../../../common/schemas/reference.js';
import { listDocument } from '../../../common/schemas/jsonapi.js';
import { listOrCsv, refusals } from '../../http/openapi.js';

/** 001 §7: languages 150, countries 250, regions 150, mediatypes 150 per page. */
const PAGE = { languages: 150, countries: 250, regions: 150, mediatypes: 150 } as const;

function params(req: FastifyRequest, defaultPageSize: number, filters: readonly string[] = ['search']): ListParams {
  return parseListParams(req.query as Record<string, unknown>, { sortable: ['name'], filters, defaultSort: 'name', defaultPageSize });
}

/** A page of a fixed list, searched by name and sorted by name. */
function pageOf<T extends { name: string }>(items: readonly T[], p: ListParams, match: (item: T) => boolean = () => true) {
  const needle = p.search?.toLowerCase();
  const rows = items
    .filter((i) => match(i) && (!needle || i.name.toLowerCase().includes(needle)))
    .sort((a, b) => (p.sort[0]?.desc ? -1 : 1) * a.name.localeCompare(b.name, 'en'));
  const start = (p.page - 1) * p.pageSize;
  return Promise.resolve({ rows: rows.slice(start, start + p.pageSize), total: rows.length });
}

/** Reference lists for selects and filters: any signed-in member of an organization. */
export default async function referenceRoutes(app: FastifyInstance) {
  const { db } = app.deps;
  const member = org({ closedWorkspace: 'allowed' });

  app.get(
    '/languages',
    {
      config: member,
      schema: {
        tags: ['reference'],
        summary: 'Languages (ISO 639-1) and "unknown"',
        response: { 200: listOrCsv(listDocument(languageResourceSchema)), ...refusals(403) },
      },
    },
    async (req, reply) => {
      const p = params(req, PAGE.languages);
      return sendList(req, reply, {
        name: 'languages',
        params: p,
        fetchPage: (q) => pageOf(LANGUAGES, q),
        toResource: (l) => resource('language', l.code, { code: l.code, name: l.name } satisfies LanguageAttributes),
        csvColumns: ['code', 'name'],
      });
    },
  );

  app.get(
    '/countries',
    {
      config: member,
      schema: {
        tags: ['reference'],
        summary: 'Countries (ISO 3166-1) with their region',
        response: { 200: listOrCsv(listDocument(countryResourceSchema)), ...refusals(403) },
      },
    },
    async (req, reply) => {
      const p = params(req, PAGE.countries, ['search', 'region']);
      const regions = p.filter.region
        ?.split(',')
        .map((r) => r.trim())
        .filter(Boolean);
      return sendList(req, reply, {
        name: 'countries',
        params: p,
        fetchPage: (q) => pageOf(COUNTRIES, q, (c) => !regions?.length || regions.includes(c.region)),
        toResource: (c) => resource('country', c.code, { 'iso-code': c.code, name: c.name, region: c.region, numeric: c.numeric } satisfies CountryAttributes),
        csvColumns: ['iso-code', 'name', 'region'],
      });
    },
  );

  app.get(
    '/regions',
    {
      config: member,
      schema: {
        tags: ['reference'],
        summary: 'Regions of the regional filters',
        response: { 200: listOrCsv(listDocument(regionResourceSchema)), ...refusals(403) },
      },
    },
    async (req, reply) => {
      const p = params(req, PAGE.regions);
      return sendList(req, reply, {
        name: 'regions',
        params: p,
        fetchPage: (q) =>
          pageOf(
            REGIONS.map((name) => ({ name })),
            q,
          ),
        toResource: (r) => resource('region', r.name, { name: r.name } satisfies RegionAttributes),
        csvColumns: ['name'],
      });
    },
  );

  app.get(
    '/mediatypes',
    {
      config: member,
      schema: { tags: ['reference'], summary: 'Media types', response: { 200: listOrCsv(listDocument(mediatypeResourceSchema)), ...refusals(403) } },
    },
    async (req, reply) => {
      const p = params(req, PAGE.mediatypes);
      return sendList(req, reply, {
        name: 'mediatypes',
        params: p,
        fetchPage: (q) => listMediatypes(db, { search: q.search, descending: q.sort[0]?.desc, limit: q.pageSize, offset: (q.page - 1) * q.pageSize }),
        toResource: (m) => resource('mediatype', m.id, { name: m.name } satisfies MediatypeAttributes),
        csvColumns: ['name'],
      });
    },
  );
}
