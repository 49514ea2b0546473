import { MSG } from '../../../common/messages.js';
import { parseQuery } from '../../../common/query/parse.js';
import { toTsquery } from '../../../common/query/postgres.js';
import { addDays, type SupersearchFilters, type VolumeInterval } from '../../../common/schemas/supersearch.js';
import type { Db } from '../../db/client.js';
import { AppError } from '../../http/errors.js';
import { estimateRangeRows, probePage, readPage, type PageKey, type PagePlan, type ResultRow, type SearchFilter, type SearchSort } from './repo.js';
import { runSearch } from '../../db/search-db.js';
import { MonthCounts, type MonthCount } from './month-counts.js';

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
  /** The exact total, or null while months are still being counted (`counting`). */
  total: number | null;
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

/** Where a date-ordered page starts: the cursor's day when it lies in the range, else the range's end in that direction. */
function pageStart(f: SearchFilter, desc: boolean, key: PageKey | null): string {
  const last = addDays(f.toExclusive, -1);
  const day = key?.date.slice(0, 10);
  if (day && day >= f.from && day <= last) return day;
  return desc ? last : f.from;
}

/**
 * The days a date-ordered page can come from, read off the day counts: from where the page
 * starts (the cursor's day, else the end of the range in that direction) through as many days
 * as hold `limit` matches. The cursor's own day counts for nothing (some of its matches were on
 * earlier pages) but is searched. A page then reads a few days of the archive, not the range.
 */
