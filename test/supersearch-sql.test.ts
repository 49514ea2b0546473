/**
 * Super Search must find exactly what the in-memory matcher (common/query) says matches: for
 * generated queries, documents spread over several months (a year's end included) and filters
 * (whole and partial months, months without partitions), the SQL of server/features/supersearch
 * — the per-month day counts, pages by both plans in every order, and the engine's pages followed
 * by their cursors across month boundaries — agrees with matchesQuery. Then the engine's rules:
 * closed months' counts cached by version, months counted at most SEARCH_PARALLEL at once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { createTestContext, type TestContext } from './helpers/app.js';
import { parseQuery } from '../common/query/parse.js';
import { indexDocument, matchesQuery } from '../common/query/match.js';
import { toTsquery, toTsvectorLiteral } from '../common/query/postgres.js';
import { articleSearchText, tokenize } from '../common/query/tokenize.js';
import { docText, queryText } from '../common/query/test-arbitraries.js';
import type { QueryNode } from '../common/query/types.js';
import type { Db, Tx } from '../server/db/client.js';
import { createSearchDatabase } from '../server/db/search-db.js';
import { ensureArchiveMonths, writeArchiveArticles } from '../server/features/crawler/archive-store.js';
import {
  listArchiveMonths,
  readPage,
  type PagePlan,
  type PageKey,
  type ResultRow,
  type SearchFilter,
  type SearchSort,
} from '../server/features/supersearch/repo.js';
import { SearchEngine } from '../server/features/supersearch/service.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  // The documents' months get their partitions once, outside the rolled-back runs (2025-11 and
  // 2026-03, which the ranges reach into, have none).
  await ensureArchiveMonths(
    ctx.deps.db,
    DAYS.map((d) => new Date(`${d}T00:00:00Z`)),
  );
});
afterAll(() => ctx.close());

const parsed = queryText
  .map((text) => parseQuery(text))
  .filter((r): r is { ok: true; query: QueryNode } => r.ok)
  .map((r) => r.query);

/** Days on both sides of month and year boundaries; two instants a day, so equal dates — ties broken by id — are common. */
const DAYS = ['2025-12-30', '2025-12-31', '2026-01-01', '2026-01-15', '2026-01-31', '2026-02-01', '2026-02-02'];
const instant = fc.integer({ min: 0, max: DAYS.length * 2 - 1 }).map((k) => new Date(`${DAYS[k >> 1]}T${k % 2 ? '18' : '06'}:00:00Z`));
const doc = fc.record({
  title: docText,
  description: docText,
  pubDate: instant,
  language: fc.constantFrom('en', 'de', 'fr'),
  reach: fc.constantFrom(0.1, 2, 5, 9.5),
});
// Whole months, partial ones, a range inside one month, ranges reaching months without partitions.
// The unfiltered choice comes up more often, so that enough documents pass the filters to match.
const filters = fc
  .record({
    from: fc.constantFrom('2025-11-20', '2025-12-01', '2025-12-31', '2026-01-01', '2026-01-15'),
    to: fc.constantFrom('2026-03-10', '2026-02-28', '2026-02-01', '2026-01-31', '2026-01-15'),
    languages: fc.constantFrom<string[][]>([], [], ['en'], ['de', 'fr']),
    minScore: fc.constantFrom(null, null, 2),
    maxScore: fc.constantFrom(null, null, 5, 10),
  })
  .filter((f) => f.from <= f.to);

type Doc = { title: string; description: string; pubDate: Date; language: string; reach: number };

class Rollback extends Error {}

/** Runs `fn` on a transaction that is always rolled back: each property run sees only its own documents. */
async function isolated(fn: (tx: Tx) => Promise<void>) {
  try {
    await ctx.deps.db.transaction(async (tx) => {
      await fn(tx);
      throw new Rollback();
    });
  } catch (err) {
    if (!(err instanceof Rollback)) throw err;
  }
}

const archiveRow = (d: Doc, key: string) => ({
  urlKey: key,
  url: `https://p.example/${key}`,
  fullUrl: `https://p.example/${key}`,
  title: d.title,
  description: d.description,
  language: d.language,
  pubDate: d.pubDate,
  reach: d.reach,
  search: toTsvectorLiteral(tokenize(articleSearchText(d.title, d.description))),
});

/** Writes through the archive's one writer (keys, articles, search rows); ids in `docs` order. */
async function insertDocs(tx: Tx, docs: Doc[]): Promise<number[]> {
  const ids = await writeArchiveArticles(
    tx,
    docs.map((d, i) => archiveRow(d, `prop-${i}`)),
  );
  return docs.map((_, i) => ids.get(`prop-${i}`)!);
}

/** Every page of `size` rows, following the cursor keys as the API does. */
async function allPages(tx: Tx, f: SearchFilter, sort: SearchSort, plan: PagePlan, size: number): Promise<ResultRow[]> {
  const out: ResultRow[] = [];
  let key: PageKey | null = null;
  for (;;) {
    const rows = await readPage(tx, f, sort, key, size + 1, plan);
    out.push(...rows.slice(0, size));
    if (rows.length <= size) return out;
    const last = rows[size - 1];
    key = { date: last.k_date, id: last.id, rank: last.k_rank ?? undefined };
  }
}

