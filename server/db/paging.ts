import { asc, desc, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { ListParams } from '../http/jsonapi.js';

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
