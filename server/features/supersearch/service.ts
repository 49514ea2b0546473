import { MSG } from '../../../common/messages.js';
import { parseQuery } from '../../../common/query/parse.js';
import { toTsquery } from '../../../common/query/postgres.js';
import { addDays, type SupersearchFilters, type VolumeInterval } from '../../../common/schemas/supersearch.js';
import type { Db } from '../../db/client.js';
import { AppError } from '../../http/errors.js';
import { countByDay, estimateRangeRows, readPage, type PageKey, type PagePlan, type ResultRow, type SearchFilter, type SearchSort } from './repo.js';
import { runSearch } from './search-db.js';

/** How long a query's day counts are reused (the next pages' total, the volume call made with the first page). */
export const COUNTS_TTL_MS = 30_000;
const COUNTS_MAX_ENTRIES = 500;
/** Volume buckets: days up to this many days, weeks up to WEEKS_MAX_DAYS, months beyond. */
export const DAYS_MAX_DAYS = 92;
export const WEEKS_MAX_DAYS = 731;

/** The SQL filter of validated request filters (the query parses: the schema checked it). */
export function toSearchFilter(f: SupersearchFilters): SearchFilter {
  const parsed = parseQuery(f.search);
  if (!parsed.ok) throw new AppError('bad_request', parsed.error.message, '/search');
  return {
    tsquery: toTsquery(parsed.query),
    from: f.from_date,
    toExclusive: addDays(f.to_date, 1),
    languages: f.languages,
    minScore: f.media_score.min,
    maxScore: f.media_score.max,
  };
}

// --- cursors -------------------------------------------------------------------------------

/**
 * The opaque `search_after` of the row after which the next page starts: its sort keys and id,
 * and the number of the page it opens (the spec's `page`/`lastPage` meta need it; a cursor
 * cannot be counted back from).
 */
export function encodeCursor(sort: SearchSort, row: Pick<ResultRow, 'k_date' | 'k_rank' | 'id'>, page: number): string {
  const key: (string | number | null)[] = [sort.field === 'relevance' ? 'r' : 'd', sort.desc ? 'desc' : 'asc', row.k_date, row.id];
  key.push(sort.field === 'relevance' ? (row.k_rank ?? '0') : null, page);
  return Buffer.from(JSON.stringify(key)).toString('base64url');
}

const badCursor = () => new AppError('bad_request', MSG.supersearch.badCursor, '/search_after');

/** The keys of a `search_after`; 400 at /search_after when it is unreadable or made for another order. */
export function decodeCursor(sort: SearchSort, cursor: string | null): (PageKey & { page: number }) | null {
  if (!cursor) return null;
  let key: unknown;
  try {
    key = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw badCursor();
  }
  if (!Array.isArray(key)) throw badCursor();
  const [field, order, date, id, rank, page] = key as unknown[];
  const sameOrder = field === (sort.field === 'relevance' ? 'r' : 'd') && order === (sort.desc ? 'desc' : 'asc');
  const dateOk = typeof date === 'string' && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/.test(date);
  const idOk = typeof id === 'number' && Number.isSafeInteger(id) && id > 0;
  const rankOk = sort.field !== 'relevance' || (typeof rank === 'string' && /^-?\d+(\.\d+)?(e[-+]?\d+)?$/i.test(rank));
  const pageOk = page === undefined || (typeof page === 'number' && Number.isSafeInteger(page) && page >= 2);
  if (!sameOrder || !dateOk || !idOk || !rankOk || !pageOk) throw badCursor();
  return { date: date as string, id: id as number, rank: sort.field === 'relevance' ? (rank as string) : undefined, page: (page as number | undefined) ?? 2 };
}

// --- volume ----------------------------------------------------------------------------------

const dayCount = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;

/** Days up to 92 days (a quarter), ISO weeks up to two years, months beyond. */
export function volumeInterval(from: string, to: string): VolumeInterval {
  const days = dayCount(from, to);
  return days <= DAYS_MAX_DAYS ? 'day' : days <= WEEKS_MAX_DAYS ? 'week' : 'month';
}