/** Every page of the engine, following its cursors; each page's total is the exact one. */
async function enginePages(engine: SearchEngine, f: SearchFilter, sort: SearchSort, size: number, total: number): Promise<number[]> {
  const out: number[] = [];
  let cursor: string | null = null;
  for (let n = 0; n < 100; n++) {
    const page = await engine.page(f, sort, cursor, size);
    expect(page.total).toBe(total);
    out.push(...page.rows.map((r) => r.id));
    if (!page.next) return out;
    cursor = page.next;
  }
  throw new Error('more pages than matches');
}

describe('Super Search against the in-memory matcher', () => {
  it('finds, counts and pages exactly the matching documents, across months', async () => {
    let matched = 0;
    let total = 0;
    await fc.assert(
      fc.asyncProperty(parsed, fc.array(doc, { minLength: 1, maxLength: 14 }), filters, fc.integer({ min: 1, max: 4 }), async (query, docs, flt, size) => {
        await isolated(async (tx) => {
          const ids = await insertDocs(tx, docs);
          const toExclusive = new Date(Date.parse(`${flt.to}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
          const f: SearchFilter = {
            tsquery: toTsquery(query),
            from: flt.from,
            toExclusive,
            languages: flt.languages,
            minScore: flt.minScore,
            maxScore: flt.maxScore,
          };
          const expected = docs
            .map((d, i) => ({ ...d, id: ids[i] }))
            .filter((d) => {
              const day = d.pubDate.toISOString().slice(0, 10);
              if (day < flt.from || day > flt.to) return false;
              if (flt.languages.length && !flt.languages.includes(d.language)) return false;
              if ((flt.minScore !== null && d.reach < flt.minScore) || (flt.maxScore !== null && d.reach > flt.maxScore)) return false;
              return matchesQuery(query, indexDocument(articleSearchText(d.title, d.description)));
            });
          matched += expected.length;
          total += docs.length;

          // A fresh engine per run: the rolled-back runs reuse the months' versions.
          const engine = new SearchEngine(tx as unknown as Db, { parallel: 2, totalWaitMs: 60_000 });
          const perDay = new Map<string, number>();
          for (const d of expected) perDay.set(d.pubDate.toISOString().slice(0, 10), (perDay.get(d.pubDate.toISOString().slice(0, 10)) ?? 0) + 1);
          expect(await engine.countByDay(f)).toEqual(perDay);

          const newest = [...expected].sort((a, b) => b.pubDate.getTime() - a.pubDate.getTime() || b.id - a.id).map((d) => d.id);
          const byDate = { field: 'pub_date', desc: true } as const;
          const oldest = [...newest].reverse();
          expect((await allPages(tx, f, byDate, 'collect', size)).map((r) => r.id)).toEqual(newest);
          expect((await allPages(tx, f, { ...byDate, desc: false }, 'collect', size)).map((r) => r.id)).toEqual(oldest);
          expect((await allPages(tx, f, byDate, 'walk', size)).map((r) => r.id)).toEqual(newest);
          expect((await allPages(tx, f, { ...byDate, desc: false }, 'walk', size)).map((r) => r.id)).toEqual(oldest);
          const relevance = await allPages(tx, f, { field: 'relevance', desc: true }, 'collect', size);
          expect(relevance.map((r) => r.id).sort((a, b) => a - b)).toEqual([...newest].sort((a, b) => a - b));
          const ranks = relevance.map((r) => Number(r.k_rank));
          expect(ranks).toEqual([...ranks].sort((a, b) => b - a));

          // The engine: pages from the months counted so far, cursors carried over month boundaries.
          expect(await enginePages(engine, f, byDate, size, expected.length)).toEqual(newest);
          expect(await enginePages(engine, f, { ...byDate, desc: false }, size, expected.length)).toEqual(oldest);
          expect((await enginePages(engine, f, { field: 'relevance', desc: true }, size, expected.length)).sort((a, b) => a - b)).toEqual(
            [...newest].sort((a, b) => a - b),
          );
        });
      }),
      { numRuns: 120 },
    );
    // Both outcomes well represented: the filters and the small vocabulary keep matches frequent but not universal.
    expect(matched).toBeGreaterThan(total * 0.03);
    expect(matched).toBeLessThan(total * 0.8);
  });

  it('counts nothing for months without partitions', async () => {
    const f: SearchFilter = {
      tsquery: toTsquery((parseQuery('anything') as { ok: true; query: QueryNode }).query),
      from: '2025-11-01',
      toExclusive: '2025-12-01',
      languages: [],
      minScore: null,
      maxScore: null,
    };
    expect(await listArchiveMonths(ctx.deps.db, f.from, f.toExclusive)).toEqual([]);
    const engine = new SearchEngine(ctx.deps.db, { parallel: 2, totalWaitMs: 1000 });
    expect(await engine.page(f, { field: 'pub_date', desc: true }, null, 10)).toEqual({ rows: [], total: 0, next: null, page: 1 });
    expect(await engine.countByDay(f)).toEqual(new Map());
  });
});

describe('the engine over months', () => {
  const filter = (word: string, from: string, toExclusive: string): SearchFilter => ({
    tsquery: toTsquery((parseQuery(word) as { ok: true; query: QueryNode }).query),
    from,
    toExclusive,
    languages: [],
    minScore: null,
    maxScore: null,
  });
  const write = (docs: { title: string; at: string }[], prefix: string) =>
    ctx.deps.db.transaction((tx) =>
      writeArchiveArticles(
        tx,
        docs.map((d, i) => archiveRow({ title: d.title, description: '', pubDate: new Date(d.at), language: 'en', reach: 1 }, `${prefix}-${i}`)),
      ),
    );

  it("keeps a closed month's counts while its version holds, and counts again when an article lands in it", async () => {
    await write(
      [
        { title: 'Vellichor one', at: '2025-06-03T10:00:00Z' },
        { title: 'Vellichor two', at: '2025-06-20T10:00:00Z' },
        { title: 'Vellichor three', at: '2025-07-02T10:00:00Z' },
      ],
      'closed',
    );
    const engine = new SearchEngine(ctx.deps.db, { parallel: 2, totalWaitMs: 1000 });
    const f = filter('vellichor', '2025-06-01', '2025-08-01');
    expect(await engine.countByDay(f)).toEqual(
      new Map([
        ['2025-06-03', 1],
        ['2025-06-20', 1],
        ['2025-07-02', 1],
      ]),
    );
    // A row the writer did not add (no version bump) is not seen: the counts came from the cache.
    const [key] = (await ctx.deps.db.execute<{ id: number }>(sql`select article_id as id from article_keys where url_key = 'closed-0'`)).rows;
    await ctx.deps.db.execute(sql`insert into article_search (id, pub_date, day, language, reach, search)
      select ${Number(key.id) + 1_000_000}, pub_date + interval '1 hour', day, language, reach, search from article_search where id = ${key.id}`);
    expect((await engine.countByDay(f)).get('2025-06-03')).toBe(1);
    // The writer bumps the closed month's version: June is counted again (the hidden row with it), July still comes from the cache.
    await write([{ title: 'Vellichor four', at: '2025-06-03T18:00:00Z' }], 'closed-late');
    const counts = await engine.countByDay(f);
    expect(counts).toEqual(
      new Map([
        ['2025-06-03', 3],
        ['2025-06-20', 1],
        ['2025-07-02', 1],
      ]),
    );
    const page = await engine.page(f, { field: 'pub_date', desc: true }, null, 2);
    expect(page.total).toBe(5);
    expect(page.rows.map((r) => r.title)).toEqual(['Vellichor three', 'Vellichor two']);
  });

  it('counts at most SEARCH_PARALLEL months at once, each on its own connection', async () => {
    const months = ['2024-03', '2024-04', '2024-05', '2024-06', '2024-07'];
    await write(
      months.map((m, i) => ({ title: `Quillwort ${i}`, at: `${m}-10T10:00:00Z` })),
      'parallel',
    );
    const search = createSearchDatabase(ctx.deps.pool, { timeoutMs: 30_000, max: 8 });
    const locker = new pg.Client({ connectionString: ctx.dbUrl });
    // Apart from the locker: inside its transaction pg_stat_activity would stay the snapshot of its first read.
    const observer = new pg.Client({ connectionString: ctx.dbUrl });
    await locker.connect();
    await observer.connect();
    try {
      // Every month's partition is locked: each count started waits, visibly, in pg_stat_activity.
      await locker.query('begin');
      for (const m of months) await locker.query(`lock table article_search_${m.replace('-', '_')} in access exclusive mode`);
      const engine = new SearchEngine(search.db, { parallel: 2, totalWaitMs: 1000 });
      const counted = engine.countByDay(filter('quillwort', '2024-03-01', '2024-08-01'));
      const waiting = async () =>
        Number(
          (
            await observer.query<{ n: string }>(
              `select count(*) as n from pg_stat_activity where datname = current_database() and application_name = 'coverwatch-search' and wait_event_type = 'Lock'`,
            )
          ).rows[0].n,
        );
      let seen = 0;
      for (let i = 0; i < 200 && seen < 2; i++) {
        seen = Math.max(seen, await waiting());
        await new Promise((r) => setTimeout(r, 25));
      }
      expect(seen).toBe(2);
      // However long it waits, no third month starts while two are running.
      for (let i = 0; i < 10; i++) {
        expect(await waiting()).toBeLessThanOrEqual(2);
        await new Promise((r) => setTimeout(r, 25));
      }
      await locker.query('rollback');
      const counts = await counted;
      expect([...counts.values()].reduce((s, n) => s + n, 0)).toBe(5);
    } finally {
      await locker.end();
      await observer.end();
      await search.close();
    }
  });
});
