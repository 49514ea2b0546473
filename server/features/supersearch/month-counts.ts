import type { Db } from '../../db/client.js';
import { runSearch } from '../../db/search-db.js';
import { isClosedMonth } from '../crawler/service.js';
import { countMonth, listArchiveMonths, type SearchFilter } from './repo.js';

/**
 * A search's day counts, one count per month of its range (the months with partitions), and
 * the two caches they are kept in: a closed month's counts while its version holds, an open
 * month's while its version holds and for at most COUNTS_TTL_MS. docs/search.md "Which counts
 * are kept".
 */

/**
 * How long an open month's day counts may be reused at most (the next pages' total, the volume
 * call made with the first page), its version unchanged: the ingests move an open month's
 * version just after they commit, and this bounds what a writer that does not (or a process
 * stopped between the two) leaves uncounted.
 */
export const COUNTS_TTL_MS = 30_000;
/** Open months' counts kept for COUNTS_TTL_MS (entries are per query and month). */
const OPEN_MAX_ENTRIES = 2_000;
/** Closed months' counts kept while their month's version holds (least recently used dropped first). */
export const CLOSED_MAX_ENTRIES = 20_000;

/**
 * Whether a month's counts may be kept until its version moves: closed (the archive writer's
 * rule, crawler/archive-store.ts isClosedMonth: before the previous calendar month, UTC — it bumps
 * such a month's version with every article it adds) for at least a day already, so that a writer
 * whose clock, or whose transaction, lags this process by less than that has bumped every month
 * cached here.
 */
export function isCacheableMonth(month: string, now: Date): boolean {
  return isClosedMonth(month, new Date(now.getTime() - 86_400_000));
}

/** A month of a search's range: its clipped bounds and its day counts (settling on their own). */
export interface MonthCount {
  month: string;
  from: string;
  toExclusive: string;
  counts: Promise<Map<string, number>>;
}

/** At most `n` of the calls given to it run at once; the others wait in order (a finished call hands its slot on). */
function limiter(n: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async <T>(fn: () => Promise<T>): Promise<T> => {
    if (running >= n) await new Promise<void>((resolve) => waiting.push(resolve));
    else running++;
    try {
      return await fn();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running--;
    }
  };
}

/** The first day of the month after `month` (a first day, `YYYY-MM-01`). */
const nextMonth = (month: string) => new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 1)).toISOString().slice(0, 10);

/**
 * One process's month counts. A count of a closed month is kept while the month's version
 * (archive_months) is unchanged; an open month's is shared by calls made together (the first page
 * and the volume chart ask at once) and reused while its version is unchanged, for at most
 * COUNTS_TTL_MS (paging needs the total again). A failed count is never kept.
 */
export class MonthCounts {
  private open = new Map<string, { at: number; version: number; value: Promise<Map<string, number>> }>();
  private closed = new Map<string, { version: number; value: Promise<Map<string, number>> }>();

  constructor(
    private readonly db: Db,
    private readonly parallel: number,
    private readonly now: () => number,
  ) {}

  /**
   * Starts (or joins) the count of every month of the range, at most `parallel` at once,
   * scheduled newest first when `desc` (the months a first page needs come first). Resolves once
   * the months are known; each month's counts settle on their own.
   */
  async start(f: SearchFilter, desc: boolean): Promise<MonthCount[]> {
    const months = await runSearch(() => listArchiveMonths(this.db, f.from, f.toExclusive));
    const run = limiter(Math.max(1, this.parallel));
    const now = new Date(this.now());
    const ordered = desc ? [...months].reverse() : months;
    return ordered.map(({ month, version }): MonthCount => {
      const next = nextMonth(month);
      const from = f.from > month ? f.from : month;
      const toExclusive = f.toExclusive < next ? f.toExclusive : next;
      const bounds = from === month && toExclusive === next ? null : { from, toExclusive };
      const key = JSON.stringify([f.tsquery, f.languages, f.minScore, f.maxScore, month, from, toExclusive]);
      const count = () => run(() => runSearch(() => countMonth(this.db, f, month, bounds)));
      return { month, from, toExclusive, counts: isCacheableMonth(month, now) ? this.closedCounts(key, version, count) : this.openCounts(key, version, count) };
    });
  }

  /**
   * A closed month's counts: the entry kept for `version` (as the search's months read it), else
   * a new count, kept under the version its own statement saw (`countMonth`).
   */
  private closedCounts(key: string, version: number, count: () => Promise<{ counts: Map<string, number>; version: number }>): Promise<Map<string, number>> {
    const hit = this.closed.get(key);
    if (hit && hit.version === version) {
      // Least recently used goes first: a hit moves to the end.
      this.closed.delete(key);
      this.closed.set(key, hit);
      return hit.value;
    }
    const counted = count();
    const value = counted.then((c) => c.counts);
    const entry = { version, value };
    this.closed.delete(key);
    this.closed.set(key, entry);
    while (this.closed.size > CLOSED_MAX_ENTRIES) this.closed.delete(this.closed.keys().next().value as string);
    counted.then(
      (c) => (entry.version = c.version),
      () => this.closed.get(key) === entry && this.closed.delete(key),
    );
    return value;
  }

  /**
   * An open month's counts: the entry kept for `version` if it is younger than COUNTS_TTL_MS,
   * else a new count, kept under the version its own statement saw (as a closed month's).
   */
  private openCounts(key: string, version: number, count: () => Promise<{ counts: Map<string, number>; version: number }>): Promise<Map<string, number>> {
    const hit = this.open.get(key);
    if (hit && hit.version === version && this.now() - hit.at < COUNTS_TTL_MS) return hit.value;
    const counted = count();
    const value = counted.then((c) => c.counts);
    const entry = { at: this.now(), version, value };
    this.open.set(key, entry);
    counted.then(
      (c) => (entry.version = c.version),
      () => this.open.get(key) === entry && this.open.delete(key),
    );
    if (this.open.size > OPEN_MAX_ENTRIES) {
      for (const [k, v] of this.open) if (this.now() - v.at >= COUNTS_TTL_MS || this.open.size > OPEN_MAX_ENTRIES) this.open.delete(k);
    }
    return value;
  }
}
