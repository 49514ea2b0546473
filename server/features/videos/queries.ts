import { sql, type SQL } from 'drizzle-orm';
import { errorObject, ValidationError, type ErrorObject } from '../../http/errors.js';

/**
 * Query strings of the video routes: the feed and saved-video lists read theirs by hand (every bad
 * value a 400 naming its parameter), and the SQL pieces both repos build from the parsed query.
 */

/** Paging and filters shared by the feed and saved-video lists (query parameters as the spec names them). */
export interface MediaListQuery {
  page: number;
  pageSize: number;
  sortField: string;
  desc: boolean;
  searchTerm?: string;
  minViews?: number;
  maxViews?: number;
  minFollowers?: number;
  maxFollowers?: number;
  startDate?: string;
  endDate?: string;
  tags?: number[];
  languages?: string[];
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const MAX_PAGE = 100_000;

/**
 * Reads the list query: `page` (0 and 1 = first) or `page[page]`, `pageSize` / `sizePerPage` /
 * `page[page_size]`, `sortField`, `sortOrder`, filters. Every bad value is a 400 naming its parameter.
 */
export function parseMediaListQuery(raw: Record<string, unknown>, sortable: readonly string[], defaultSort = 'published_at'): MediaListQuery {
  const one = (k: string) => {
    const v = raw[k];
    const s = Array.isArray(v) ? v[v.length - 1] : v;
    return typeof s === 'string' && s.trim() !== '' ? s.trim() : undefined;
  };
  const errors: ErrorObject[] = [];
  const int = (name: string, v: string | undefined, min: number, max: number): number | undefined => {
    if (v === undefined) return undefined;
    const n = Number(v);
    if (!Number.isInteger(n) || n < min || n > max) {
      errors.push(errorObject('bad_request', `${name} must be a whole number from ${min} to ${max}`, { parameter: name }));
      return undefined;
    }
    return n;
  };
  const page = int('page', one('page[page]') ?? one('page'), 0, MAX_PAGE) ?? 1;
  const pageSize = int('pageSize', one('page[page_size]') ?? one('pageSize') ?? one('sizePerPage'), 1, 100) ?? 10;
  const sortField = one('sortField') ?? defaultSort;
  if (!sortable.includes(sortField)) errors.push(errorObject('bad_request', `Cannot sort by ${sortField.slice(0, 40)}`, { parameter: 'sortField' }));
  const order = (one('sortOrder') ?? 'desc').toLowerCase();
  if (order !== 'asc' && order !== 'desc') errors.push(errorObject('bad_request', 'sortOrder must be asc or desc', { parameter: 'sortOrder' }));
  const date = (name: string) => {
    const v = one(name);
    if (v !== undefined && (!DATE.test(v) || Number.isNaN(Date.parse(`${v}T00:00:00Z`)))) {
      errors.push(errorObject('bad_request', `${name} must be a date (YYYY-MM-DD)`, { parameter: name }));
      return undefined;
    }
    return v;
  };
  const list = (name: string) =>
    one(name)
      ?.split(',')
      .map((s) => s.trim())
      .filter(Boolean)
      .slice(0, 200);
  const tags = list('tags')
    ?.map((t) => int('tags', t, 1, 2_147_483_647))
    .filter((t): t is number => t !== undefined);
  const q: MediaListQuery = {
    page: Math.max(1, page),
    pageSize,
    sortField,
    desc: order !== 'asc',
    searchTerm: one('searchTerm')?.slice(0, 200),
    minViews: int('minViews', one('minViews'), 0, 1e15),
    maxViews: int('maxViews', one('maxViews'), 0, 1e15),
    minFollowers: int('minFollowers', one('minFollowers'), 0, 1e15),
    maxFollowers: int('maxFollowers', one('maxFollowers'), 0, 1e15),
    startDate: date('startDate'),
    endDate: date('endDate'),
    tags,
    languages: list('languages')?.map((l) => l.slice(0, 20)),
  };
  if (errors.length) throw new ValidationError(errors, 'bad_request');
  return q;
}

export const like = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
export const dateFilters = (col: SQL, q: MediaListQuery): SQL[] => [
  ...(q.startDate ? [sql`${col} >= ${q.startDate}::date`] : []),
  // Inclusive of the whole end day.
  ...(q.endDate ? [sql`${col} < ${q.endDate}::date + 1`] : []),
];
export const orderBy = (expr: SQL, desc: boolean, tie: SQL) => sql`${expr} ${desc ? sql`desc nulls last` : sql`asc nulls first`}, ${tie} desc`;
