import type { FastifyReply, FastifyRequest } from 'fastify';
import { stringify } from 'csv-stringify';
import { PAGE_SIZES } from '../../common/limits.js';
import type { ListMeta } from '../../common/schemas/jsonapi.js';
import { formulaSafe } from './csv.js';
import { AppError, errorObject, ValidationError, type ErrorObject } from './errors.js';

export const JSONAPI = 'application/vnd.api+json';

type Linkage = { type: string; id: string };
type Relationships = Record<string, { data: Linkage | null | Linkage[] }>;

/** A resource object; its type and attributes are as precise as what built it (see the response schemas). */
export interface Resource<T extends string = string, A extends object = Record<string, unknown>> {
  type: T;
  id: string;
  attributes: A;
  relationships?: Relationships;
}

/** Builds a JSON:API resource object; ids are strings on the wire. */
export function resource<T extends string, A extends object>(type: T, id: number | string, attributes: A): Resource<T, A>;
export function resource<T extends string, A extends object, R extends Relationships>(
  type: T,
  id: number | string,
  attributes: A,
  relationships: R,
): Resource<T, A> & { relationships: R };
export function resource(type: string, id: number | string, attributes: object, relationships?: Relationships): Resource<string, object> {
  const r: Resource<string, object> = { type, id: String(id), attributes };
  if (relationships) r.relationships = relationships;
  return r;
}

export const rel = <T extends string>(type: T, id: number | string | null | undefined): { data: { type: T; id: string } | null } => ({
  data: id === null || id === undefined ? null : { type, id: String(id) },
});

export interface ListParams {
  page: number;
  pageSize: number;
  filter: Record<string, string>;
  sort: { field: string; desc: boolean }[];
  groupBy?: string;
  search?: string;
}

export type { ListMeta };

/**
 * Reads the list parameters in both spellings the spec uses: `page[page]`/`page[page_size]`
 * and plain `page`/`page_size`; `filter[name]`; `sort=-a,b`; `group_by`. Page 0 and page 1
 * both mean the first page (the web app sends both).
 */
export function parseListParams(
  query: Record<string, unknown>,
  opts: { sortable: readonly string[]; filters: readonly string[]; defaultSort?: string; maxPageSize?: number; defaultPageSize?: number },
): ListParams {
  const errors: ErrorObject[] = [];
  const q = query as Record<string, string | string[] | undefined>;
  const one = (k: string) => {
    const v = q[k];
    return Array.isArray(v) ? v[v.length - 1] : v;
  };
  const pageRaw = one('page[page]') ?? one('page') ?? one('page[number]');
  const sizeRaw = one('page[page_size]') ?? one('page_size') ?? one('page[size]') ?? one('pageSize');
  const page = pageRaw === undefined ? 1 : Number(pageRaw);
  const max = opts.maxPageSize ?? 5000;
  const pageSize = sizeRaw === undefined ? (opts.defaultPageSize ?? PAGE_SIZES.default) : Number(sizeRaw);
  if (!Number.isInteger(page) || page < 0 || page > PAGE_SIZES.maxPage)
    errors.push(errorObject('bad_request', `page must be a whole number from 1 to ${PAGE_SIZES.maxPage}`, { parameter: 'page[page]' }));
  if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > max)
    errors.push(errorObject('bad_request', `page_size must be between 1 and ${max}`, { parameter: 'page[page_size]' }));

  const filter: Record<string, string> = {};
  for (const [key, value] of Object.entries(q)) {
    const m = /^filter\[([a-zA-Z_]+)\]$/.exec(key);
    if (!m) continue;
    if (!opts.filters.includes(m[1])) {
      errors.push(errorObject('bad_request', `Unknown filter ${m[1]}`, { parameter: key }));
      continue;
    }
    const v = Array.isArray(value) ? value[value.length - 1] : value;
    if (v !== undefined) filter[m[1]] = v;
  }
  // A few filters are also accepted as plain parameters (spec: "GET reports with project_id").
  for (const f of opts.filters) if (filter[f] === undefined && typeof one(f) === 'string') filter[f] = one(f)!;

  const sortRaw = one('sort') ?? opts.defaultSort ?? '';
  const sort = sortRaw
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((s) => ({ field: s.replace(/^-/, ''), desc: s.startsWith('-') }));
  for (const s of sort) if (!opts.sortable.includes(s.field)) errors.push(errorObject('bad_request', `Cannot sort by ${s.field}`, { parameter: 'sort' }));

  if (errors.length) throw new ValidationError(errors, 'bad_request');
  const search = one('filter[search]') ?? one('search');
  return { page: Math.max(1, page), pageSize, filter, sort, groupBy: one('group_by'), search: search?.trim() || undefined };
}

