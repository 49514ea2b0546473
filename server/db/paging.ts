import { asc, desc, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { createHash } from 'node:crypto';
import type { ListParams } from '../http/jsonapi.js';
import { errorObject, ValidationError } from '../http/errors.js';

/** ORDER BY terms for a list's `sort`, always ending with a unique column for a stable order. */
export function orderTerms(params: ListParams, columns: Record<string, AnyColumn | SQL>, tieBreaker: AnyColumn): SQL[] {
  const terms = params.sort.map((s) => (s.desc ? desc(columns[s.field]) : asc(columns[s.field])));
  terms.push(asc(tieBreaker));
  return terms;
}

/** `count(*) over ()`: the list's total in the same query as its page. */
export const totalOver = sql<number>`count(*) over ()`.mapWith(Number);

export const pageWindow = (params: ListParams) => ({ limit: params.pageSize, offset: (params.page - 1) * params.pageSize });

/** Splits rows carrying `total` into rows and the total (0 rows past the end: ask `count`). */
export async function splitTotal<T extends { total: number }>(
  rows: T[],
  params: ListParams,
  count: () => Promise<number>,
): Promise<{ rows: Omit<T, 'total'>[]; total: number }> {
  if (rows.length === 0) return { rows: [], total: params.page > 1 ? await count() : 0 };
  const total = rows[0].total;
  return { rows: rows.map(({ total: _t, ...r }) => r), total };
}

/** A case-insensitive "contains" pattern with LIKE metacharacters escaped. */
export function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export function parseBooleanFilter(v: string | undefined): boolean | undefined {
  if (v === undefined || v === '') return undefined;
  return v === 'true' || v === '1';
}

/** Reads `filter[name]` as a positive id (400 with the parameter named otherwise). */
export function idFilter(params: ListParams, name: string): number | undefined {
  const raw = params.filter[name];
  if (raw === undefined || raw === '') return undefined;
  const id = Number(raw);
  if (!Number.isInteger(id) || id < 1 || id > Number.MAX_SAFE_INTEGER) {
    throw new ValidationError([errorObject('bad_request', `${name} must be an id`, { parameter: `filter[${name}]` })], 'bad_request');
  }
  return id;
}

/** The list's sort as a stable string, for query-shape keys. */
export const sortKey = (params: ListParams) => params.sort.map((s) => (s.desc ? '-' : '') + s.field).join(',');

const preparedByDb = new WeakMap<object, Map<string, unknown>>();

/**
 * A list query as a Drizzle prepared statement, one per query shape (which filters are present
 * and the sort), built once per database handle. Building and mapping a dynamic select costs
 * more than the query itself on small pages; measured in bench/api. Values are bound through
 * `sql.placeholder`, so the number of shapes is small and fixed by code.
 */
export function preparedList<Q>(db: object, namespace: string, shape: string, build: (name: string) => Q): Q {
  let byShape = preparedByDb.get(db);
  if (!byShape) preparedByDb.set(db, (byShape = new Map()));
  const key = `${namespace}:${shape}`;
  let q = byShape.get(key) as Q | undefined;
  if (!q) {
    q = build(`${namespace}_${createHash('sha1').update(shape).digest('hex').slice(0, 16)}`);
    byShape.set(key, q);
  }
  return q;
}