function bucketStart(day: string, interval: VolumeInterval): string {
  if (interval === 'day') return day;
  if (interval === 'month') return `${day.slice(0, 8)}01`;
  const weekday = (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7; // Monday 0
  return addDays(day, -weekday);
}

/**
 * Every bucket of the range with its count, zeros included. A bucket is named by its first day
 * inside the range: the first one by `from` itself, the others by their Monday or first of the month.
 */
export function volumeBuckets(from: string, to: string, counts: Map<string, number>, interval: VolumeInterval) {
  const buckets = new Map<string, number>();
  for (let day = from; day <= to; day = addDays(day, 1)) {
    const start = bucketStart(day, interval);
    const name = start < from ? from : start;
    buckets.set(name, (buckets.get(name) ?? 0) + (counts.get(day) ?? 0));
  }
  return [...buckets].map(([inserted_at, articles]) => ({ inserted_at, articles }));
}

// --- the engine ------------------------------------------------------------------------------

export interface SearchPage {
  rows: ResultRow[];
  total: number;
  /** The cursor of the next page, null on the last. */
  next: string | null;
  /** This page's number (1 for the first). */
  page: number;
}

/**
 * Whether to walk the date index rather than collect every match, by their costs in rows a walk
 * tests (measured on bench/search's archive): a walk tests about `limit × rangeRows / matches`
 * rows, never more than the range; collecting reads each match's row (≈ 3 tested rows), ANDs
 * the range's date index into the bitmap (≈ 1/15 of a row per entry) and reads the text's GIN
 * posting lists (≈ 1,500 rows, fixed). `matches` is exact (the day counts), `rangeRows` the
 * planner's estimate for the range and the other filters.
 */
export function choosePagePlan(limit: number, matches: number, rangeRows: number): PagePlan {
  if (matches <= 0) return 'collect';
  const walk = Math.min(rangeRows, (limit * rangeRows) / matches);
  const collect = 3 * matches + rangeRows / 15 + 1500;
  return walk < collect ? 'walk' : 'collect';
}

/**
 * The days a date-ordered page can come from, read off the day counts: from where the page
 * starts (the cursor's day, else the end of the range in that direction) through as many days
 * as hold `limit` matches. The cursor's own day counts for nothing (some of its matches were on
 * earlier pages) but is searched. A page then reads a few days of the archive, not the range.
 */
export function pageWindow(counts: Map<string, number>, f: SearchFilter, desc: boolean, key: PageKey | null, limit: number) {
  const last = addDays(f.toExclusive, -1);
  let start = desc ? last : f.from;
  if (key) {
    const day = key.date.slice(0, 10);
    if (day >= f.from && day <= last) start = day;
  }
  let matches = 0;
  let day = start;
  for (;;) {
    if (day !== start || !key) matches += counts.get(day) ?? 0;
    const next = addDays(day, desc ? -1 : 1);
    if (matches >= limit || (desc ? next < f.from : next > last)) break;
    day = next;
  }
  const [lo, hi] = desc ? [day, start] : [start, day];
  const filter: SearchFilter = { ...f, from: lo, toExclusive: addDays(hi, 1) };
  if (key) matches += counts.get(start) ?? 0;
  // Narrowed: the window stops before the range's far end (what lies past the cursor is excluded anyway).
  return { filter, matches, narrowed: desc ? lo !== f.from : hi !== last };
}

/**
 * Super Search for one process: day counts are shared by calls made together (the first page and
 * the volume chart ask at once) and reused for COUNTS_TTL_MS (paging needs the total again).
 */
export class SearchEngine {
  private counts = new Map<string, { at: number; value: Promise<Map<string, number>> }>();

  /** `db`: the search connections (createSearchDatabase). */
  constructor(
    private readonly db: Db,
    private readonly now: () => number = Date.now,
  ) {}

  /** Matches per UTC day for the filters (cached; a failed count is not kept). */
  countByDay(f: SearchFilter): Promise<Map<string, number>> {
    const key = JSON.stringify([f.tsquery, f.from, f.toExclusive, f.languages, f.minScore, f.maxScore]);
    const hit = this.counts.get(key);
    if (hit && this.now() - hit.at < COUNTS_TTL_MS) return hit.value;
    const value = runSearch(() => countByDay(this.db, f));
    this.counts.set(key, { at: this.now(), value });
    value.catch(() => this.counts.get(key)?.value === value && this.counts.delete(key));
    if (this.counts.size > COUNTS_MAX_ENTRIES) {
      for (const [k, v] of this.counts) if (this.now() - v.at >= COUNTS_TTL_MS || this.counts.size > COUNTS_MAX_ENTRIES) this.counts.delete(k);
    }
    return value;
  }

  /** One page after `cursor` (null: the first), the exact total, and the next page's cursor. */
  async page(f: SearchFilter, sort: SearchSort, cursor: string | null, pageSize: number): Promise<SearchPage> {
    const key = decodeCursor(sort, cursor);
    const counts = await this.countByDay(f);
    let total = 0;
    for (const n of counts.values()) total += n;
    const pageNumber = key?.page ?? 1;
    if (total === 0) return { rows: [], total, next: null, page: pageNumber };
    const limit = pageSize + 1; // one more than shown tells whether a next page exists
    const read = (range: SearchFilter, matches: number) =>
      runSearch(async () => {
        const plan: PagePlan = sort.field === 'pub_date' ? choosePagePlan(limit, matches, await estimateRangeRows(this.db, range)) : 'collect';
        return readPage(this.db, range, sort, key, limit, plan);
      });
    let rows: ResultRow[];
    if (sort.field === 'pub_date') {
      const window = pageWindow(counts, f, sort.desc, key, limit);
      rows = await read(window.filter, window.matches);
      // Counts are reused for a few seconds: should the archive have lost rows since, look at the whole range.
      if (rows.length < limit && window.narrowed) rows = await read(f, total);
    } else {
      rows = await read(f, total);
    }
    const more = rows.length > pageSize;
    const shown = more ? rows.slice(0, pageSize) : rows;
    return { rows: shown, total, next: more ? encodeCursor(sort, shown[shown.length - 1], pageNumber + 1) : null, page: pageNumber };
  }

  /** The volume chart: every bucket of the range and the total. */
  async volume(f: SearchFilter, from: string, to: string) {
    const counts = await this.countByDay(f);
    const interval = volumeInterval(from, to);
    const buckets = volumeBuckets(from, to, counts, interval);
    return { buckets, interval, total: buckets.reduce((s, b) => s + b.articles, 0) };
  }
}