export function listMeta(total: number, params: ListParams): ListMeta {
  return {
    total_entries: total,
    last_page: Math.max(1, Math.ceil(total / params.pageSize)),
    page_number: params.page,
    page_size: params.pageSize,
  };
}

export function wantsCsv(req: FastifyRequest): boolean {
  return (req.headers.accept ?? '').includes('text/csv');
}

/**
 * Streams rows as CSV. `pages` yields batches so that a large export never sits in memory;
 * nested values are flattened to JSON text.
 */
export function sendCsv(reply: FastifyReply, filename: string, columns: string[], pages: AsyncIterable<Record<string, unknown>[]>): FastifyReply {
  const csv = stringify({ header: true, columns, cast: { boolean: (b) => String(b), date: (d) => d.toISOString() } });
  (async () => {
    try {
      for await (const batch of pages) {
        for (const row of batch) {
          const flat: Record<string, unknown> = {};
          for (const c of columns) {
            const v = row[c];
            // Text people typed (a brand, a title, a tag) is never run as a formula; numbers stay numbers.
            flat[c] = typeof v === 'string' ? formulaSafe(v) : v !== null && typeof v === 'object' && !(v instanceof Date) ? JSON.stringify(v) : v;
          }
          if (!csv.write(flat)) await new Promise((r) => csv.once('drain', r));
        }
      }
      csv.end();
    } catch (err) {
      csv.destroy(err as Error);
    }
  })();
  return reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${filename}.csv"`).send(csv);
}

/** Sends a list as JSON:API, or as streamed CSV when the client asks for text/csv. */
export async function sendList<T>(
  req: FastifyRequest,
  reply: FastifyReply,
  opts: {
    name: string;
    params: ListParams;
    fetchPage: (params: ListParams) => Promise<{ rows: T[]; total: number }>;
    toResource: (row: T) => Resource;
    /** Attribute names exported as CSV columns (after `id`). */
    csvColumns: string[];
  },
) {
  if (wantsCsv(req)) {
    const pageSize = 1000;
    async function* pages() {
      for (let page = 1; ; page++) {
        const { rows } = await opts.fetchPage({ ...opts.params, page, pageSize });
        yield rows.map((r) => {
          const res = opts.toResource(r);
          return { id: res.id, ...res.attributes };
        });
        if (rows.length < pageSize) return;
      }
    }
    return sendCsv(reply, opts.name, ['id', ...opts.csvColumns], pages());
  }
  const { rows, total } = await opts.fetchPage(opts.params);
  return reply.type(JSONAPI).send({ data: rows.map(opts.toResource), meta: listMeta(total, opts.params) });
}

export function sendOne(reply: FastifyReply, data: Resource | null, status = 200, extra: Record<string, unknown> = {}) {
  return reply
    .code(status)
    .type(JSONAPI)
    .send({ data, ...extra });
}

/**
 * JSON:API: a PATCH whose `data.id` names another resource than the URL is a 409 Conflict, not
 * an update of the URL's resource with the body's id silently ignored. Runs before validation
 * for every PATCH route with an `:id` parameter.
 */
export async function refuseMismatchedId(req: FastifyRequest): Promise<void> {
  if (req.method !== 'PATCH') return;
  const pathId = (req.params as Record<string, unknown> | undefined)?.id;
  const data = (req.body as { data?: { id?: unknown } } | null | undefined)?.data;
  if (typeof pathId !== 'string' || data === null || typeof data !== 'object' || !('id' in data) || data.id === undefined) return;
  if (String(data.id) !== pathId)
    throw new AppError('conflict', `data.id (${String(data.id).slice(0, 40)}) does not match the id in the URL (${pathId.slice(0, 40)})`, '/data/id');
}