export function pageWindow(counts: Map<string, number>, f: SearchFilter, desc: boolean, key: PageKey | null, limit: number) {
  const last = addDays(f.toExclusive, -1);
  const start = pageStart(f, desc, key);
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

const sumCounts = (maps: Iterable<Map<string, number>>) => {
  let total = 0;
  for (const m of maps) for (const n of m.values()) total += n;
  return total;
};

/**
 * Rows a first page tests before it falls back to counting (probePage): about 1–2 ms of the
 * search's time, enough for any word in more than ~1.5 % of the archive.
 */
export const PROBE_ROWS = 2000;

export interface SearchEngineOptions {
  /** Months of one search counted at once, each on its own connection (SEARCH_PARALLEL). */
  parallel: number;
  /** Until how long after the request a page waits for the exact total (SEARCH_TOTAL_WAIT_MS); past it the page goes without. */
  totalWaitMs: number;
  now?: () => number;
}

/**
 * Super Search for one process: pages, totals and volumes over a search's per-month day counts
 * (month-counts.ts: at most `parallel` months at once, closed months kept by version, open ones
 * shared for a few seconds).
 */
export class SearchEngine {
  private readonly months: MonthCounts;

  /** `db`: the search connections (createSearchDatabase). */
  constructor(
    private readonly db: Db,
    private readonly opts: SearchEngineOptions,
  ) {
    this.months = new MonthCounts(db, opts.parallel, opts.now ?? Date.now);
  }

  /** Starts (or joins) the count of every month of the range (MonthCounts.start). */
  monthCounts(f: SearchFilter, desc = true): Promise<MonthCount[]> {
    return this.months.start(f, desc);
  }

  /** Matches per UTC day over the whole range: waits for every month (a month's timeout is a 503). */
  async countByDay(f: SearchFilter): Promise<Map<string, number>> {
    const months = await this.monthCounts(f);
    const counts = new Map<string, number>();
    for (const m of await Promise.all(months.map((x) => x.counts))) for (const [day, n] of m) counts.set(day, n);
    return counts;
  }

  /**
   * One page after `cursor` (null: the first), the next page's cursor, and the exact total if
   * every month is counted within `totalWaitMs` of the request (else null: the volume call waits
   * for it). A first date-ordered page of a common query counts nothing before it is read
   * (probePage); any other date-ordered page waits only for the months it is read from.
   */
  async page(f: SearchFilter, sort: SearchSort, cursor: string | null, pageSize: number): Promise<SearchPage> {
    const started = Date.now();
    const key = decodeCursor(sort, cursor);
    const pageNumber = key?.page ?? 1;
    const limit = pageSize + 1; // one more than shown tells whether a next page exists
    const finish = async (rows: ResultRow[], months: MonthCount[] | Promise<MonthCount[]>): Promise<SearchPage> => {
      const more = rows.length > pageSize;
      const shown = more ? rows.slice(0, pageSize) : rows;
      const total = await this.totalWithin(months, Math.max(0, started + this.opts.totalWaitMs - Date.now()));
      // Rows are read now, an open month's counts may be kept from before some arrived (up to
      // COUNTS_TTL_MS, when their writer did not move the month's version): the total never
      // says less than the pages so far, this one, and the one row that proves a next page.
      const seen = (pageNumber - 1) * pageSize + shown.length + (more ? 1 : 0);
      return {
        rows: shown,
        total: total === null ? null : Math.max(total, seen),
        next: more ? encodeCursor(sort, shown[shown.length - 1], pageNumber + 1) : null,
        page: pageNumber,
      };
    };
    // A first date-ordered page of a common query is among the range's newest rows: read it
    // before counting anything (and before the counts take the cores). A rarer one is not, and
    // is read from its months' counts below.
    if (sort.field === 'pub_date' && !key) {
      const probe = await runSearch(() => probePage(this.db, f, sort, limit, PROBE_ROWS));
      if (probe.rows.length === limit || (probe.rows.length > 0 && probe.scanned < PROBE_ROWS)) {
        // The total is whatever of the counts is done by the deadline, the listing of the months included.
        const months = this.monthCounts(f, sort.desc);
        months.then(
          (list) => list.forEach((m) => m.counts.catch(() => undefined)),
          () => undefined,
        );
        return finish(probe.rows, months);
      }
    }
    const months = await this.monthCounts(f, sort.desc);
    if (months.length === 0) return { rows: [], total: 0, next: null, page: pageNumber };
    // Nobody may be left with an unhandled rejection: the page reports what it awaits, the rest is the volume call's.
    for (const m of months) m.counts.catch(() => undefined);
    const read = (range: SearchFilter, matches: number) =>
      runSearch(async () => {
        const plan: PagePlan = sort.field === 'pub_date' ? choosePagePlan(limit, matches, await estimateRangeRows(this.db, range)) : 'collect';
        return readPage(this.db, range, sort, key, limit, plan);
      });
    let rows: ResultRow[];
    if (sort.field === 'pub_date') {
      const { counts, known, matches, complete } = await this.countsForPage(months, f, sort.desc, key, limit);
      // Nothing past the page's start (the cursor's own day may still hold rows after the cursor).
      if (complete && matches + (key ? (counts.get(pageStart(f, sort.desc, key)) ?? 0) : 0) === 0) return finish([], months);
      const window = pageWindow(counts, f, sort.desc, key, limit);
      rows = await read(window.filter, window.matches);
      // Open months' counts are reused for a few seconds: should the archive have lost rows since, look at the whole range.
      if (rows.length < limit && window.narrowed) rows = await read(f, known);
    } else {
      rows = await read(f, 0);
    }
    return finish(rows, months);
  }

  /**
   * The day counts of the months a date-ordered page is read from, awaited in the page's
   * direction from the month it starts in until they hold `limit` matches past its start (the
   * rule of pageWindow), so that the window computed from them never reaches a month not counted.
   */
  private async countsForPage(months: MonthCount[], f: SearchFilter, desc: boolean, key: PageKey | null, limit: number) {
    const start = pageStart(f, desc, key);
    const counts = new Map<string, number>();
    let matches = 0;
    let known = 0;
    for (const m of months) {
      // Months wholly before the page's start (in its direction) hold nothing of it.
      if (desc ? m.from > start : addDays(m.toExclusive, -1) < start) continue;
      const c = await m.counts;
      for (const [day, n] of c) {
        counts.set(day, n);
        known += n;
        if (desc ? day < start || (day === start && !key) : day > start || (day === start && !key)) matches += n;
      }
      if (matches >= limit) return { counts, known, matches, complete: false };
    }
    return { counts, known, matches, complete: true };
  }

  /** The exact total if every month's count settles within `waitMs`, else null (a failed count is also null here). */
  private async totalWithin(months: MonthCount[] | Promise<MonthCount[]>, waitMs: number): Promise<number | null> {
    const all = Promise.resolve(months)
      .then((list) => Promise.all(list.map((m) => m.counts)))
      .then(sumCounts, () => null);
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), waitMs)));
    try {
      return await Promise.race([all, late]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** The volume chart: every bucket of the range and the total. */
  async volume(f: SearchFilter, from: string, to: string) {
    const counts = await this.countByDay(f);
    const interval = volumeInterval(from, to);
    const buckets = volumeBuckets(from, to, counts, interval);
    return { buckets, interval, total: buckets.reduce((s, b) => s + b.articles, 0) };
  }
}
